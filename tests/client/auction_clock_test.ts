import assert from "node:assert/strict";
import { clockText, money, timeRange } from "../../client/shared/auctionClock.ts";

Deno.test("an auction's times in UTC+8: the day once when both share it, seconds only when set", () => {
  assert.equal(
    timeRange("2026-11-23T10:00:00.000Z", "2026-11-23T10:30:00.000Z"),
    "2026-11-23 18:00 – 18:30",
  );
  // Resumed after a pause, the end has seconds.
  assert.equal(
    timeRange("2026-11-23T10:00:00.000Z", "2026-11-23T10:37:25.000Z"),
    "2026-11-23 18:00 – 18:37:25",
  );
  // Past midnight in UTC+8: the end's day is said.
  assert.equal(
    timeRange("2026-11-23T15:30:00.000Z", "2026-11-23T16:10:00.000Z"),
    "2026-11-23 23:30 – 2026-11-24 00:10",
  );
});

Deno.test("countdowns and amounts as the auction pages show them", () => {
  assert.equal(clockText(65_000), "1:05");
  assert.equal(clockText(3_909_000), "1:05:09");
  assert.equal(clockText(-5), "0:00");
  assert.equal(money("1234567.5"), "1,234,567.50");
  assert.equal(money("200.5000"), "200.50");
  assert.equal(money(null), "—");
});
