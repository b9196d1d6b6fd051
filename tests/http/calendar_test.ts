// The working-day calendar over HTTP: a year read, an .ics for 2027 previewed then imported, a
// date's reason (holiday, make-up day, weekend, company day off), the publish check naming the
// holiday, the dashboard's warning of a year without official data, and who may do what.
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { materialProject, P, staff, supplier } from "../domain/projects_fixtures.ts";
import { icsBytes } from "../calendar_fixtures.ts";

const base = "/QMO/Calendar";

const form = (bytes: Uint8Array, name: string, dryRun: boolean) => {
  const f = new FormData();
  f.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  f.set("dryRun", String(dryRun));
  return f;
};

Deno.test("calendar: 2027 imported from an .ics after a preview; reasons, warnings and the publish check follow", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const dayInfo = async (date: string, lang: "en" | "zh" = "en") =>
    (await call(env, "get", `${base}/GetDayInfo`, { token: buyer.token, lang, query: { date } }))
      .json.result;

  // Before: 2027 has no official data, and says so; the buyer's dashboard warns (2027 begins
  // within the weeks deadlines are set in).
  let year = await call(env, "get", `${base}/GetYear`, { token: admin, query: { Year: "2027" } });
  assert.equal(year.status, 200);
  assert.equal(year.json.result.loaded, null);
  assert.deepEqual(year.json.result.days, []);
  assert.equal(year.json.result.years.at(-1).year, 2026);
  let info = await dayInfo("2027-02-08");
  assert.equal(info.working, true);
  assert.match(info.warning, /^The 2027 holiday schedule is not loaded/);
  let warnings = await call(env, "get", `${base}/GetDeadlineWarnings`, {
    token: buyer.token,
    lang: "en",
  });
  assert.deepEqual(warnings.json.result.items.map((w: { year: number }) => w.year), [2027]);

  // The preview changes nothing; the import loads 2027.
  const bytes = icsBytes();
  let r = await call(env, "post", `${base}/ImportOfficialDays`, {
    token: admin,
    body: form(bytes, "holidays-2027.ics", true),
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.dryRun, true);
  assert.deepEqual(
    r.json.result.years.map((y: { year: number; action: string }) => [y.year, y.action]),
    [[2027, "replace"]],
  );
  assert.equal((await dayInfo("2027-02-08")).working, true, "the preview changed nothing");
  r = await call(env, "post", `${base}/ImportOfficialDays`, {
    token: admin,
    body: form(bytes, "holidays-2027.ics", false),
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  year = await call(env, "get", `${base}/GetYear`, { token: admin, query: { Year: "2027" } });
  assert.equal(year.json.result.loaded.source, "holidays-2027.ics");
  assert.equal(year.json.result.loaded.loadedBy, "admin");
  assert.equal(year.json.result.loaded.holidays, 24);

  info = await dayInfo("2027-02-08");
  assert.equal(info.working, false);
  assert.equal(info.warning, null);
  assert.equal(
    info.message,
    "The selected date is not a working day: 2027-02-08 is a public holiday (春节)",
  );
  assert.equal(
    (await dayInfo("2027-02-08", "zh")).message,
    "所选日期不是工作日：2027-02-08 是法定节假日（春节）",
  );
  info = await dayInfo("2027-02-20");
  assert.deepEqual([info.working, info.reason.kind, info.message], [true, "makeUp", null]);
  assert.equal(
    (await dayInfo("2027-02-27")).message,
    "The selected date is not a working day: 2027-02-27 falls on a weekend",
  );
  warnings = await call(env, "get", `${base}/GetDeadlineWarnings`, { token: buyer.token });
  assert.deepEqual(warnings.json.result.items, []);
  // IsWeekDay keeps its boolean.
  const isWeekDay = await call(env, "get", "/QMO/OfferProjectManager/IsWeekDay", {
    token: buyer.token,
    query: { date: "2027-02-20" },
  });
  assert.equal(isWeekDay.json.result, true);

  // A company day off wins over the official make-up day, and is named.
  const types = await call(env, "get", "/QMO/SystemCodeType/GetAll", {
    token: admin,
    query: { keyword: "CompanyCalendar" },
  });
  await call(env, "post", "/QMO/SystemCodeType/CreateCode", {
    token: admin,
    body: {
      typeId: types.json.result.items[0].id,
      code: "2027-02-20",
      name: "年度盘点",
      nameEn: "Stocktaking",
      value: "0",
    },
  });
  assert.equal(
    (await dayInfo("2027-02-20")).message,
    "The selected date is not a working day: 2027-02-20 is a company day off (Stocktaking)",
  );
  year = await call(env, "get", `${base}/GetYear`, { token: admin, query: { Year: "2027" } });
  assert.deepEqual(year.json.result.companyDays, [
    { date: "2027-02-20", working: false, name: "年度盘点", nameEn: "Stocktaking" },
  ]);

  // Publishing on the holiday is refused with its name; on a make-up Sunday it is accepted.
  const p = await materialProject(env, buyer.actor);
  const s = await supplier(env, "S1");
  const publish = (deadline: string) =>
    call(env, "post", "/QMO/OfferProjectManager/UpdateSupplierOfferProject", {
      token: buyer.token,
      lang: "en",
      body: { OffProManagerId: p.id, OfferEndTime: deadline, supList: [{ id: s.id }] },
    });
  r = await publish("2027-02-08 17:00:00");
  assert.equal(r.status, 400);
  assert.equal(
    r.json.error.message,
    "The selected date is not a working day: 2027-02-08 is a public holiday (春节)",
  );
  assert.deepEqual(r.json.error.validationErrors[0].members, ["offerEndTime"]);
  r = await publish("2027-01-31 17:00:00");
  assert.equal(r.status, 200, JSON.stringify(r.json));
});

Deno.test("calendar: a bad file is refused and changes nothing; only the calendar permission imports", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const buyer = await staff(env, "buyer1", [P.OfferProjectManagerSearch]);
  const bad = new TextEncoder().encode(
    "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20270230\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
  );
  let r = await call(env, "post", `${base}/ImportOfficialDays`, {
    token: admin,
    lang: "en",
    body: form(bad, "bad.ics", false),
  });
  assert.equal(r.status, 400);
  assert.equal(
    r.json.error.message,
    'Line 3: DTSTART "20270230" is not a date: nothing was imported',
  );
  r = await call(env, "post", `${base}/ImportOfficialDays`, {
    token: admin,
    lang: "zh",
    body: form(new TextEncoder().encode("hello"), "x.csv", false),
  });
  assert.equal(r.status, 400);
  assert.match(r.json.error.message, /第一行须写明列名/);
  const year = await call(env, "get", `${base}/GetYear`, { token: admin, query: { Year: 2027 } });
  assert.equal(year.json.result.loaded, null);

  assert.equal(
    (await call(env, "get", `${base}/GetYear`, { token: admin, query: { Year: "1999" } })).status,
    400,
  );
  assert.equal(
    (await call(env, "get", `${base}/GetYear`, { token: admin, query: { Year: "x" } })).status,
    400,
  );
  assert.equal(
    (await call(env, "get", `${base}/GetDayInfo`, { token: admin, query: { date: "2027-02-30" } }))
      .status,
    400,
  );
  assert.equal(
    (await call(env, "get", `${base}/GetYear`, { token: buyer.token, query: { Year: 2027 } }))
      .status,
    403,
  );
  r = await call(env, "post", `${base}/ImportOfficialDays`, {
    token: buyer.token,
    body: form(icsBytes(), "2027.ics", false),
  });
  assert.equal(r.status, 403);
  assert.equal(
    (await call(env, "get", `${base}/GetDayInfo`, {
      token: buyer.token,
      query: { date: "2027-02-08" },
    })).status,
    200,
  );
});
