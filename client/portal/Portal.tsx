// The supplier portal's entry: its own sign-in page (light: the project pages load only after
// signing in), and the guard of every other page (suppliers only; staff go back to the back-office).
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { setUnauthorizedHandler } from "../shared/api.ts";
import { getToken } from "../shared/auth.ts";
import { loadUserInfo, PORTAL_LOGIN, resetSession, session } from "../shared/session.ts";
import { safeRedirect, SignIn } from "../shared/SignIn.tsx";
import { ForgotPassword, ResetPassword } from "../shared/PasswordReset.tsx";
import type { UserInfo } from "../shared/accountApi.ts";
import { useStore } from "../shared/store.ts";
import { FullPageSpinner, Messages } from "../shared/ui.tsx";

/** The portal's sign-in, with the wanted portal page to come back to. */
const loginUrl = (wanted: string) =>
  wanted && wanted !== "/portal"
    ? `${PORTAL_LOGIN}?redirect=${encodeURIComponent(wanted)}`
    : PORTAL_LOGIN;

const Shell = lazy(() => import("./Shell.tsx"));

const PORTAL_FORGOT = "/portal/forgot-password";

export function Portal() {
  const { t } = useTranslation();
  return (
    <BrowserRouter>
      <Messages />
      <Routes>
        <Route path={PORTAL_LOGIN} element={<Login />} />
        <Route
          path={PORTAL_FORGOT}
          element={<ForgotPassword signInPath={PORTAL_LOGIN} subtitle={t("portal.title")} />}
        />
        <Route path="/portal/reset-password" element={<ResetPasswordPage />} />
        <Route
          path="*"
          element={
            <RequireSupplier>
              <Suspense fallback={<FullPageSpinner />}>
                <Shell />
              </Suspense>
            </RequireSupplier>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}

/** Where a user goes once signed in here: suppliers to `redirect`, staff to the back-office. */
function useGoOn(redirect: string) {
  const navigate = useNavigate();
  return (info: UserInfo) => {
    if (info.kind !== "supplier") return location.assign("/");
    navigate(redirect, { replace: true });
  };
}

function Login() {
  const { t } = useTranslation();
  const wanted = new URLSearchParams(useLocation().search).get("redirect");
  const redirect = safeRedirect(wanted?.startsWith("/portal") ? wanted : null, "/portal");
  const goOn = useGoOn(redirect);
  const [signedIn] = useState(() => !!getToken());
  if (signedIn) return <Navigate to={redirect} replace />;
  return <SignIn subtitle={t("portal.title")} forgotPath={PORTAL_FORGOT} onSignedIn={goOn} />;
}

/** The page a supplier's reset link opens: a new password, then the portal. */
function ResetPasswordPage() {
  const { t } = useTranslation();
  const goOn = useGoOn("/portal");
  return (
    <ResetPassword
      subtitle={t("portal.title")}
      forgotPath={PORTAL_FORGOT}
      signInPath={PORTAL_LOGIN}
      onSignedIn={goOn}
    />
  );
}

/** Loads the supplier for a token; without one, or when it has expired, to the sign-in page. */
function RequireSupplier({ children }: { children: React.ReactNode }) {
  const user = useStore(session);
  const navigate = useNavigate();
  const loc = useLocation();
  const wanted = loc.pathname + loc.search;
  // Just signed in here: the user is loaded already.
  const [ready, setReady] = useState(() => user?.kind === "supplier");
  const token = getToken();

  useEffect(() => {
    if (!token) return;
    setUnauthorizedHandler(() => {
      resetSession();
      navigate(loginUrl(location.pathname + location.search), { replace: true });
    });
    if (ready) return;
    loadUserInfo().then((info) => {
      if (info.kind !== "supplier") return location.replace("/");
      setReady(true);
    }).catch(() => {
      resetSession();
      navigate(loginUrl(wanted), { replace: true });
    });
  }, [token]);

  if (!token) return <Navigate to={loginUrl(wanted)} replace />;
  if (!ready || !user) return <FullPageSpinner />;
  return <>{children}</>;
}
