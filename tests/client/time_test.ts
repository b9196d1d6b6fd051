import assert from "node:assert/strict";
import {
  formatCountdown,
  formatDay,
  formatDuration,
  formatMs,
  formatTime,
  relativeDays,
  relativeTime,
  toDate,
} from "../../client/shared/time.ts";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };

Deno.test("times are shown as YYYY-MM-DD HH:mm:ss in UTC+8 whatever the machine's zone", () => {
  assert.equal(formatTime("2026-11-23T02:00:00.000Z"), "2026-11-23 10:00:00");
  assert.equal(formatTime("2026-12-31T16:30:05Z"), "2027-01-01 00:30:05");
  assert.equal(formatTime(null), "");
  assert.equal(formatTime("not a date"), "");
});

Deno.test("ten-digit numbers are seconds, longer ones milliseconds", () => {
  assert.equal(formatTime(1795399200), "2026-11-23 10:00:00");
  assert.equal(formatTime("1795399200"), "2026-11-23 10:00:00");
  assert.equal(formatTime(1795399200000), "2026-11-23 10:00:00");
  assert.equal(toDate(1795399200)!.toISOString(), "2026-11-23T02:00:00.000Z");
});

Deno.test("the day with its weekday in the reader's language, in UTC+8", () => {
  // 2026-11-22 17:00 UTC is Monday 01:00 in UTC+8.
  assert.equal(formatDay("2026-11-22T17:00:00Z", "zh"), "2026年11月23日星期一");
  assert.equal(formatDay("2026-11-22T17:00:00Z", "en"), "Monday, November 23, 2026");
});

const now = Date.parse("2026-11-23T02:00:00Z");
const ago = (s: number) => now - s * 1000;

Deno.test("relative times in Chinese per spec §9", () => {
  const rel = (s: number) => relativeTime(ago(s), now, "zh", zh.time.justNow);
  assert.equal(rel(29), "刚刚");
  assert.equal(rel(31), "1分钟前");
  assert.equal(rel(59 * 60), "59分钟前");
  assert.equal(rel(3600), "1小时前");
  assert.equal(rel(23 * 3600 + 59), "23小时前");
  assert.equal(rel(86400), "1天前");
  assert.equal(rel(2 * 86400), "2026-11-21 10:00");
});

Deno.test("relative times in English", () => {
  const rel = (s: number) => relativeTime(ago(s), now, "en", en.time.justNow);
  assert.equal(rel(5), "just now");
  assert.equal(rel(60), "1 minute ago");
  assert.equal(rel(300), "5 minutes ago");
  assert.equal(rel(7200), "2 hours ago");
  assert.equal(rel(30 * 3600), "1 day ago");
});

Deno.test("days from today, time left, countdowns and call durations in both languages", () => {
  assert.deepEqual([3, 1, 0, -1, -22].map((d) => relativeDays(d, "zh")), [
    "3天后",
    "明天",
    "今天",
    "昨天",
    "22天前",
  ]);
  assert.deepEqual([3, 1, 0, -1, -22].map((d) => relativeDays(d, "en")), [
    "in 3 days",
    "tomorrow",
    "today",
    "yesterday",
    "22 days ago",
  ]);
  const H = 3600_000;
  assert.equal(formatDuration(2 * 24 * H + 3 * H + 59_000, "zh"), "2天3小时");
  assert.equal(formatDuration(2 * 24 * H + 3 * H + 59_000, "en"), "2 days, 3 hr");
  assert.equal(formatDuration(3 * H + 4 * 60_000, "zh"), "3小时4分钟");
  assert.equal(formatDuration(20_000, "en"), "1 min");
  assert.equal(formatCountdown(1798, "zh"), "00:29:58");
  assert.equal(formatCountdown(2 * 86400 + 3 * 3600 + 4 * 60 + 5, "zh"), "2天03:04:05");
  assert.equal(formatCountdown(2 * 86400 + 3 * 3600 + 4 * 60 + 5, "en"), "2 days, 03:04:05");
  assert.equal(formatMs(125, "zh"), "125毫秒");
  assert.equal(formatMs(125, "en"), "125 ms");
});
