// The rules of a reverse auction without a database, with a fixed clock: the least improvement
// and the largest drop (each an amount, or a percentage of the bidder's own last bid), the end (a bid at the last millisecond
// is taken, one a millisecond after the end is not), the extension at its boundary and at its cap,
// and the ranking (lowest first, a tie going to whoever bid it first).
import assert from "node:assert/strict";
import {
  auctionState,
  bidderLabel,
  bidRefusal,
  dropLeavesRoom,
  extensionMs,
  highestNextText,
  lowestNextText,
  rank,
} from "../../server/domain/auction/rules.ts";
import { dec } from "../../server/domain/shared/decimal.ts";

const START = new Date("2026-11-23T06:00:00.000Z");
const END = new Date("2026-11-23T06:20:00.000Z");
const MIN = 60_000;
const at = (ms: number) => new Date(START.getTime() + ms);

const auction = (over: Partial<Parameters<typeof bidRefusal>[0]> = {}) => ({
  status: "active" as const,
  startAt: START,
  closesAt: END,
  basis: "total" as const,
  stepKind: "amount" as const,
  step: "500",
  maxDropKind: "percent" as "amount" | "percent",
  maxDrop: "20",
  ...over,
});

Deno.test("a bid must improve on the bidder's own last bid by the minimum amount", () => {
  const a = auction();
  const now = at(5 * MIN);
  assert.equal(bidRefusal(a, "206200.00", "205700", now), null);
  assert.equal(bidRefusal(a, "206200.00", "205700.00", now), null);
  assert.deepEqual(bidRefusal(a, "206200.00", "205700.01", now), {
    key: "auction.notImproved",
    params: { last: "206200.00", max: "205700.00" },
  });
  // The same as the last bid, or higher: refused.
  assert.equal(bidRefusal(a, "206200.00", "206200", now)?.key, "auction.notImproved");
  assert.equal(bidRefusal(a, "206200.00", "0", now)?.key, "auction.notPositive");
  assert.equal(bidRefusal(a, "206200.00", "100.001", now)?.key, "auction.tooManyDecimals");
});

Deno.test("a percentage minimum is taken of the bidder's own last bid, and the most it may bid is rounded down", () => {
  const a = auction({ stepKind: "percent", step: "0.5" });
  const now = at(5 * MIN);
  // 0.5 % of 206,200.00 is 1,031.00: at most 205,169.00.
  assert.equal(bidRefusal(a, "206200.00", "205169.00", now), null);
  assert.deepEqual(bidRefusal(a, "206200.00", "205169.01", now), {
    key: "auction.notImproved",
    params: { last: "206200.00", max: "205169.00" },
  });
  // 1 % of 333.33 is 3.3333: 329.9967 is the exact limit, 329.99 the highest total bid.
  assert.equal(highestNextText({ stepKind: "percent", step: "1" }, dec("333.33"), 2), "329.99");
  assert.equal(highestNextText({ stepKind: "percent", step: "1" }, dec("333.33"), 4), "329.9967");
  // Per line, unit prices have 4 decimals.
  const lines = auction({ basis: "lines", stepKind: "percent", step: "1" });
  assert.equal(bidRefusal(lines, "333.33", "329.9967", now), null);
  assert.equal(bidRefusal(lines, "333.33", "329.9968", now)?.key, "auction.notImproved");
});

Deno.test("bids are taken from the start to the last millisecond before the end; one a millisecond after the end is refused", () => {
  const a = auction();
  assert.equal(bidRefusal(a, "10000", "9000", at(-1))?.key, "auction.notStarted");
  assert.equal(bidRefusal(a, "10000", "9000", START), null);
  assert.equal(bidRefusal(a, "10000", "9000", new Date(END.getTime() - 1)), null);
  assert.equal(bidRefusal(a, "10000", "9000", END)?.key, "auction.over");
  assert.equal(bidRefusal(a, "10000", "9000", new Date(END.getTime() + 1))?.key, "auction.over");
  assert.equal(auctionState(a, new Date(END.getTime() + 1)), "ended");
  const paused = { ...a, status: "paused" as const };
  assert.equal(bidRefusal(paused, "10000", "9000", at(MIN))?.key, "auction.paused");
  assert.equal(
    bidRefusal({ ...a, status: "ended" }, "10000", "9000", at(MIN))?.key,
    "auction.over",
  );
});

Deno.test("a bid a tenth of the bidder's last is refused: by default no bid drops more than 20 % of the last, one exactly 20 % below is taken", () => {
  const a = auction();
  const now = at(5 * MIN);
  // The supplier at 292,000 who typed 29100.
  assert.deepEqual(bidRefusal(a, "292000.00", "29100", now), {
    key: "auction.dropTooLargePercent",
    params: { last: "292000.00", limit: "20", min: "233600.00" },
  });
  assert.equal(bidRefusal(a, "292000.00", "233600", now), null);
  assert.equal(bidRefusal(a, "292000.00", "233599.99", now)?.key, "auction.dropTooLargePercent");
  // A limit that falls between two cents: 20 % of 333.33 is 66.666, so 266.67 is the least bid.
  const small = auction({ step: "1" });
  assert.equal(lowestNextText(small, dec("333.33"), 2), "266.67");
  assert.equal(bidRefusal(small, "333.33", "266.67", now), null);
  assert.equal(bidRefusal(small, "333.33", "266.66", now)?.key, "auction.dropTooLargePercent");
  // Per line (4 decimals) the limit is exact.
  const lines = auction({ basis: "lines", step: "0.01" });
  assert.equal(bidRefusal(lines, "333.33", "266.664", now), null);
  assert.equal(bidRefusal(lines, "333.33", "266.6639", now)?.key, "auction.dropTooLargePercent");
});

Deno.test("the largest drop as an amount: a bid that far below the bidder's last is taken, a cent further is refused", () => {
  const a = auction({ maxDropKind: "amount", maxDrop: "5000" });
  const now = at(5 * MIN);
  assert.equal(bidRefusal(a, "206200.00", "201200", now), null);
  assert.deepEqual(bidRefusal(a, "206200.00", "201199.99", now), {
    key: "auction.dropTooLargeAmount",
    params: { last: "206200.00", limit: "5000", min: "201200.00" },
  });
  // The refusal for too small a step comes first; each limit is judged on the bidder's own last.
  assert.equal(bidRefusal(a, "206200.00", "206000", now)?.key, "auction.notImproved");
  assert.equal(bidRefusal(a, "201200.00", "196200", now), null);
  // A drop smaller than the least improvement would leave no bid at all.
  assert.equal(dropLeavesRoom({ ...a, maxDrop: "500" }, dec("206200")), true);
  assert.equal(dropLeavesRoom({ ...a, maxDrop: "499.99" }, dec("206200")), false);
  // Mixed kinds are compared on the bid itself: 1 % of 206,200 is 2,062.
  const mixed = { ...a, stepKind: "percent" as const, step: "1" };
  assert.equal(dropLeavesRoom({ ...mixed, maxDrop: "2062" }, dec("206200")), true);
  assert.equal(dropLeavesRoom({ ...mixed, maxDrop: "2061.99" }, dec("206200")), false);
});

Deno.test("a bid in the last N minutes moves the end N minutes later: the boundary instant counts, a millisecond earlier does not", () => {
  const rule = { closesAt: END, extensionMinutes: 2, extensionCapMinutes: 30, extendedMs: 0 };
  assert.equal(extensionMs(rule, new Date(END.getTime() - 2 * MIN - 1)), 0);
  assert.equal(extensionMs(rule, new Date(END.getTime() - 2 * MIN)), 2 * MIN);
  assert.equal(extensionMs(rule, new Date(END.getTime() - 1)), 2 * MIN);
  // Five minutes: the window is five minutes too.
  const five = { ...rule, extensionMinutes: 5 };
  assert.equal(extensionMs(five, new Date(END.getTime() - 5 * MIN)), 5 * MIN);
  assert.equal(extensionMs(five, new Date(END.getTime() - 5 * MIN - 1)), 0);
});

Deno.test("the extensions stop at their cap: the last one is cut to what is left, then none", () => {
  const rule = { closesAt: END, extensionMinutes: 2, extensionCapMinutes: 5, extendedMs: 0 };
  const late = (r: typeof rule) => new Date(r.closesAt.getTime() - 30_000);
  let r = rule;
  const added: number[] = [];
  for (let i = 0; i < 4; i++) {
    const ext = extensionMs(r, late(r));
    added.push(ext);
    r = { ...r, closesAt: new Date(r.closesAt.getTime() + ext), extendedMs: r.extendedMs + ext };
  }
  assert.deepEqual(added, [2 * MIN, 2 * MIN, MIN, 0]);
  assert.equal(r.closesAt.getTime(), END.getTime() + 5 * MIN);
  assert.equal(extensionMs({ ...rule, extensionCapMinutes: 0 }, late(rule)), 0);
});

Deno.test("the ranking puts the lowest bid first, and of two equal bids the earlier one", () => {
  const ranked = rank([
    { supplierId: 1, amount: "205000.00", at: 3000, seq: 9 },
    { supplierId: 2, amount: "204000.00", at: 5000, seq: 11 },
    { supplierId: 3, amount: "205000.00", at: 2000, seq: 8 },
    { supplierId: 4, amount: "205000", at: 2000, seq: 7 },
  ]);
  assert.deepEqual(ranked.map((r) => [r.supplierId, r.rank]), [[2, 1], [4, 2], [3, 3], [1, 4]]);
});

Deno.test("bidders are labelled A to Z, then AA", () => {
  assert.deepEqual([1, 2, 26, 27, 28, 52, 53].map(bidderLabel), [
    "A",
    "B",
    "Z",
    "AA",
    "AB",
    "AZ",
    "BA",
  ]);
});
