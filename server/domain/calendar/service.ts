// Working days: the official Chinese calendar (public holidays and make-up working days, kept per
// year in the database: seeded from chinese-days up to 2026, imported by an admin after that)
// overridden by company days kept in the data dictionary. A year without official data counts
// weekends only, and says so.
import { and, eq, like } from "drizzle-orm";
import { calendarDays, calendarYears, codes, codeTypes } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { fieldError } from "../errors.ts";
import { COMPANY_CALENDAR, ensureCodeType } from "../dictionary/service.ts";
import { isCalendarDate } from "../shared/dates.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { type Lang, t } from "../../i18n.ts";

type Named = { name: string; nameEn: string | null };

/** Why a day is, or is not, a working day. */
type DayReason =
  | ({ kind: "companyDayOff" | "companyWorkday" | "holiday" | "makeUp" } & Named)
  | { kind: "weekend" | "weekday" };

export type DayInfo = {
  date: string;
  working: boolean;
  reason: DayReason;
  /** Whether the official schedule of the day's year is loaded. */
  officialLoaded: boolean;
};

/** A company day of the dictionary: value 1 a working day, 0 a day off. */
async function companyDays(db: DbOrTx, datePattern: string) {
  const rows = await db.select({
    date: codes.code,
    value: codes.value,
    name: codes.name,
    nameEn: codes.nameEn,
  }).from(codes).innerJoin(codeTypes, eq(codeTypes.id, codes.typeId))
    .where(and(
      eq(codeTypes.code, COMPANY_CALENDAR),
      eq(codes.isActive, true),
      like(codes.code, datePattern),
    ));
  return rows.filter((r) => (r.value === "0" || r.value === "1") && isCalendarDate(r.date))
    .map((r) => ({ date: r.date, working: r.value === "1", name: r.name, nameEn: r.nameEn }));
}

const isWeekend = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

/** Whether the official schedule of `year` is loaded. */
async function isYearLoaded(db: DbOrTx, year: number): Promise<boolean> {
  return !!(await db.select({ year: calendarYears.year }).from(calendarYears)
    .where(eq(calendarYears.year, year)))[0];
}

/** A date (YYYY-MM-DD) judged: a company day wins, then the official calendar, then weekends. */
export async function dayInfo(deps: Pick<Deps, "db">, date: string): Promise<DayInfo> {
  if (!isCalendarDate(date)) throw fieldError("date", "calendar.badDate", { value: date });
  const officialLoaded = await isYearLoaded(deps.db, Number(date.slice(0, 4)));
  const [company] = await companyDays(deps.db, date);
  if (company) {
    const named = { name: company.name, nameEn: company.nameEn };
    return company.working
      ? { date, working: true, reason: { kind: "companyWorkday", ...named }, officialLoaded }
      : { date, working: false, reason: { kind: "companyDayOff", ...named }, officialLoaded };
  }
  const [official] = await deps.db.select().from(calendarDays).where(eq(calendarDays.date, date));
  if (official) {
    const named = { name: official.name, nameEn: official.nameEn };
    return official.kind === "workday"
      ? { date, working: true, reason: { kind: "makeUp", ...named }, officialLoaded }
      : { date, working: false, reason: { kind: "holiday", ...named }, officialLoaded };
  }
  return isWeekend(date)
    ? { date, working: false, reason: { kind: "weekend" }, officialLoaded }
    : { date, working: true, reason: { kind: "weekday" }, officialLoaded };
}

/** Whether a date (YYYY-MM-DD) is a working day (IsWeekDay's boolean). */
export const isWorkingDay = async (deps: Pick<Deps, "db">, date: string) =>
  (await dayInfo(deps, date)).working;

/**
 * The parameters of a day's reason: its name as published (Chinese), and in English where known
 * (else the same name), for the message in either language.
 */
function reasonParams(info: DayInfo) {
  const named = "name" in info.reason ? info.reason : { name: "", nameEn: null };
  return { date: info.date, name: named.name, nameEn: named.nameEn || named.name };
}

/** Why a day is not a working day, as one sentence (null for a working day). */
export const refusalText = (info: DayInfo, lang: Lang): string | null =>
  info.working ? null : t(lang, `calendar.notWorking.${info.reason.kind}`, reasonParams(info));

/** The warning for a day in a year without official data (null when the year is loaded). */
export const notLoadedText = (info: DayInfo, lang: Lang): string | null =>
  info.officialLoaded ? null : t(lang, "calendar.notLoaded", { year: info.date.slice(0, 4) });

/**
 * The project-side check of a deadline or a round's end: a day that is not a working day is
 * refused beside `member`, saying why (a holiday and its name, a weekend, a company day off).
 */
export async function assertWorkingInstant(deps: Pick<Deps, "db">, at: Date, member: string) {
  const info = await dayInfo(deps, dateInUtc8(at));
  if (!info.working) {
    throw fieldError(member, `calendar.notWorking.${info.reason.kind}`, reasonParams(info));
  }
}

/** The company calendar's code type exists from the first start, so an admin only adds days. */
export const ensureCompanyCalendar = (db: Deps["db"]) =>
  ensureCodeType(db, COMPANY_CALENDAR, "公司日历", "Company calendar");

/** The first working day at or after `days` days from `from`, at `hour`:00 in UTC+8. */
export async function workingDayAfter(
  deps: Pick<Deps, "db">,
  from: Date,
  days: number,
  hour = 17,
): Promise<Date> {
  for (let i = days; i < days + 60; i++) {
    const date = dateInUtc8(new Date(from.getTime() + i * 86_400_000));
    if (await isWorkingDay(deps, date)) {
      return new Date(`${date}T${String(hour).padStart(2, "0")}:00:00+08:00`);
    }
  }
  throw new Error("no working day within 60 days");
}

// ---------------------------------------------------------------------------------------------
// The year view
// ---------------------------------------------------------------------------------------------

export type LoadedYear = {
  year: number;
  source: string;
  loadedAt: Date;
  loadedBy: string | null;
  holidays: number;
  workdays: number;
};

/** Every year whose official schedule is loaded, with its counts. */
async function loadedYears(db: DbOrTx): Promise<LoadedYear[]> {
  const years = await db.select().from(calendarYears).orderBy(calendarYears.year);
  const days = await db.select({ year: calendarDays.year, kind: calendarDays.kind })
    .from(calendarDays);
  return years.map((y) => ({
    ...y,
    holidays: days.filter((d) => d.year === y.year && d.kind === "holiday").length,
    workdays: days.filter((d) => d.year === y.year && d.kind === "workday").length,
  }));
}

/**
 * One year of the calendar page: whether its official schedule is loaded (and from where), its
 * official days, the company days, and the other loaded years.
 */
export async function calendarYear(deps: Pick<Deps, "db">, year: number) {
  const years = await loadedYears(deps.db);
  const days = await deps.db.select({
    date: calendarDays.date,
    kind: calendarDays.kind,
    name: calendarDays.name,
    nameEn: calendarDays.nameEn,
  }).from(calendarDays).where(eq(calendarDays.year, year)).orderBy(calendarDays.date);
  return {
    year,
    loaded: years.find((y) => y.year === year) ?? null,
    days,
    companyDays: await companyDays(deps.db, `${year}-%`),
    years,
  };
}
