// Sign-in (spec §2, §5): the user name is trimmed; a signed-in user goes to the root path; after
// signing in, staff land on the wanted page and suppliers on the wanted portal page (or its start).
import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { getToken } from "../../../shared/auth.ts";
import { safeRedirect, SignIn } from "../../../shared/SignIn.tsx";
import { resetTags } from "../../layout/tags.ts";

export default function Login() {
  const navigate = useNavigate();
  const redirect = safeRedirect(new URLSearchParams(useLocation().search).get("redirect"));
  // Signed in at the first render: elsewhere; signing in here goes on by onSignedIn.
  const [signedIn] = useState(() => !!getToken());
  if (signedIn) return <Navigate to="/" replace />;
  return (
    <SignIn
      onSignedIn={(info) => {
        resetTags();
        if (info.kind === "supplier") {
          // A supplier sent here from a portal page (an email link, a timed-out session) goes back.
          return globalThis.location.assign(redirect.startsWith("/portal") ? redirect : "/portal");
        }
        navigate(redirect, { replace: true });
      }}
    />
  );
}
