// The requirement number of an asset project, with "Import from AMS": the asset system's open
// demands in a searchable list (a demand a project already uses is shown as such and cannot be
// chosen); choosing one fills the requirement number, equipment name and estimated amount and marks
// the project as from AMS. A failure is shown in the list and changes nothing.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../shared/icons.tsx";
import { Badge, DataTable, Field, inputClass, RowAction } from "../../components/index.ts";
import { type Demand, projectsApi } from "./api.ts";

type DemandFields = "demandCode" | "equipmentName" | "estimatedAmount";

/** Once the server says the asset system is not connected (no AMS_URL), the button says so for the session. */
let notConnected = false;

export function DemandField(
  { demandCode, fromAms, error, set, setFromAms }: {
    demandCode: string;
    fromAms: boolean;
    error?: string;
    /** Sets a field of the dialog (clearing its error). */
    set: (name: DemandFields, value: string) => void;
    setFromAms: (fromAms: boolean) => void;
  },
) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [, rerender] = useState(0);

  function pick(d: Demand) {
    set("demandCode", d.demandCode);
    set("equipmentName", d.equipmentName ?? "");
    set("estimatedAmount", d.estimatedAmount ?? "");
    setFromAms(true);
    setOpen(false);
  }

  return (
    <Field
      label={t("projects.fields.demandCode")}
      htmlFor="pj-demand"
      name="demandCode"
      error={error}
      hint={fromAms
        ? (
          <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="ams-imported">
            <Badge tone="blue">{t("projectsPage.badgeFromAms")}</Badge>
            {t("amsImport.imported", { demand: demandCode })}
            <button
              type="button"
              className="text-primary underline-offset-2 hover:underline"
              onClick={() => setFromAms(false)}
              data-testid="ams-unlink"
            >
              {t("amsImport.unlink")}
            </button>
          </span>
        )
        : notConnected && <span data-testid="ams-not-connected">{t("amsImport.notConnected")}
        </span>}
    >
      <div className="flex gap-2">
        <input
          id="pj-demand"
          className={inputClass(error, fromAms ? "min-w-0 flex-1 bg-slate-50" : "min-w-0 flex-1")}
          maxLength={64}
          readOnly={fromAms}
          value={demandCode}
          onChange={(e) => set("demandCode", e.target.value)}
        />
        <button
          type="button"
          className="btn btn-default shrink-0"
          disabled={notConnected}
          title={notConnected ? t("amsImport.notConnected") : undefined}
          onClick={() => setOpen(true)}
          data-testid="ams-import"
        >
          <Icon name="download" className="size-4" />
          {t("amsImport.button")}
        </button>
      </div>
      <DemandPicker
        open={open}
        onClose={() => {
          setOpen(false);
          rerender((n) => n + 1);
        }}
        onPick={pick}
      />
    </Field>
  );
}

/** The dialog listing the open demands; a row not yet used is chosen by a click or its button. */
function DemandPicker(
  { open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (d: Demand) => void },
) {
  const { t } = useTranslation();
  const [demands, setDemands] = useState<Demand[] | null>(null);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(false);
  const [text, setText] = useState("");

  function load() {
    setLoading(true);
    setError("");
    projectsApi.amsDemands().then((r) => {
      if (r.connected) return setDemands(r.items);
      notConnected = true;
      setError(t("projects.amsNotConfigured"));
    }).catch((err) => {
      setDemands(null);
      setError(err instanceof Error && err.message ? err.message : t("errors.error"));
    }).finally(() => setLoading(false));
  }
  // Each opening asks the asset system again: other buyers take demands meanwhile.
  useEffect(() => {
    if (!open) return;
    setText("");
    setDemands(null);
    load();
  }, [open]);

  const q = text.trim().toLowerCase();
  const shown = (demands ?? []).filter((d) =>
    !q ||
    [d.demandCode, d.equipmentName, d.requester].some((v) => v?.toLowerCase().includes(q))
  );
  const a = (k: string) => t(`amsImport.${k}`);

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:pt-[10vh]">
        <DialogPanel
          className="w-full max-w-4xl rounded-lg bg-white shadow-xl ring-1 ring-slate-200"
          data-testid="ams-dialog"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">
              {a("title")}
            </DialogTitle>
            <button
              type="button"
              className="icon-btn -mr-2"
              onClick={onClose}
              aria-label={t("shell.close")}
            >
              <Icon name="close" />
            </button>
          </div>
          <div className="space-y-3 px-5 py-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <input
                type="search"
                className="input w-80"
                aria-label={a("search")}
                placeholder={a("searchPlaceholder")}
                value={text}
                onChange={(e) => setText(e.target.value)}
                disabled={!demands}
                data-testid="ams-search"
              />
              {demands && (
                <span className="text-xs text-slate-500" data-testid="ams-count">
                  {t("amsImport.count", {
                    count: demands.length,
                    free: demands.filter((d) => !d.used).length,
                  })}
                </span>
              )}
            </div>
            {error && (
              <div
                className="flex items-start justify-between gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
                role="alert"
                data-testid="ams-error"
              >
                <span>{error}</span>
                {!notConnected && (
                  <button type="button" className="btn btn-default h-7 shrink-0" onClick={load}>
                    {a("retry")}
                  </button>
                )}
              </div>
            )}
            {!error && (
              <DemandTable
                rows={shown}
                loading={loading}
                empty={q ? t("amsImport.noMatch", { text: text.trim() }) : a("empty")}
                onPick={onPick}
              />
            )}
          </div>
          <div className="flex justify-end border-t border-slate-100 px-5 py-3">
            <button type="button" className="btn btn-default" onClick={onClose}>
              {t("ui.cancel")}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function DemandTable(
  { rows, loading, empty, onPick }: {
    rows: Demand[];
    loading: boolean;
    empty: string;
    onPick: (d: Demand) => void;
  },
) {
  const { t } = useTranslation();
  const a = (k: string, p: Record<string, unknown> = {}) => t(`amsImport.${k}`, p);
  return (
    <DataTable
      testId="ams-table"
      rows={rows}
      loading={loading}
      loaded={!loading}
      maxHeight={420}
      rowKey={(d) => d.demandCode}
      onRowClick={onPick}
      isRowDisabled={(d) => d.used}
      empty={empty}
      columns={[
        {
          key: "demandCode",
          title: a("demandCode"),
          nowrap: true,
          className: "font-mono text-xs",
        },
        { key: "equipmentName", title: a("equipmentName"), className: "min-w-40" },
        {
          key: "estimatedAmount",
          title: a("estimatedAmount"),
          align: "right",
          nowrap: true,
          render: (d) => (
            <span className="inline-flex items-center gap-1.5 tabular-nums">
              {d.monthlyPurchase && <Badge tone="amber">{t("projectsPage.badgeMonthly")}</Badge>}
              {d.estimatedAmount}
            </span>
          ),
        },
        { key: "requester", title: a("requester"), nowrap: true },
        { key: "demandDate", title: a("demandDate"), nowrap: true, className: "tabular-nums" },
        {
          key: "actions",
          title: a("state"),
          nowrap: true,
          render: (d) =>
            d.used
              ? (
                <span className="text-xs text-slate-500" data-testid="ams-used">
                  {a("usedBy", { project: d.usedBy })}
                </span>
              )
              : (
                <RowAction onClick={() => onPick(d)} testId="ams-choose">
                  {a("choose")}
                </RowAction>
              ),
        },
      ]}
    />
  );
}
