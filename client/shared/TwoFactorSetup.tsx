// Enrolling an authenticator app (the QR code, the secret as text, a first code, then the ten
// recovery codes shown once), and the account page's panel for one's own two-factor sign-in; the
// back-office profile, the portal's account page and a sign-in that must enrol all use them.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "./messages.ts";
import { Spinner } from "./ui.tsx";
import { type Enrolment, twoFactorApi, type TwoFactorStatus } from "./twoFactorApi.ts";

/** A code field: six digits from the app, or (where allowed) a recovery code. */
export function CodeField(
  { id, label, value, onChange, error, recovery = false }: {
    id: string;
    label: string;
    value: string;
    onChange: (v: string) => void;
    error: string;
    recovery?: boolean;
  },
) {
  const { t } = useTranslation();
  return (
    <div>
      <label className="label" htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        className="input h-9 max-w-60 font-mono tracking-widest"
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        maxLength={recovery ? 16 : 8}
        placeholder={recovery ? "xxxxx-xxxxx" : t("twoFactor.codePlaceholder")}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-error`} role="alert" className="min-h-5 text-sm text-red-600">{error}</p>
    </div>
  );
}

/** The ten recovery codes, shown once, and the button that goes on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="recovery-codes">
      <h3 className="text-sm font-semibold text-slate-900">{t("twoFactor.recoveryTitle")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("twoFactor.recoveryHint")}</p>
      <ul className="my-3 grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900">
        {codes.map((c) => <li key={c}>{c}</li>)}
      </ul>
      <button type="button" className="btn btn-primary" onClick={onDone} autoFocus>
        {t("twoFactor.kept")}
      </button>
    </div>
  );
}

/**
 * Enrols an authenticator: `begin` answers the secret, `confirm` takes the first code and answers
 * the recovery codes; `onDone` once they have been shown.
 */
export function EnrolForm(
  { begin, confirm, onDone, onCancel }: {
    begin: () => Promise<Enrolment>;
    confirm: (code: string) => Promise<string[]>;
    onDone: () => void;
    onCancel?: () => void;
  },
) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    begin().then(setEnrolment, (err: Error) => setError(err.message));
  }, [begin]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!code.trim()) return setError(t("twoFactor.codeRequired"));
    setBusy(true);
    try {
      setCodes(await confirm(code.trim()));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!enrolment) {
    return error
      ? <p role="alert" className="text-sm text-red-600">{error}</p>
      : <Spinner className="size-5 text-primary" />;
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="two-factor-enrol">
      <p className="text-sm text-slate-600">{t("twoFactor.scan")}</p>
      <img
        src={enrolment.qrCode}
        alt={t("twoFactor.qrAlt")}
        className="size-44 rounded-md border border-slate-200 bg-white"
      />
      <div>
        <p className="text-xs text-slate-500">{t("twoFactor.secret")}</p>
        <code
          className="break-all font-mono text-sm text-slate-900"
          data-testid="two-factor-secret"
        >
          {enrolment.secret}
        </code>
      </div>
      <CodeField
        id="two-factor-enrol-code"
        label={t("twoFactor.code")}
        value={code}
        onChange={setCode}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <Spinner className="size-4" />}
          {t("twoFactor.confirm")}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-default" onClick={onCancel}>
            {t("twoFactor.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}

const beginOwn = () => twoFactorApi.begin();
const confirmOwn = async (code: string) => (await twoFactorApi.confirm(code)).recoveryCodes;

/** One's own two-factor sign-in on the account page: its state, enrolling, turning it off. */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    twoFactorApi.status().then(setStatus, () => {});
  }, []);
  useEffect(load, [load]);

  async function turnOff(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!code.trim()) return setError(t("twoFactor.codeRequired"));
    setBusy(true);
    try {
      await twoFactorApi.turnOff(code.trim());
      setCode("");
      message.success(t("twoFactor.turnedOff"));
      load();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (!status) return <Spinner className="size-5 text-primary" />;
  return (
    <div className="max-w-md space-y-3" data-testid="two-factor-panel">
      <p className="text-sm text-slate-800" data-testid="two-factor-state">
        {status.enrolled ? t("twoFactor.on") : t("twoFactor.off")}
      </p>
      {status.required && <p className="text-sm text-amber-800">{t("twoFactor.requiredHint")}</p>}
      {status.enrolled && (
        <p className="text-sm text-slate-600">
          {t("twoFactor.recoveryLeft", { count: status.recoveryCodesLeft })}
        </p>
      )}
      {!status.enrolled && !enrolling && (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setEnrolling(true)}
        >
          {t("twoFactor.start")}
        </button>
      )}
      {!status.enrolled && enrolling && (
        <EnrolForm
          begin={beginOwn}
          confirm={confirmOwn}
          onCancel={() => setEnrolling(false)}
          onDone={() => {
            setEnrolling(false);
            message.success(t("twoFactor.turnedOn"));
            load();
          }}
        />
      )}
      {status.enrolled && !status.required && (
        <form onSubmit={turnOff} noValidate className="space-y-2 border-t border-slate-100 pt-3">
          <p className="text-sm text-slate-600">{t("twoFactor.turnOffHint")}</p>
          <CodeField
            id="two-factor-off-code"
            label={t("twoFactor.code")}
            value={code}
            onChange={setCode}
            error={error}
            recovery
          />
          <button type="submit" className="btn btn-default" disabled={busy}>
            {busy && <Spinner className="size-4" />}
            {t("twoFactor.turnOff")}
          </button>
        </form>
      )}
    </div>
  );
}
