// Session routing (spec §2): public pages, the guard that loads the user, and the main layout.
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BrowserRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from "react-router";
import { setUnauthorizedHandler } from "../shared/api.ts";
import { getToken } from "../shared/auth.ts";
import { message } from "../shared/messages.ts";
import { loadUserInfo, loginUrl, resetSession, session } from "../shared/session.ts";
import { useStore } from "../shared/store.ts";
import { FullPageSpinner, Messages } from "../shared/ui.tsx";
import { usePageTitle } from "../shared/pageTitle.ts";
import { refreshTag } from "./layout/tags.ts";
import Login, { ResetPasswordPage } from "./features/login/Login.tsx";
import { ForgotPassword } from "../shared/PasswordReset.tsx";
import NotFound from "./features/error/NotFound.tsx";
import Unauthorized from "./features/error/Unauthorized.tsx";
import { HOME } from "./layout/route.ts";

// The signed-in shell (menus, tabs, Headless UI) loads after sign-in, not with the sign-in page.
const Layout = lazy(() => import("./layout/Layout.tsx").then((m) => ({ default: m.Layout })));

export function App() {
  return (
    <BrowserRouter>
      <Messages />
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/forgot-password" element={<ForgotPassword signInPath="/login" />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/auth-redirect" element={<AuthRedirect />} />
        <Route
          path="/404"
          element={
            <PublicPage title="shell.notFound.title">
              <NotFound />
            </PublicPage>
          }
        />
        <Route
          path="/401"
          element={
            <PublicPage title="shell.unauthorized.title">
              <Unauthorized />
            </PublicPage>
          }
        />
        <Route path="/redirect/*" element={<RefreshRedirect />} />
        <Route path="/" element={<Navigate to={HOME} replace />} />
        <Route
          path="*"
          element={
            <RequireAuth>
              <Suspense fallback={<FullPageSpinner />}>
                <Layout />
              </Suspense>
            </RequireAuth>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}

function PublicPage({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t(title));
  return <main className="min-h-screen bg-slate-50">{children}</main>;
}

/** Loads the user for a token; without one, or when it has expired, back to sign-in. */
function RequireAuth({ children }: { children: React.ReactNode }) {
  const user = useStore(session);
  const loc = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const wanted = loc.pathname + loc.search;
  const [token] = useState(getToken);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      resetSession();
      navigate(loginUrl(globalThis.location.pathname + globalThis.location.search), {
        replace: true,
      });
    });
  }, [navigate]);

  useEffect(() => {
    if (!token || user) return;
    let cancelled = false;
    loadUserInfo().then((info) => {
      if (info.kind === "supplier") globalThis.location.replace("/portal");
    }).catch((err) => {
      // A 401 has already reset the session and gone to sign-in (the unauthorized handler), which
      // may unmount this effect first: the reason is still told.
      if (cancelled) {
        if (err?.status === 401) message.error(err.message);
        return;
      }
      resetSession();
      message.error(
        err?.status === 401 ? err.message : (err?.message || t("shell.userInfoFailed")),
      );
      navigate(loginUrl(wanted), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [token, user]);

  if (!token || !getToken()) return <Navigate to={loginUrl(wanted)} replace />;
  if (!user || user.kind === "supplier") return <FullPageSpinner />;
  return <>{children}</>;
}

/** /auth-redirect: forwards a signed-in user to the wanted page, others to sign-in. */
function AuthRedirect() {
  const params = new URLSearchParams(useLocation().search);
  const target = params.get("redirect") ?? "/";
  return <Navigate to={getToken() ? target : loginUrl(target)} replace />;
}

/** /redirect/<path>: re-mounts the page at <path> (the tab's "refresh"). */
function RefreshRedirect() {
  const rest = useParams()["*"] ?? "";
  const { search } = useLocation();
  const path = "/" + rest;
  useEffect(() => refreshTag(path), [path]);
  return <Navigate to={path + search} replace />;
}
