// Times people type are read in UTC+8, as the screens show them; days that do not exist are refused.
import assert from "node:assert/strict";
import { instant, isCalendarDate, strictDate } from "../../server/domain/shared/dates.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";

Deno.test("a bare date is the start of that day in UTC+8; a time without a zone is UTC+8 too", () => {
  assert.equal(instant.parse("2026-11-23").toISOString(), "2026-11-22T16:00:00.000Z");
  assert.equal(instant.parse("2026-11-23 09:30").toISOString(), "2026-11-23T01:30:00.000Z");
  assert.equal(instant.parse("2026-11-23T09:30:15").toISOString(), "2026-11-23T01:30:15.000Z");
  assert.equal(instant.parse("2026-11-23T09:30:00Z").toISOString(), "2026-11-23T09:30:00.000Z");
  assert.equal(instant.safeParse("yesterday").success, false);
});

Deno.test("a day that does not exist is refused, never rolled over into the next month", () => {
  for (
    const s of [
      "2026-02-30",
      "2026-02-29",
      "2026-04-31 10:00",
      "2026-13-01",
      "2026-02-30T00:00:00Z",
    ]
  ) {
    assert.equal(instant.safeParse(s).success, false, s);
    assert.equal(strictDate.safeParse(s).success, false, s);
  }
  assert.equal(isCalendarDate("2026-02-30"), false);
  assert.equal(isCalendarDate("2100-02-29"), false);
  // Real days, leap days included, are read as before.
  assert.equal(instant.parse("2028-02-29").toISOString(), "2028-02-28T16:00:00.000Z");
  assert.equal(strictDate.parse("2000-02-29").toISOString(), "2000-02-29T00:00:00.000Z");
  assert.equal(isCalendarDate("2024-12-31"), true);
});

Deno.test("the server answers 400 to an impossible date, wherever a date is taken", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  for (
    const [path, query] of [
      ["/QMO/SupplierOffer/GetAllSubmissions", { SubmittedFrom: "2026-02-30" }],
      ["/QMO/AuditLog/GetAll", { StartTime: "2026-02-30" }],
    ] as const
  ) {
    const bad = await call(env, "get", path, { token, query });
    assert.equal(bad.status, 400, `${path} ${JSON.stringify(bad.json)}`);
    const good = await call(env, "get", path, {
      token,
      query: Object.fromEntries(Object.keys(query).map((k) => [k, "2026-02-28"])),
    });
    assert.equal(good.status, 200, path);
  }
});
