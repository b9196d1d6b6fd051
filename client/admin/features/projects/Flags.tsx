// An asset project's flags — whether bidding, monthly purchase, demand from the asset system — as
// badges beside its name (lists, page titles) and as read-only fields of its header.
import { useTranslation } from "react-i18next";
import { Badge } from "../../components/index.ts";
import type { Project } from "./api.ts";
import { Field } from "../../components/Section.tsx";

type Flags = Pick<Project, "isBidding" | "monthlyPurchase" | "fromAms">;

/** The flags that are on, as badges; nothing when none is. */
export function ProjectBadges(
  { project: p, className = "ml-1.5 inline-flex" }: { project: Flags; className?: string },
) {
  const { t } = useTranslation();
  if (!p.isBidding && !p.monthlyPurchase && !p.fromAms) return null;
  return (
    <span className={`${className} flex-wrap gap-1 align-middle`} data-testid="project-badges">
      {p.isBidding && (
        <span data-badge="isBidding">
          <Badge tone="green">{t("projectsPage.badgeBidding")}</Badge>
        </span>
      )}
      {p.monthlyPurchase && (
        <span data-badge="monthlyPurchase">
          <Badge tone="amber">{t("projectsPage.badgeMonthly")}</Badge>
        </span>
      )}
      {p.fromAms && (
        <span data-badge="fromAms">
          <Badge tone="blue">{t("projectsPage.badgeFromAms")}</Badge>
        </span>
      )}
    </span>
  );
}

/** The flags as header fields of the publish and result pages (asset projects). */
export function FlagFields({ project: p }: { project: Flags }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`projects.fields.${k}`);
  const yesNo = (v: boolean) => (v ? t("ui.yes") : t("ui.no"));
  return (
    <>
      <Field label={f("isBidding")}>
        <span data-testid="flag-isBidding">{yesNo(p.isBidding)}</span>
      </Field>
      <Field label={f("monthlyPurchase")}>
        <span data-testid="flag-monthlyPurchase">{yesNo(p.monthlyPurchase)}</span>
      </Field>
      <Field label={f("fromAms")}>
        <span data-testid="flag-fromAms">
          {p.fromAms ? t("projectsPage.fromAmsYes") : t("projectsPage.fromAmsNo")}
        </span>
      </Field>
    </>
  );
}
