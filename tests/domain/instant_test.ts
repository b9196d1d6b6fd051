// Times people type are read in UTC+8, as the screens show them.
import assert from "node:assert/strict";
import { instant } from "../../server/domain/shared/dates.ts";

Deno.test("a bare date is the start of that day in UTC+8; a time without a zone is UTC+8 too", () => {
  assert.equal(instant.parse("2026-11-23").toISOString(), "2026-11-22T16:00:00.000Z");
  assert.equal(instant.parse("2026-11-23 09:30").toISOString(), "2026-11-23T01:30:00.000Z");
  assert.equal(instant.parse("2026-11-23T09:30:15").toISOString(), "2026-11-23T01:30:15.000Z");
  assert.equal(instant.parse("2026-11-23T09:30:00Z").toISOString(), "2026-11-23T09:30:00.000Z");
  assert.equal(instant.safeParse("yesterday").success, false);
});
