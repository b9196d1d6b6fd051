// Dates in the JSON answers are written as Date#toISOString writes them, at every instant.
import assert from "node:assert/strict";
import fc from "fast-check";
import { installDateJson, isoString } from "../../server/http/dateJson.ts";

Deno.test("dates are written in JSON exactly as toISOString writes them", () => {
  installDateJson();
  fc.assert(
    fc.property(fc.integer({ min: -62198755200000 - 1e12, max: 253402300799999 + 1e12 }), (ms) => {
      const d = new Date(ms);
      assert.equal(JSON.stringify({ d }), `{"d":"${d.toISOString()}"}`);
      const fast = isoString(d);
      if (fast !== undefined) assert.equal(fast, d.toISOString());
    }),
    { numRuns: 20_000 },
  );
  for (
    const ms of [0, -1, 999, -62167219200000, -62167219200001, 253402300799999, 253402300800000]
  ) {
    const d = new Date(ms);
    assert.equal(JSON.stringify(d), JSON.stringify(d.toISOString()), String(ms));
  }
  assert.equal(JSON.stringify(new Date(NaN)), "null", "an invalid date is null, as before");
  assert.equal(
    JSON.stringify([new Date(Date.UTC(2026, 10, 23, 20, 5, 9, 7))]),
    '["2026-11-23T20:05:09.007Z"]',
  );
});
