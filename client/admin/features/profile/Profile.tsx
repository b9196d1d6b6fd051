// The user's own profile: name, avatar, introduction, email, password, and two-factor sign-in.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { loadUserInfo, session } from "../../../shared/session.ts";
import { useStore } from "../../../shared/store.ts";
import { PasswordForm } from "../../../shared/PasswordForm.tsx";
import { TwoFactorPanel } from "../../../shared/TwoFactorSetup.tsx";
import { Avatar, Spinner } from "../../../shared/ui.tsx";
import { useAction } from "../../../shared/useAction.ts";
import { roleDisplayName } from "../../components/roleName.ts";
import { profileApi } from "./api.ts";

export default function Profile() {
  const { t } = useTranslation();
  const user = useStore(session)!;
  return (
    <div className="grid gap-4 lg:grid-cols-[300px_1fr]">
      <section className="card p-5" aria-labelledby="profile-about">
        <h2 id="profile-about" className="mb-4 text-sm font-semibold text-slate-900">
          {t("profile.about")}
        </h2>
        <div className="flex flex-col items-center text-center">
          <Avatar src={user.avatar} name={user.name} className="size-20 text-2xl" />
          <p className="mt-3 font-semibold text-slate-900" data-testid="profile-name">
            {user.name}
          </p>
          <p className="text-sm text-slate-500">{user.userName}</p>
          <div className="mt-2 flex flex-wrap justify-center gap-1.5">
            {user.roleNames.map((r) => (
              <span
                key={r}
                className="rounded-full bg-primary-50 px-2 py-0.5 text-xs text-primary-700"
              >
                {roleDisplayName(t, { name: r })}
              </span>
            ))}
          </div>
        </div>
        <dl className="mt-5 space-y-3 border-t border-slate-100 pt-4 text-sm">
          <div>
            <dt className="text-xs text-slate-500">{t("profile.email")}</dt>
            <dd className="text-slate-800">{user.emailAddress || "—"}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t("profile.introduction")}</dt>
            <dd className="whitespace-pre-line text-slate-800">{user.introduction || "—"}</dd>
          </div>
        </dl>
      </section>
      <section className="card p-5">
        <TabGroup>
          <TabList className="mb-5 flex gap-4 border-b border-slate-200">
            {[t("profile.account"), t("profile.password"), t("twoFactor.title")].map((label) => (
              <Tab
                key={label}
                className="-mb-px border-b-2 border-transparent px-1 pb-2 text-sm text-slate-500 outline-none data-hover:text-slate-800 data-selected:border-primary data-selected:font-medium data-selected:text-primary data-focus:ring-2 data-focus:ring-primary-200"
              >
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel>
              <AccountForm />
            </TabPanel>
            <TabPanel>
              <PasswordForm />
            </TabPanel>
            <TabPanel>
              <TwoFactorPanel />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </section>
    </div>
  );
}

function AccountForm() {
  const { t } = useTranslation();
  const user = useStore(session)!;
  const [form, setForm] = useState({
    name: user.name,
    avatar: user.avatar ?? "",
    introduction: user.introduction ?? "",
    emailAddress: user.emailAddress ?? "",
  });
  const [run, busy] = useAction();
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!form.name.trim()) return message.error(t("profile.nameRequired"));
    await run(async () => {
      await profileApi.update(form);
      await loadUserInfo();
      message.success(t("shell.saved"));
    });
  }

  return (
    <form onSubmit={save} className="max-w-xl space-y-4">
      <div>
        <label className="label" htmlFor="profile-name-input">{t("profile.name")}</label>
        <input
          id="profile-name-input"
          className="input"
          value={form.name}
          onChange={set("name")}
          maxLength={64}
          required
        />
      </div>
      <div>
        <label className="label" htmlFor="profile-email">{t("profile.email")}</label>
        <input
          id="profile-email"
          type="email"
          className="input"
          value={form.emailAddress}
          onChange={set("emailAddress")}
        />
      </div>
      <div>
        <label className="label" htmlFor="profile-avatar">{t("profile.avatar")}</label>
        <div className="flex items-center gap-3">
          <Avatar src={form.avatar || null} name={form.name} className="size-8 text-sm" />
          <input
            id="profile-avatar"
            className="input"
            value={form.avatar}
            onChange={set("avatar")}
            placeholder="https://…"
            maxLength={1024}
          />
        </div>
        <p className="mt-1 text-xs text-slate-500">{t("profile.avatarHint")}</p>
      </div>
      <div>
        <label className="label" htmlFor="profile-intro">{t("profile.introduction")}</label>
        <textarea
          id="profile-intro"
          className="input"
          rows={4}
          value={form.introduction}
          onChange={set("introduction")}
          maxLength={1000}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <Spinner className="size-4" />}
        {t("shell.save")}
      </button>
    </form>
  );
}
