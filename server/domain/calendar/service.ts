// Working days: the official Chinese calendar (public holidays and make-up working days, from the
// chinese-days package) overridden by company days kept in the data dictionary.
import chineseDays from "chinese-days";
import type { Deps } from "../context.ts";
import { fieldError } from "../errors.ts";
import { activeCodes, COMPANY_CALENDAR, ensureCodeType } from "../dictionary/service.ts";
import { isCalendarDate } from "../shared/dates.ts";
import { dateInUtc8 } from "../shared/time.ts";

/** Whether the official calendar has a day as a working day (weekends off unless made up). */
function officialWorkingDay(date: string): boolean {
  return chineseDays.isWorkday(date);
}

/** Whether a date (YYYY-MM-DD) is a working day; a company day in the dictionary wins. */
export async function isWorkingDay(deps: Pick<Deps, "db">, date: string): Promise<boolean> {
  if (!isCalendarDate(date)) throw fieldError("date", "calendar.badDate", { value: date });
  const [company] = await activeCodes(deps.db, COMPANY_CALENDAR, date);
  if (company && (company.value === "0" || company.value === "1")) return company.value === "1";
  return officialWorkingDay(date);
}

/** Whether an instant falls on a working day in UTC+8. */
export const isWorkingInstant = (deps: Pick<Deps, "db">, at: Date) =>
  isWorkingDay(deps, dateInUtc8(at));

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
