// Hooks of the hidden pages opened with ?id= (launch, result, award approval): the id they need,
// and closing their tab to go back to a list.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { message } from "../../shared/messages.ts";
import { closeTag, tags } from "../layout/tags.ts";
import { useView } from "../layout/view.ts";
import { HOME } from "../layout/route.ts";

/**
 * The hidden launch, result and approval pages need ?id=…; without one a warning shows, the tab closes and
 * the main page opens (spec §2, §8). Answers the id, or null while leaving.
 */
export function useRequiredId(): number | null {
  const { t } = useTranslation();
  const view = useView();
  const navigate = useNavigate();
  const raw = new URLSearchParams(view.search).get("id");
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const warned = useRef(false);
  useEffect(() => {
    if (id !== null || !view.active || warned.current) return;
    warned.current = true;
    message.warning(t("projectsPage.noId"));
    closeTag(view.path);
    navigate(HOME, { replace: true });
  }, [id, view.active, view.path]);
  return id;
}

/**
 * Closes this page's tab and goes back to the tab of `to` as it was left (its filters kept), or opens
 * `to` when no such tab is open (after publishing).
 */
export function useCloseAndGo() {
  const view = useView();
  const navigate = useNavigate();
  return (to: string) => {
    closeTag(view.path);
    navigate(tags.get().find((t) => t.path === to)?.fullPath ?? to);
  };
}
