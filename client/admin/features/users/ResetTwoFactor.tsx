// Users › reset a user's two-factor sign-in (a lost phone): asked first, then the user is emailed.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../shared/api.ts";
import { message } from "../../../shared/messages.ts";
import { useConfirm } from "../../components/index.ts";
import { USERS } from "./api.ts";

/**
 * The confirmation's element (mounted only while it asks, beside the page's other confirmations)
 * and the action for a row.
 */
export function useResetTwoFactor(): [ReactNode, (user: { id: number; name: string }) => void] {
  const { t } = useTranslation();
  const [confirmElement, confirm] = useConfirm();
  const [asking, setAsking] = useState(false);
  async function reset(user: { id: number; name: string }) {
    setAsking(true);
    const ok = await confirm({
      title: t("twoFactor.reset"),
      text: t("twoFactor.resetConfirm", { name: user.name }),
      okLabel: t("twoFactor.reset"),
      danger: true,
    }).finally(() => setAsking(false));
    if (!ok) return;
    try {
      await api.post(`${USERS}/ResetTwoFactor`, { id: user.id }, { silent: true });
      message.success(t("twoFactor.resetDone"));
    } catch (err) {
      message.error((err as Error).message);
    }
  }
  return [asking ? confirmElement : null, reset];
}
