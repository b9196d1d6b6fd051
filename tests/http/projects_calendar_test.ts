import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";

Deno.test("IsWeekDay: the official calendar (2026-10-01 holiday, Saturday 2026-10-10 working) and admin company days", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const isWeekDay = async (date: string) => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/IsWeekDay", {
      token,
      query: { date },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.result;
  };
  assert.equal(await isWeekDay("2026-10-01"), false, "National Day");
  assert.equal(await isWeekDay("2026-10-10"), true, "make-up working Saturday");
  assert.equal(await isWeekDay("2026-11-23"), true, "a Monday");
  assert.equal(await isWeekDay("2026-11-28"), false, "a Saturday");
  assert.equal(
    (await call(env, "get", "/QMO/OfferProjectManager/IsWeekDay", {
      token,
      query: { date: "2026-02-30" },
    })).status,
    400,
  );

  // The admin adds company days in the data dictionary; they win over the official calendar.
  const types = await call(env, "get", "/QMO/SystemCodeType/GetAll", {
    token,
    query: { keyword: "CompanyCalendar" },
  });
  const typeId = types.json.result.items[0].id;
  const add = (code: string, value: string) =>
    call(env, "post", "/QMO/SystemCodeType/CreateCode", {
      token,
      lang: "en",
      body: { typeId, code, name: code, value },
    });
  assert.equal((await add("2026-10-10", "0")).status, 200, "factory shutdown on the make-up day");
  assert.equal((await add("2026-11-28", "1")).status, 200, "an extra working Saturday");
  assert.equal(await isWeekDay("2026-10-10"), false);
  assert.equal(await isWeekDay("2026-11-28"), true);
  const bad = await add("2026-13-01", "1");
  assert.equal(bad.status, 400);
  assert.match(bad.json.error.message, /must be a date/);
  assert.equal((await add("2026-12-01", "yes")).status, 400);
  assert.equal((await add("2026-10-10", "1")).status, 400, "the same day twice");
  // Removing the override restores the official answer.
  const codes = await call(env, "get", "/QMO/SystemCodeType/GetCodes", {
    token,
    query: { typeCode: "CompanyCalendar" },
  });
  const day = codes.json.result.items.find((c: { code: string }) => c.code === "2026-10-10");
  assert.equal(
    (await call(env, "delete", "/QMO/SystemCodeType/DeleteCode", { token, query: { id: day.id } }))
      .status,
    200,
  );
  assert.equal(await isWeekDay("2026-10-10"), true);
});
