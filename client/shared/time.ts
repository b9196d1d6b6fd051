// Dates shown in UTC+8 as YYYY-MM-DD HH:mm:ss, and relative times (spec §9).
import { UTC8_OFFSET_MS } from "../../server/domain/shared/time.ts";

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

/**
 * Formats in UTC+8: {y} {m} {d} {h} {i} {s}, and {a} the weekday (names given, Sunday first).
 * Answers "" for a missing or invalid value.
 */
export function formatTime(
  value: Date | string | number | null | undefined,
  pattern = DEFAULT_PATTERN,
  weekdays: readonly string[] = ["日", "一", "二", "三", "四", "五", "六"],
): string {
  const date = toDate(value);
  if (!date) return "";
  const z = new Date(date.getTime() + UTC8_OFFSET_MS);
  const parts: Record<string, number | string> = {
    y: z.getUTCFullYear(),
    m: z.getUTCMonth() + 1,
    d: z.getUTCDate(),
    h: z.getUTCHours(),
    i: z.getUTCMinutes(),
    s: z.getUTCSeconds(),
    a: weekdays[z.getUTCDay()],
  };
  return pattern.replace(/\{([ymdhisa])\}/g, (_, k: string) => {
    const v = parts[k];
    return typeof v === "number" && k !== "y" ? String(v).padStart(2, "0") : String(v);
  });
}

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * Under 30 s "just now"; under an hour "N minutes ago"; under a day "N hours ago"; under two days
 * "1 day ago"; older the date (YYYY-MM-DD HH:mm in UTC+8).
 */
export function relativeTime(
  value: Date | string | number,
  now: number,
  t: Translate,
): string {
  const date = toDate(value);
  if (!date) return "";
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return t("time.justNow");
  if (diff < 3600) return t("time.minutesAgo", { count: Math.max(1, Math.floor(diff / 60)) });
  if (diff < 86400) return t("time.hoursAgo", { count: Math.floor(diff / 3600) });
  if (diff < 86400 * 2) return t("time.dayAgo");
  return formatTime(date, "{y}-{m}-{d} {h}:{i}");
}
