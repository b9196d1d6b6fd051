import assert from "node:assert/strict";
import { formatTime, relativeTime, toDate } from "../../client/shared/time.ts";
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

Deno.test("weekday names follow the pattern's {a}, Chinese by default", () => {
  assert.equal(formatTime("2026-11-23T02:00:00Z", "{y}-{m}-{d} 星期{a}"), "2026-11-23 星期一");
  assert.equal(formatTime("2026-11-22T17:00:00Z", "{a}", en.time.weekdays), "Mon");
});

// deno-lint-ignore no-explicit-any
function translate(dict: any) {
  return (key: string, params?: Record<string, unknown>) => {
    const ns = key.split(".");
    let k = ns.pop()!;
    const obj = ns.reduce((o, p) => o[p], dict);
    if (params?.count !== undefined) k += params.count === 1 ? "_one" : "_other";
    return String(obj[k]).replace(/\{\{(\w+)\}\}/g, (_, p) => String(params?.[p]));
  };
}

const now = Date.parse("2026-11-23T02:00:00Z");
const ago = (s: number) => now - s * 1000;

Deno.test("relative times in Chinese per spec §9", () => {
  const t = translate(zh);
  assert.equal(relativeTime(ago(29), now, t), "刚刚");
  assert.equal(relativeTime(ago(31), now, t), "1分钟前");
  assert.equal(relativeTime(ago(59 * 60), now, t), "59分钟前");
  assert.equal(relativeTime(ago(3600), now, t), "1小时前");
  assert.equal(relativeTime(ago(23 * 3600 + 59), now, t), "23小时前");
  assert.equal(relativeTime(ago(86400), now, t), "1天前");
  assert.equal(relativeTime(ago(2 * 86400), now, t), "2026-11-21 10:00");
});

Deno.test("relative times in English", () => {
  const t = translate(en);
  assert.equal(relativeTime(ago(5), now, t), "just now");
  assert.equal(relativeTime(ago(60), now, t), "1 minute ago");
  assert.equal(relativeTime(ago(300), now, t), "5 minutes ago");
  assert.equal(relativeTime(ago(7200), now, t), "2 hours ago");
  assert.equal(relativeTime(ago(30 * 3600), now, t), "1 day ago");
});
