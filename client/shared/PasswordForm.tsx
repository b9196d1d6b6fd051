// Changing one's own password: the back-office profile and the supplier portal both use it.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountApi } from "./accountApi.ts";
import { message } from "./messages.ts";
import { Spinner } from "./ui.tsx";
import { useAction } from "./useAction.ts";

export function PasswordForm() {
  const { t } = useTranslation();
  const empty = { currentPassword: "", newPassword: "", confirm: "" };
  const [form, setForm] = useState(empty);
  const [run, busy] = useAction();
  const [error, setError] = useState("");

  async function save(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!form.currentPassword || !form.newPassword) return setError(t("profile.passwordRequired"));
    if (form.newPassword !== form.confirm) return setError(t("profile.passwordMismatch"));
    await run(async () => {
      await accountApi.changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      setForm(empty);
      message.success(t("profile.passwordChanged"));
    });
  }

  const field = (k: keyof typeof form, label: string, auto: string) => (
    <div>
      <label className="label" htmlFor={`pw-${k}`}>{label}</label>
      <input
        id={`pw-${k}`}
        type="password"
        className="input"
        autoComplete={auto}
        value={form[k]}
        onChange={(e) => setForm({ ...form, [k]: e.target.value })}
      />
    </div>
  );

  return (
    <form onSubmit={save} className="max-w-md space-y-4">
      {field("currentPassword", t("profile.currentPassword"), "current-password")}
      {field("newPassword", t("profile.newPassword"), "new-password")}
      {field("confirm", t("profile.confirmPassword"), "new-password")}
      <p role="alert" className="min-h-5 text-sm text-red-600">{error}</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <Spinner className="size-4" />}
        {t("profile.changePassword")}
      </button>
    </form>
  );
}
