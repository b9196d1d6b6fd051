// The result page's price comparison: line items as rows, invited suppliers as columns, each price
// in CNY (the quoted price, currency and rate on hover), the lowest of each row highlighted, totals
// by yearly usage with each supplier's rank and the change from the first quote; the award in
// force, the award dialog and the .xlsx export; the proposal waiting for approval and the award
// trail are panels the shell hands in for the slot "comparison" (the approvals area).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../../shared/api.ts";
import { Spinner } from "../../../../shared/ui.tsx";
import { Badge, ExportButton } from "../../../components/index.ts";
import { Section } from "../../../components/Section.tsx";
import { type Approval, comparisonApi, type Matrix } from "./api.ts";
import { AwardDialog } from "./AwardDialog.tsx";
import { MatrixTable } from "./MatrixTable.tsx";
import { CostTermsPanel, ViewSwitch } from "./CostTerms.tsx";
import { ScenariosPanel } from "./ScenariosPanel.tsx";
import { formatTime } from "../../../../shared/time.ts";
import { SlotPanels } from "../../../layout/panels.tsx";

export function Comparison(
  { projectId, canAward, awardBlocked, mayPublish, onAwarded }: {
    projectId: number;
    /** Quoting has ended (and no round is open): the award can be recorded. */
    canAward: boolean;
    /** Why the award cannot be recorded yet although quoting has ended (a reverse auction runs). */
    awardBlocked?: string | null;
    mayPublish: boolean;
    onAwarded?: () => void;
  },
) {
  const { t } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`comparison.${k}`, p);
  const [m, setM] = useState<Matrix | null>(null);
  const [trail, setTrail] = useState<Approval[]>([]);
  const [error, setError] = useState("");
  const [awarding, setAwarding] = useState(false);
  const [view, setView] = useState<"price" | "total">("price");

  const load = (v = view) =>
    comparisonApi.matrix(projectId, v)
      .then((x) => {
        setM(x);
        setError("");
        return comparisonApi.approvals(projectId).then((r) => setTrail(r.items));
      })
      .catch((e) => setError(e instanceof ApiError ? e.message : String(e)));
  const pending = trail.find((a) => a.status === "pending");
  useEffect(() => {
    load();
  }, [projectId]);

  const name = (id: number | null) => m?.suppliers.find((s) => s.id === id)?.abbrName ?? "";

  return (
    <Section
      title={
        <span className="flex flex-wrap items-center gap-2">
          {c("title")}
          {m && (
            <Badge tone={m.project.linesRequired ? "blue" : "slate"}>
              {m.project.linesRequired ? c("linesRequired") : c("linesOptional")}
            </Badge>
          )}
        </span>
      }
      testId="comparison"
      extra={m && (
        <div className="flex flex-wrap gap-2">
          <ExportButton
            path={`/QMO/OfferProjectManager/ExportComparisonMatrix`}
            params={{ OffProId: projectId }}
            fileName={`${c("file")}-${m.project.code}.xlsx`}
            label={c("export")}
          />
          {mayPublish && canAward && !pending && (
            <span className="flex items-center gap-2">
              {awardBlocked && (
                <span
                  id="award-blocked"
                  className="max-w-xs text-xs text-amber-800"
                  data-testid="award-blocked"
                >
                  {awardBlocked}
                </span>
              )}
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setAwarding(true)}
                disabled={!!awardBlocked}
                title={awardBlocked ?? undefined}
                aria-describedby={awardBlocked ? "award-blocked" : undefined}
                data-testid="award-open"
              >
                {m.award ? t("awardPage.reaward") : t("awardPage.award")}
              </button>
            </span>
          )}
        </div>
      )}
    >
      {error
        ? <p className="text-sm text-slate-500" data-testid="comparison-error">{error}</p>
        : !m
        ? (
          <div className="flex justify-center py-6 text-primary">
            <Spinner />
          </div>
        )
        : (
          <div className="space-y-3">
            <AwardSummary m={m} name={name} canAward={canAward} />
            <SlotPanels slot="comparison" place="afterAward" props={{ approvals: trail }} />
            {m.rows.length === 0
              ? <p className="text-sm text-slate-400">{c("noItems")}</p>
              : !m.suppliers.some((s) => s.quoted)
              ? <p className="text-sm text-slate-400">{c("empty")}</p>
              : (
                <>
                  <ViewSwitch
                    view={view}
                    onChange={(v) => {
                      setView(v);
                      load(v);
                    }}
                  />
                  <MatrixTable m={m} mayAccept={mayPublish} onChanged={() => load()} />
                  <CostTermsPanel
                    m={m}
                    editable={mayPublish}
                    onChanged={() => load()}
                  />
                </>
              )}
            {mayPublish && canAward && m.suppliers.some((s) => s.quoted) && (
              <ScenariosPanel
                m={m}
                onAwarded={() => {
                  load();
                  onAwarded?.();
                }}
              />
            )}
            <SlotPanels slot="comparison" place="end" props={{ approvals: trail }} />
          </div>
        )}
      {m && awarding && (
        <AwardDialog
          m={m}
          onClose={() => setAwarding(false)}
          onDone={() => {
            setAwarding(false);
            load();
            onAwarded?.();
          }}
        />
      )}
    </Section>
  );
}

function AwardSummary(
  { m, name, canAward }: { m: Matrix; name: (id: number | null) => string; canAward: boolean },
) {
  const { t } = useTranslation();
  const a = m.award;
  if (!a) {
    return (
      <p className="text-sm text-slate-500" data-testid="award-summary">
        {t("awardPage.notYet")}
        {!canAward && <span className="ml-1 text-xs">{t("awardPage.cannotYet")}</span>}
      </p>
    );
  }
  return (
    <div
      className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200 ring-inset"
      data-testid="award-summary"
    >
      <p className="font-medium text-amber-900">
        {t("awardPage.current")}: {a.scope === "project"
          ? t("awardPage.wholeProject", { supplier: name(a.supplierId) })
          : a.supplierNames.join(", ")}
      </p>
      <p className="mt-0.5 text-amber-900/80">{a.reason}</p>
      <p className="mt-0.5 text-xs text-amber-800/70">
        {t("awardPage.awardedBy", { name: a.awardedByName ?? "", time: formatTime(a.awardedAt) })}
      </p>
    </div>
  );
}
