// The working-day calendar (System settings › Working calendar): a year's official holidays,
// make-up working days and company days; whether the year's official schedule is loaded (months
// without official data are marked); importing a year's schedule from an .ics, .csv or .xlsx file
// after a preview.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../shared/icons.tsx";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { useAction } from "../../../shared/useAction.ts";
import { message } from "../../../shared/messages.ts";
import { calendarApi, type CalendarYear, type ImportReport } from "./api.ts";
import { ImportDialog } from "./ImportDialog.tsx";
import { KindSwatch, LEGEND, OfficialList, YearGrid } from "./YearGrid.tsx";
import { useView } from "../../layout/view.ts";

/** The year asked for in the address (?year=2027, from a warning's link), else this year. */
function initialYear(search: string): number {
  const asked = new URLSearchParams(search).get("year");
  return asked && /^\d{4}$/.test(asked) ? Number(asked) : Number(formatTime(Date.now(), "{y}"));
}

export default function CalendarPage() {
  const { t } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`calendarPage.${k}`, p);
  const { search } = useView();
  const [year, setYear] = useState(() => initialYear(search));
  // The tab stays mounted: a link to another year (?year=) opens that year in it.
  useEffect(() => setYear(initialYear(search)), [search]);
  const [view, setView] = useState<CalendarYear | null>(null);
  const [preview, setPreview] = useState<{ file: File; report: ImportReport } | null>(null);
  const [run, reading] = useAction();
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    calendarApi.year(year).then(setView).catch(() => {});
  }, [year]);
  useEffect(load, [load]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    run(
      async () => setPreview({ file, report: await calendarApi.importFile(file, true) }),
      (err) => message.error(err instanceof Error ? err.message : t("errors.error")),
    );
  };

  const loaded = view?.year === year ? view.loaded : undefined;
  return (
    <div className="space-y-3" data-testid="calendar-page">
      <div className="card flex flex-wrap items-center gap-3 px-4 py-3">
        <div className="flex items-center gap-1" role="group" aria-label={c("year")}>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setYear(year - 1)}
            aria-label={c("previousYear")}
            data-testid="previous-year"
          >
            <Icon name="chevronRight" className="size-4 rotate-180" />
          </button>
          <span
            className="min-w-16 text-center text-lg font-semibold tabular-nums"
            data-testid="year"
          >
            {year}
          </span>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setYear(year + 1)}
            aria-label={c("nextYear")}
            data-testid="next-year"
          >
            <Icon name="chevronRight" className="size-4" />
          </button>
        </div>
        <div className="min-w-0 flex-1 text-sm" data-testid="year-status">
          {loaded === undefined ? null : loaded
            ? (
              <span className="text-slate-600">
                {c("loaded", {
                  source: loaded.source,
                  at: formatTime(loaded.loadedAt, "{y}-{m}-{d} {h}:{i}"),
                  by: loaded.loadedBy ?? "—",
                  holidays: loaded.holidays,
                  workdays: loaded.workdays,
                })}
              </span>
            )
            : (
              <span className="inline-flex items-center gap-1.5 text-amber-800" role="note">
                <Icon name="warning" className="size-4" />
                {c("notLoaded", { year })}
              </span>
            )}
        </div>
        <label
          className={`btn btn-primary cursor-pointer focus-within:ring-2 focus-within:ring-primary ${
            reading ? "pointer-events-none opacity-60" : ""
          }`}
          title={c("importHint")}
        >
          {reading ? <Spinner className="size-3.5" /> : <Icon name="plus" className="size-3.5" />}
          {c("import")}
          <input
            ref={input}
            type="file"
            accept=".ics,.csv,.xlsx"
            className="sr-only"
            data-testid="calendar-file"
            disabled={reading}
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </label>
      </div>

      <div className="card space-y-3 p-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" data-testid="legend">
          {LEGEND.map((k) => (
            <li key={k} className="flex items-center gap-1.5">
              <KindSwatch kind={k} />
              {c(`kinds.${k}`)}
            </li>
          ))}
          <li className="text-slate-400">{c("companyHint")}</li>
        </ul>
        {view?.year === year
          ? <YearGrid view={view} />
          : (
            <div className="flex justify-center py-16 text-primary">
              <Spinner />
            </div>
          )}
      </div>

      {view?.year === year && view.days.length > 0 && (
        <div className="card p-4">
          <h2 className="mb-2 text-sm font-semibold text-slate-900">
            {c("officialDays", { year })}
          </h2>
          <OfficialList view={view} />
        </div>
      )}

      {preview && (
        <ImportDialog
          file={preview.file}
          report={preview.report}
          onClose={() => setPreview(null)}
          onImported={(done) => {
            setPreview(null);
            const first = done.years.find((y) => y.action === "replace") ?? done.years[0];
            if (first && first.year !== year) setYear(first.year);
            else load();
          }}
        />
      )}
    </div>
  );
}
