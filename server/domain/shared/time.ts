// Time as people at the factory read it: UTC+8 (Asia/Shanghai, no daylight saving). Instants are
// stored in UTC; every screen, export, email and file name shows them in UTC+8.

/** UTC+8 as an offset from UTC, in milliseconds. */
export const UTC8_OFFSET_MS = 8 * 3600_000;

/** The wall-clock time in UTC+8 of an instant, as a Date whose UTC fields read that time. */
export const wallClockUtc8 = (d: Date): Date => new Date(d.getTime() + UTC8_OFFSET_MS);

/** "YYYY-MM-DD HH:mm:ss" in UTC+8, as the screens show times; "" for no time. */
export function formatUtc8(d: Date | null | undefined): string {
  if (!d) return "";
  return wallClockUtc8(d).toISOString().slice(0, 19).replace("T", " ");
}

/** The calendar date (YYYY-MM-DD) of an instant in UTC+8. */
export const dateInUtc8 = (d: Date): string => wallClockUtc8(d).toISOString().slice(0, 10);

/** The date every exported file's name carries: the UTC+8 day of the export, as YYYYMMDD. */
export const fileNameDate = (d: Date): string => dateInUtc8(d).replaceAll("-", "");

/** The Intl locale of an interface language ("zh" or "en"), for dates and numbers in words. */
export const intlLocale = (lang: string): string => (lang.startsWith("zh") ? "zh-CN" : "en");

/**
 * The weekday names in the reader's language from Intl, Sunday first: "日 一 … 六" in Chinese (as a
 * calendar's column heads read), "Sun Mon … Sat" in English.
 */
export function weekdayNames(lang: string): string[] {
  const f = new Intl.DateTimeFormat(intlLocale(lang), {
    weekday: lang.startsWith("zh") ? "narrow" : "short",
    timeZone: "UTC",
  });
  // 2026-11-22 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2026, 10, 22 + i))));
}
