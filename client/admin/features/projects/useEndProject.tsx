// Ending a project's quoting by hand, after the confirmation: the project list's More menu and the
// result page offer it alike.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useConfirm } from "../../components/index.ts";
import { projectsApi } from "./api.ts";

/** `[element, end]`: render the element once; `end(p)` asks, ends, then calls `onDone`. */
export function useEndProject(
  onDone: () => void,
): [ReactNode, (p: { id: number; code: string }) => Promise<void>] {
  const { t } = useTranslation();
  const [confirmElement, confirm] = useConfirm();
  async function end(p: { id: number; code: string }) {
    const ok = await confirm({
      text: t("projectsPage.endConfirm", { code: p.code }),
      okLabel: t("projectsPage.end"),
    });
    if (!ok) return;
    try {
      await projectsApi.end(p.id);
      message.success(t("projectsPage.ended"));
      onDone();
    } catch { /* shown by the API client */ }
  }
  return [confirmElement, end];
}
