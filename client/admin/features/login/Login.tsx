// Sign-in (spec §2, §5): the user name is trimmed; a signed-in user goes to the root path; after
// signing in, staff land on the wanted page and suppliers on the wanted portal page (or its start).
// A reset link's page signs in the same way.
import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { getToken } from "../../../shared/auth.ts";
import type { UserInfo } from "../../../shared/accountApi.ts";
import { safeRedirect, SignIn } from "../../../shared/SignIn.tsx";
import { ResetPassword } from "../../../shared/PasswordReset.tsx";
import { resetTags } from "../../layout/tags.ts";
import { CompanySignIn } from "./CompanySignIn.tsx";

/** Where a user goes once signed in here: staff to `redirect`, suppliers to the portal. */
function useGoOn(redirect: string) {
  const navigate = useNavigate();
  return (info: UserInfo) => {
    resetTags();
    if (info.kind === "supplier") {
      // A supplier sent here from a portal page (an email link, a timed-out session) goes back.
      return globalThis.location.assign(redirect.startsWith("/portal") ? redirect : "/portal");
    }
    navigate(redirect, { replace: true });
  };
}

export default function Login() {
  const redirect = safeRedirect(new URLSearchParams(useLocation().search).get("redirect"));
  const goOn = useGoOn(redirect);
  // Signed in at the first render: elsewhere; signing in here goes on by onSignedIn.
  const [signedIn] = useState(() => !!getToken());
  if (signedIn) return <Navigate to="/" replace />;
  return (
    <SignIn
      forgotPath="/forgot-password"
      onSignedIn={goOn}
      other={<CompanySignIn redirect={redirect} />}
    />
  );
}

/** The page a staff member's reset link opens: a new password, then the back-office. */
export function ResetPasswordPage() {
  const goOn = useGoOn("/");
  return <ResetPassword forgotPath="/forgot-password" signInPath="/login" onSignedIn={goOn} />;
}
