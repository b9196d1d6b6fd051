// The second step of the sign-in pages (back-office and portal) after a right password: a code from
// the authenticator app (or a recovery code), or, where one is required and none is set up yet,
// enrolling an authenticator app there and then.
import { type FormEvent, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepToken } from "./session.ts";
import { Spinner } from "./ui.tsx";
import { type Challenge, twoFactorApi } from "./twoFactorApi.ts";
import { CodeField, EnrolForm } from "./TwoFactorSetup.tsx";

export function TwoFactorStep(
  { challenge, onSignedIn, onBack }: {
    challenge: Challenge;
    /** The token is kept: go on as after a password. */
    onSignedIn: () => void;
    onBack: () => void;
  },
) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-white p-7 shadow-2xl" data-testid="two-factor-step">
      <h1 className="text-xl font-semibold text-slate-900">
        {challenge.twoFactor === "enrol" ? t("twoFactor.enrolHeading") : t("twoFactor.title")}
      </h1>
      {challenge.twoFactor === "enrol"
        ? <EnrolAtSignIn challenge={challenge.challenge} onSignedIn={onSignedIn} />
        : <CodeAtSignIn challenge={challenge.challenge} onSignedIn={onSignedIn} />}
      <p className="mt-4 text-center text-sm">
        <button type="button" className="text-primary-700 hover:underline" onClick={onBack}>
          {t("twoFactor.backToSignIn")}
        </button>
      </p>
    </div>
  );
}

function CodeAtSignIn({ challenge, onSignedIn }: { challenge: string; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!code.trim()) return setError(t("twoFactor.codeRequired"));
    setBusy(true);
    try {
      keepToken((await twoFactorApi.signInWithCode(challenge, code.trim())).accessToken);
      onSignedIn();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-4 mt-1 text-sm text-slate-500">
        {recovery ? t("twoFactor.recoveryStepHint") : t("twoFactor.stepHint")}
      </p>
      <CodeField
        key={recovery ? "recovery" : "app"}
        id="login-code"
        label={recovery ? t("twoFactor.recoveryCode") : t("twoFactor.code")}
        value={code}
        onChange={setCode}
        error={error}
        recovery={recovery}
      />
      <button type="submit" className="btn btn-primary mt-2 h-9 w-full" disabled={busy}>
        {busy && <Spinner className="size-4" />}
        {t("twoFactor.verify")}
      </button>
      <p className="mt-3 text-center text-sm">
        <button
          type="button"
          className="text-primary-700 hover:underline"
          onClick={() => {
            setRecovery((v) => !v);
            setCode("");
            setError("");
          }}
        >
          {recovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
        </button>
      </p>
    </form>
  );
}

function EnrolAtSignIn({ challenge, onSignedIn }: { challenge: string; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [token, setToken] = useState("");
  const begin = useCallback(() => twoFactorApi.beginAtSignIn(challenge), [challenge]);
  const confirm = useCallback(async (code: string) => {
    const r = await twoFactorApi.confirmAtSignIn(challenge, code);
    setToken(r.accessToken);
    return r.recoveryCodes;
  }, [challenge]);
  return (
    <div className="mt-1 space-y-3">
      <p className="text-sm text-slate-500">{t("twoFactor.enrolHint")}</p>
      <EnrolForm
        begin={begin}
        confirm={confirm}
        onDone={() => {
          keepToken(token);
          onSignedIn();
        }}
      />
    </div>
  );
}
