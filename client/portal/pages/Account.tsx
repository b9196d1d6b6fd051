// The supplier's account: who is signed in, changing the password, and two-factor sign-in.
import { useTranslation } from "react-i18next";
import { PasswordForm } from "../../shared/PasswordForm.tsx";
import { TwoFactorPanel } from "../../shared/TwoFactorSetup.tsx";
import { session } from "../../shared/session.ts";
import { useStore } from "../../shared/store.ts";
import { Avatar } from "../../shared/ui.tsx";
import { Card } from "../parts.tsx";
import { usePageTitle } from "../../shared/pageTitle.ts";

export function Account() {
  const { t } = useTranslation();
  const user = useStore(session)!;
  usePageTitle(t("portal.account.password"));
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <section className="card flex items-center gap-3 p-4">
        <Avatar src={user.avatar} name={user.name} className="size-12 text-lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-500">
            {t("portal.account.signedInAs", { userName: user.userName })}
          </p>
        </div>
      </section>
      <Card title={t("portal.account.password")}>
        <div className="p-4">
          <PasswordForm />
        </div>
      </Card>
      <Card title={t("twoFactor.title")}>
        <div className="p-4">
          <TwoFactorPanel />
        </div>
      </Card>
    </div>
  );
}
