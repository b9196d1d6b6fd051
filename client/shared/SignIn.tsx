// The sign-in page of the back-office (/login) and the supplier portal (/portal/login): user name
// (trimmed) and password, the language, the reason a sign-in failed, and the way to a forgotten
// password. What happens after signing in is the caller's (staff and suppliers land on different
// pages).
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "./icons.tsx";
import type { UserInfo } from "./accountApi.ts";
import { loadUserInfo, signIn } from "./session.ts";
import { Spinner } from "./ui.tsx";
import { LanguageSelect } from "./LanguageSelect.tsx";
import { usePageTitle } from "./pageTitle.ts";
import type { Challenge } from "./twoFactorApi.ts";
import { TwoFactorStep } from "./TwoFactorStep.tsx";

/** Only same-site paths are followed after sign-in, never back to a sign-in page. */
export function safeRedirect(value: string | null, fallback = "/"): string {
  if (
    !value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/login") ||
    value.startsWith("/portal/login")
  ) {
    return fallback;
  }
  return value;
}

/**
 * The frame of the pages before signing in (sign-in, forgotten password, new password): the
 * language, the product's name, and the page's card.
 */
export function SignInFrame({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-screen items-center justify-center bg-slate-900 px-4">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,var(--color-primary-700),transparent_55%),radial-gradient(ellipse_at_bottom_right,#0f172a,transparent_60%)] opacity-90"
      />
      <div className="absolute right-4 top-4">
        <LanguageSelect />
      </div>
      <main className="relative w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-3 text-white">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary text-lg font-bold shadow-lg">
            Q
          </span>
          <div>
            <p className="text-lg font-semibold leading-tight">{t("app.title")}</p>
            <p className="text-xs text-slate-300">{subtitle ?? t("login.subtitle")}</p>
          </div>
        </div>
        {children}
        <p className="mt-6 text-center text-xs text-slate-400">{t("login.footer")}</p>
      </main>
    </div>
  );
}

export function SignIn(
  { onSignedIn, subtitle, forgotPath, other }: {
    /** Goes on once signed in; the page stays busy meanwhile. */
    onSignedIn: (info: UserInfo) => void;
    subtitle?: string;
    /** This sign-in page's "Forgot password" page. */
    forgotPath: string;
    /** Another way to sign in, below the form (the back-office's company account). */
    other?: ReactNode;
  },
) {
  const { t } = useTranslation();
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [challenge, setChallenge] = useState<Challenge>();

  usePageTitle(t("login.title"));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!userName.trim()) return setError(t("login.userNameRequired"));
    if (!password) return setError(t("login.passwordRequired"));
    setBusy(true);
    try {
      const pending = await signIn(userName, password);
      if (pending) {
        setChallenge(pending);
        return setBusy(false);
      }
      onSignedIn(await loadUserInfo());
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <SignInFrame subtitle={subtitle}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={async () => onSignedIn(await loadUserInfo())}
          onBack={() => {
            setChallenge(undefined);
            setPassword("");
          }}
        />
      </SignInFrame>
    );
  }

  return (
    <SignInFrame subtitle={subtitle}>
      <form onSubmit={submit} className="rounded-xl bg-white p-7 shadow-2xl" noValidate>
        <h1 className="text-xl font-semibold text-slate-900">{t("login.heading")}</h1>
        <p className="mb-5 mt-1 text-sm text-slate-500">{t("login.hint")}</p>
        <label className="label" htmlFor="login-user">{t("login.userName")}</label>
        <div className="relative mb-4">
          <Icon
            name="user"
            className="pointer-events-none absolute left-2.5 top-2 size-4 text-slate-400"
          />
          <input
            id="login-user"
            name="username"
            className="input h-9 pl-8"
            autoComplete="username"
            autoFocus
            value={userName}
            placeholder={t("login.userNamePlaceholder")}
            onChange={(e) => setUserName(e.target.value)}
          />
        </div>
        <label className="label" htmlFor="login-password">{t("login.password")}</label>
        <div className="relative mb-2">
          <Icon
            name="lock"
            className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-slate-400"
          />
          <input
            id="login-password"
            name="password"
            type={showPassword ? "text" : "password"}
            className="input h-9 pl-8 pr-9"
            autoComplete="current-password"
            value={password}
            placeholder={t("login.passwordPlaceholder")}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button
            type="button"
            className="absolute right-1 top-0.5 icon-btn"
            aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((v) => !v)}
          >
            <Icon name={showPassword ? "eyeOff" : "eye"} />
          </button>
        </div>
        <p role="alert" className="min-h-5 text-sm text-red-600">{error}</p>
        <button type="submit" className="btn btn-primary mt-2 h-9 w-full" disabled={busy}>
          {busy && <Spinner className="size-4" />}
          {t("login.submit")}
        </button>
        <p className="mt-4 text-center text-sm">
          <Link to={forgotPath} className="text-primary-700 hover:underline">
            {t("login.forgotPassword")}
          </Link>
        </p>
        {other}
      </form>
    </SignInFrame>
  );
}
