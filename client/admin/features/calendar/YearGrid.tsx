// The year view of the calendar page: twelve months, each day coloured by what it is (public
// holiday, make-up working day, company day off or working day, weekend), months of a year without
// official data marked as such; and the year's official days listed as named ranges.
import { useTranslation } from "react-i18next";
import { Badge } from "../../components/index.ts";
import type { CalendarYear } from "./api.ts";
import { intlLocale, weekdayNames } from "../../../../server/domain/shared/time.ts";

type DayKind = "holiday" | "workday" | "companyDayOff" | "companyWorkday" | "weekend" | "normal";

const KIND_CLASS: Record<DayKind, string> = {
  holiday: "bg-red-100 text-red-800 font-medium",
  workday: "bg-primary-100 text-primary-700 font-medium",
  companyDayOff: "bg-amber-100 text-amber-900 font-medium ring-1 ring-inset ring-amber-300",
  companyWorkday: "bg-emerald-100 text-emerald-800 font-medium ring-1 ring-inset ring-emerald-300",
  weekend: "text-slate-400",
  normal: "text-slate-700",
};

/** The legend's order, and the locale key of each kind. */
export const LEGEND: DayKind[] = [
  "holiday",
  "workday",
  "companyDayOff",
  "companyWorkday",
  "weekend",
];

export function KindSwatch({ kind }: { kind: DayKind }) {
  return (
    <span
      className={`inline-block size-3.5 rounded-sm ${KIND_CLASS[kind]} ring-1 ring-slate-200`}
    />
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The name in the reader's language where one is known. */
const nameOf = (d: { name: string; nameEn: string | null }, lang: string) =>
  lang.startsWith("en") ? d.nameEn || d.name : d.name;

export function YearGrid({ view }: { view: CalendarYear }) {
  const { t, i18n } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`calendarPage.${k}`, p);
  const lang = i18n.language;
  const weekdays = weekdayNames(lang);
  const mondayFirst = [...weekdays.slice(1), weekdays[0]];
  const official = new Map(view.days.map((d) => [d.date, d]));
  const company = new Map(view.companyDays.map((d) => [d.date, d]));
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(intlLocale(lang), { month: "long" })
      .format(new Date(Date.UTC(view.year, m, 1)));

  const dayOf = (date: string, weekday: number): { kind: DayKind; title: string } => {
    const co = company.get(date);
    if (co) {
      const kind = co.working ? "companyWorkday" : "companyDayOff";
      return { kind, title: `${c(`kinds.${kind}`)}: ${nameOf(co, lang)}` };
    }
    const o = official.get(date);
    if (o) return { kind: o.kind, title: `${c(`kinds.${o.kind}`)}: ${nameOf(o, lang)}` };
    return weekday === 0 || weekday === 6
      ? { kind: "weekend", title: c("kinds.weekend") }
      : { kind: "normal", title: "" };
  };

  return (
    <ul
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
      data-testid="year-grid"
    >
      {Array.from({ length: 12 }, (_, m) => {
        const first = new Date(Date.UTC(view.year, m, 1)).getUTCDay();
        const days = new Date(Date.UTC(view.year, m + 1, 0)).getUTCDate();
        const blanks = (first + 6) % 7;
        return (
          <li
            key={m}
            className={`rounded-lg p-3 ring-1 ${
              view.loaded ? "ring-slate-200" : "bg-amber-50/40 ring-amber-200"
            }`}
            data-testid="month"
            data-month={m + 1}
            data-official={view.loaded ? "1" : "0"}
          >
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-800">{monthName(m)}</h3>
              {!view.loaded && (
                <span data-testid="month-no-data">
                  <Badge tone="amber">{c("noOfficialData")}</Badge>
                </span>
              )}
            </div>
            <div className="grid grid-cols-7 gap-0.5 text-center text-xs">
              {mondayFirst.map((w) => (
                <span key={w} className="py-0.5 text-[11px] text-slate-400">{w}</span>
              ))}
              {Array.from({ length: blanks }, (_, i) => <span key={`b${i}`} />)}
              {Array.from({ length: days }, (_, i) => {
                const date = `${view.year}-${pad(m + 1)}-${pad(i + 1)}`;
                const { kind, title } = dayOf(date, (first + i) % 7);
                return (
                  <span
                    key={date}
                    className={`rounded py-1 tabular-nums ${KIND_CLASS[kind]}`}
                    title={title ? `${date} ${title}` : date}
                    data-date={date}
                    data-kind={kind}
                  >
                    {i + 1}
                  </span>
                );
              })}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

type Range = { from: string; to: string; kind: "holiday" | "workday"; name: string; days: number };

/** The official days as ranges of consecutive days with the same name and kind. */
function ranges(view: CalendarYear, lang: string): Range[] {
  const out: Range[] = [];
  for (const d of view.days) {
    const last = out.at(-1);
    const name = nameOf(d, lang);
    const next = last &&
      new Date(Date.parse(`${last.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (last && last.kind === d.kind && last.name === name && next === d.date) {
      last.to = d.date;
      last.days++;
    } else out.push({ from: d.date, to: d.date, kind: d.kind, name, days: 1 });
  }
  return out;
}

export function OfficialList({ view }: { view: CalendarYear }) {
  const { t, i18n } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`calendarPage.${k}`, p);
  const list = ranges(view, i18n.language);
  if (!list.length) return null;
  return (
    <ul
      className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3"
      data-testid="official-days"
    >
      {list.map((r) => (
        <li key={r.from} className="flex items-center gap-2" data-kind={r.kind}>
          <KindSwatch kind={r.kind} />
          <span className="tabular-nums text-slate-500">
            {r.from.slice(5)}
            {r.to !== r.from && ` – ${r.to.slice(5)}`}
          </span>
          <span className="text-slate-800">{r.name}</span>
          <span className="text-xs text-slate-400">
            {c(`kinds.${r.kind}`)} · {c("days", { count: r.days })}
          </span>
        </li>
      ))}
    </ul>
  );
}
