// A forgotten password, on the back-office and on the portal alike: asking for a link by email
// (/forgot-password, /portal/forgot-password), and the page the link opens (/reset-password,
// /portal/reset-password), which sets the new password and signs in. What happens after signing in
// is the caller's, as for SignIn.
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { accountApi, type UserInfo } from "./accountApi.ts";
import { ApiError } from "./api.ts";
import { Icon } from "./icons.tsx";
import { message } from "./messages.ts";
import { usePageTitle } from "./pageTitle.ts";
import { loadUserInfo, resetPasswordAndSignIn } from "./session.ts";
import { SignInFrame } from "./SignIn.tsx";
import { Spinner } from "./ui.tsx";
import type { Challenge } from "./twoFactorApi.ts";
import { TwoFactorStep } from "./TwoFactorStep.tsx";

const card = "rounded-xl bg-white p-7 shadow-2xl";

function BackToSignIn({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <p className="mt-4 text-center text-sm">
      <Link to={to} className="text-primary-700 hover:underline">
        {t("passwordReset.backToSignIn")}
      </Link>
    </p>
  );
}

/** Asks for a link; the answer reads the same whether or not the account exists. */
export function ForgotPassword(
  { signInPath, subtitle }: { signInPath: string; subtitle?: string },
) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [sentTo, setSentTo] = useState("");
  usePageTitle(t("passwordReset.title"));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!name.trim()) return setError(t("login.userNameRequired"));
    setBusy(true);
    try {
      await accountApi.sendResetLink(name);
      setSentTo(name.trim());
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignInFrame subtitle={subtitle}>
      <form onSubmit={submit} className={card} noValidate>
        <h1 className="text-xl font-semibold text-slate-900">{t("passwordReset.heading")}</h1>
        {sentTo
          ? (
            <p role="status" className="mt-3 flex gap-2 text-sm text-slate-700">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-primary-700" />
              <span>{t("passwordReset.sent", { name: sentTo })}</span>
            </p>
          )
          : (
            <>
              <p className="mb-5 mt-1 text-sm text-slate-500">{t("passwordReset.hint")}</p>
              <label className="label" htmlFor="reset-user">{t("login.userName")}</label>
              <input
                id="reset-user"
                name="username"
                className="input h-9"
                autoComplete="username"
                autoFocus
                value={name}
                placeholder={t("login.userNamePlaceholder")}
                onChange={(e) => {
                  setName(e.target.value);
                  setError("");
                }}
              />
              <p role="alert" className="mt-2 min-h-5 text-sm text-red-600">{error}</p>
              <button type="submit" className="btn btn-primary mt-2 h-9 w-full" disabled={busy}>
                {busy && <Spinner className="size-4" />}
                {t("passwordReset.submit")}
              </button>
            </>
          )}
        <BackToSignIn to={signInPath} />
      </form>
    </SignInFrame>
  );
}

/**
 * The page a reset link opens: says whose password it sets (or that the link no longer works), takes
 * the new password twice, and signs in with it.
 */
export function ResetPassword(
  { onSignedIn, forgotPath, signInPath, subtitle }: {
    onSignedIn: (info: UserInfo) => void;
    forgotPath: string;
    signInPath: string;
    subtitle?: string;
  },
) {
  const { t } = useTranslation();
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const navigate = useNavigate();
  const [account, setAccount] = useState<string | null>();
  const [form, setForm] = useState({ newPassword: "", confirm: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [challenge, setChallenge] = useState<Challenge>();
  usePageTitle(t("passwordReset.newTitle"));

  useEffect(() => {
    if (!token) return setAccount(null);
    accountApi.checkResetLink(token).then((r) => setAccount(r.userName))
      .catch((err) => {
        setAccount(null);
        // A failure other than the link's own (the network) is told as it is.
        if (!(err instanceof ApiError && err.status === 400)) setError((err as Error).message);
      });
  }, [token]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!form.newPassword) return setError(t("passwordReset.newPasswordRequired"));
    if (form.newPassword !== form.confirm) return setError(t("profile.passwordMismatch"));
    setBusy(true);
    try {
      const pending = await resetPasswordAndSignIn(token, form.newPassword);
      if (pending) return setChallenge(pending);
      message.success(t("passwordReset.changed"));
      onSignedIn(await loadUserInfo());
    } catch (err) {
      const linkGone = err instanceof ApiError &&
        err.body?.validationErrors?.some((v) => v.members.includes("token"));
      if (linkGone) setAccount(null);
      else setError((err as Error).message);
      setBusy(false);
    }
  }

  const field = (k: keyof typeof form, label: string) => (
    <div className="mb-4">
      <label className="label" htmlFor={`reset-${k}`}>{label}</label>
      <input
        id={`reset-${k}`}
        type="password"
        className="input h-9"
        autoComplete="new-password"
        autoFocus={k === "newPassword"}
        value={form[k]}
        onChange={(e) => {
          setForm({ ...form, [k]: e.target.value });
          setError("");
        }}
      />
    </div>
  );

  if (challenge) {
    return (
      <SignInFrame subtitle={subtitle}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={async () => onSignedIn(await loadUserInfo())}
          onBack={() => navigate(signInPath)}
        />
      </SignInFrame>
    );
  }

  return (
    <SignInFrame subtitle={subtitle}>
      <form onSubmit={submit} className={card} noValidate>
        <h1 className="text-xl font-semibold text-slate-900">{t("passwordReset.newTitle")}</h1>
        {account === undefined
          ? (
            <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-500">
              <Spinner className="size-4" />
              {t("passwordReset.checking")}
            </p>
          )
          : account === null
          ? (
            <>
              <p role="alert" className="mt-3 text-sm text-red-600">
                {error || t("passwordReset.linkInvalid")}
              </p>
              <Link to={forgotPath} className="btn btn-primary mt-4 h-9 w-full">
                {t("passwordReset.askAgain")}
              </Link>
            </>
          )
          : (
            <>
              <p className="mb-5 mt-1 text-sm text-slate-500">
                {t("passwordReset.newHint", { userName: account })}
              </p>
              {/* For password managers: whose password this is. */}
              <input type="hidden" autoComplete="username" value={account} readOnly />
              {field("newPassword", t("profile.newPassword"))}
              {field("confirm", t("profile.confirmPassword"))}
              <p role="alert" className="min-h-5 text-sm text-red-600">{error}</p>
              <button type="submit" className="btn btn-primary mt-2 h-9 w-full" disabled={busy}>
                {busy && <Spinner className="size-4" />}
                {t("passwordReset.save")}
              </button>
            </>
          )}
        <BackToSignIn to={signInPath} />
      </form>
    </SignInFrame>
  );
}
