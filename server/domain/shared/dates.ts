// Dates and instants as people and other systems write them, read strictly: a day that does not
// exist (2026-02-30) is refused, never rolled over into the next month as JavaScript's Date does.
import { z } from "zod";

const LEADING_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Whether `s` begins with YYYY-MM-DD naming a day that exists. */
function startsWithRealDay(s: string): boolean {
  const m = s.match(LEADING_DATE);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const lastDay = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // 2000: a leap year
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 &&
    day <= (month === 2 && !leap ? 28 : lastDay);
}

/** Whether `s` is exactly YYYY-MM-DD naming a day that exists. */
export function isCalendarDate(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && startsWithRealDay(s);
}

/** A string starting with a real YYYY-MM-DD, read by `read`; null when it is no such instant. */
function readInstant(s: string, read: (s: string) => Date): Date | null {
  if (!startsWithRealDay(s)) return null;
  const d = read(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * An instant: ISO 8601 with a zone, or "YYYY-MM-DD HH:mm:ss" / "YYYY-MM-DD" read in UTC+8 as the
 * screens show it (a bare date is the start of that day); a number is seconds or milliseconds.
 */
export const instant = z.union([z.string(), z.number(), z.date()]).transform((v, ctx) => {
  if (v instanceof Date) return v;
  if (typeof v === "number") return new Date(v < 1e11 ? v * 1000 : v);
  const d = readInstant(v.trim(), (s) => {
    // A bare date is the start of that day in UTC+8; a time without a zone is in UTC+8 too.
    const local = s.match(/^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(:\d{2})?))?$/);
    const time = local?.[2] ? `${local[2]}${local[3] ? "" : ":00"}` : "00:00:00";
    return local ? new Date(`${local[1]}T${time}+08:00`) : new Date(s);
  });
  if (!d) {
    ctx.addIssue({ code: "custom", message: "projects.badTime" });
    return z.NEVER;
  }
  return d;
});

/**
 * A date as `new Date(value)` reads it (a bare date is midnight UTC; numbers are milliseconds),
 * but a string must begin with a real YYYY-MM-DD.
 */
export const strictDate = z.union([z.string(), z.number(), z.date()]).transform((v, ctx) => {
  if (v instanceof Date) return v;
  const d = typeof v === "number" ? new Date(v) : readInstant(v.trim(), (s) => new Date(s));
  if (!d || Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: "custom", message: "errors.field.invalid" });
    return z.NEVER;
  }
  return d;
});
