// Dates shown in UTC+8 as YYYY-MM-DD HH:mm:ss, relative times (spec §9), weekdays and lengths of
// time in the reader's language.
import { intlLocale, UTC8_OFFSET_MS } from "../../server/domain/shared/time.ts";

const DEFAULT_PATTERN = "{y}-{m}-{d} {h}:{i}:{s}";

/** Accepts a Date, an ISO string, milliseconds, or ten-digit seconds. */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return isNaN(value.getTime()) ? null : value;
  let v: string | number = value;
  if (typeof v === "string" && /^\d+$/.test(v)) v = Number(v);
  if (typeof v === "number" && String(Math.trunc(v)).length === 10) v = v * 1000;
  const d = new Date(v);
  return isNaN(d.getTime()) ? null : d;
}

/** Formats in UTC+8: {y} {m} {d} {h} {i} {s}. Answers "" for a missing or invalid value. */
export function formatTime(
  value: Date | string | number | null | undefined,
  pattern = DEFAULT_PATTERN,
): string {
  const date = toDate(value);
  if (!date) return "";
  const z = new Date(date.getTime() + UTC8_OFFSET_MS);
  const parts: Record<string, number> = {
    y: z.getUTCFullYear(),
    m: z.getUTCMonth() + 1,
    d: z.getUTCDate(),
    h: z.getUTCHours(),
    i: z.getUTCMinutes(),
    s: z.getUTCSeconds(),
  };
  return pattern.replace(/\{([ymdhis])\}/g, (_, k: string) => {
    const v = parts[k];
    return k !== "y" ? String(v).padStart(2, "0") : String(v);
  });
}

// Words (weekdays, "3 minutes ago", "2 days 3 hours") come from the browser's Intl in the interface
// language, never from hand-made strings: Chinese readers read Chinese, English readers English.

const UTC8_ZONE = "Asia/Shanghai";

/** The day of an instant in UTC+8 with its weekday: "2026年11月23日星期一", "Monday 23 November 2026". */
export function formatDay(value: Date | string | number, lang: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: "full", timeZone: UTC8_ZONE })
    .format(date);
}

/**
 * Under 30 s `justNow` (the spec's words); under an hour "N minutes ago"; under a day "N hours ago";
 * under two days "1 day ago"; older the date (YYYY-MM-DD HH:mm in UTC+8).
 */
export function relativeTime(
  value: Date | string | number,
  now: number,
  lang: string,
  justNow: string,
): string {
  const date = toDate(value);
  if (!date) return "";
  const diff = (now - date.getTime()) / 1000;
  const rtf = new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: "always" });
  if (diff < 30) return justNow;
  if (diff < 3600) return rtf.format(-Math.max(1, Math.floor(diff / 60)), "minute");
  if (diff < 86400) return rtf.format(-Math.floor(diff / 3600), "hour");
  if (diff < 86400 * 2) return rtf.format(-1, "day");
  return formatTime(date, "{y}-{m}-{d} {h}:{i}");
}

/** A number of days from today: "in 3 days", "tomorrow", "today", "yesterday", "3 days ago". */
export const relativeDays = (days: number, lang: string): string =>
  new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: "auto" }).format(days, "day");

const DAY_MS = 86_400_000;

/** A length of time to the minute, its two largest units: "2 days, 3 hr", "2天3小时", "5 min". */
export function formatDuration(ms: number, lang: string): string {
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / 3600_000);
  const minutes = Math.floor((ms % 3600_000) / 60_000);
  const parts = days
    ? { days, hours }
    : hours
    ? { hours, minutes }
    : { minutes: Math.max(1, minutes) };
  return new Intl.DurationFormat(intlLocale(lang), { style: "short" }).format(parts);
}

/** A countdown to the second: "03:04:05", "2 days, 03:04:05", "2天03:04:05". */
export function formatCountdown(seconds: number, lang: string): string {
  const s = Math.max(0, Math.floor(seconds));
  return new Intl.DurationFormat(intlLocale(lang), {
    style: "digital",
    hours: "2-digit",
    hoursDisplay: "always",
  }).format({
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  });
}

/** A number of milliseconds (how long a call took): "123 ms", "123毫秒". */
export const formatMs = (ms: number, lang: string): string =>
  new Intl.NumberFormat(intlLocale(lang), { style: "unit", unit: "millisecond" }).format(ms);
