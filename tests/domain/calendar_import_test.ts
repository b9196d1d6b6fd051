// The official schedule reader (.ics, .csv, .xlsx) within its limits, the import that replaces a
// year, and the calendar seeded from chinese-days answering as the package did up to 2026.
import assert from "node:assert/strict";
import chineseDays from "chinese-days";
import ExcelJS from "exceljs";
import { readOfficialFile } from "../../server/domain/calendar/read.ts";
import { importOfficialFile } from "../../server/domain/calendar/import.ts";
import { dayInfo, isWorkingDay } from "../../server/domain/calendar/service.ts";
import { CALENDAR_LIMITS } from "../../server/domain/calendar/limits.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { t } from "../../server/i18n.ts";
import { EVENTS_2027, icsBytes } from "../calendar_fixtures.ts";
import { testEnv } from "../helpers.ts";

const enc = (s: string) => new TextEncoder().encode(s);

/** The English message a refused file gets. */
async function refusal(source: Uint8Array | string): Promise<string> {
  try {
    await readOfficialFile(source);
  } catch (err) {
    assert.ok(err instanceof DomainError, String(err));
    assert.equal(err.kind, "validation");
    return t("en", err.messageKey, err.params);
  }
  throw new Error("the file was accepted");
}

const ics = (body: string) =>
  enc(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${body.replaceAll("\n", "\r\n")}END:VCALENDAR\r\n`);
const event = (start: string, end: string, summary: string, extra = "") =>
  `BEGIN:VEVENT\nDTSTART;VALUE=DATE:${start}\nDTEND;VALUE=DATE:${end}\nSUMMARY:${summary}\n${extra}END:VEVENT\n`;

Deno.test("an .ics feed: folded lines (a fold inside a character), holidays, make-up days by 补班, (班) or Apple's mark", async () => {
  const file = await readOfficialFile(icsBytes());
  assert.equal(file.format, "ics");
  const byDate = new Map(file.days.map((d) => [d.date, d]));
  assert.deepEqual(byDate.get("2027-02-08"), {
    date: "2027-02-08",
    kind: "holiday",
    name: "春节",
    line: byDate.get("2027-02-08")!.line,
  });
  for (
    const [date, name] of [
      ["2027-01-31", "春节"],
      ["2027-02-20", "春节"],
      ["2027-05-08", "劳动节"],
      ["2027-10-09", "国庆节"],
    ]
  ) {
    assert.equal(byDate.get(date)?.kind, "workday", date);
    assert.equal(byDate.get(date)?.name, name, date);
  }
  assert.equal(byDate.get("2027-05-01")?.name, "劳动节");
  // 3 + 9 + 5 + 7 holidays, 4 make-up days; DTEND is the day after.
  assert.equal(file.days.filter((d) => d.kind === "holiday").length, 24);
  assert.equal(file.days.filter((d) => d.kind === "workday").length, 4);
  assert.equal(byDate.has("2027-02-15"), false);
  assert.equal(EVENTS_2027.length, 8);
});

Deno.test("chinese-days' own .ics files read back into the days the package knows", async () => {
  const years = new URL("../../node_modules/chinese-days/dist/years/", import.meta.url);
  for (const year of [2015, 2026]) {
    for (const file of [`${year}.ics`, `${year}.en.ics`]) {
      const read = await readOfficialFile(new URL(file, years).pathname);
      for (const d of read.days) {
        assert.equal(chineseDays.isWorkday(d.date), d.kind === "workday", `${file} ${d.date}`);
        assert.equal(chineseDays.isHoliday(d.date), d.kind === "holiday", `${file} ${d.date}`);
      }
      const json = JSON.parse(await Deno.readTextFile(new URL(`${year}.json`, years)));
      const expected = Object.keys(json.holidays).length;
      assert.equal(read.days.filter((d) => d.kind === "holiday").length, expected, file);
    }
  }
  const en = await readOfficialFile(new URL("2026.en.ics", years).pathname);
  assert.deepEqual(en.days.find((d) => d.date === "2026-02-14"), {
    date: "2026-02-14",
    kind: "workday",
    name: "Spring Festival",
    line: en.days.find((d) => d.date === "2026-02-14")!.line,
  });
  const zh2015 = await readOfficialFile(new URL("2015.ics", years).pathname);
  assert.equal(
    zh2015.days.find((d) => d.date === "2015-09-03")?.name,
    "中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日",
  );
});

Deno.test("a .csv or .xlsx of date, kind and name, with or without a header row", async () => {
  const csv = await readOfficialFile(
    enc("\ufeffdate,kind,name\r\n2027-02-08,holiday,春节\r\n2027/2/20,workday,春节\r\n\r\n"),
  );
  assert.equal(csv.format, "csv");
  assert.deepEqual(csv.days.map((d) => [d.date, d.kind, d.name, d.line]), [
    ["2027-02-08", "holiday", "春节", 2],
    ["2027-02-20", "workday", "春节", 3],
  ]);
  const bare = await readOfficialFile(enc("2027-10-01,休,国庆节\n2027-10-09,班,\n"));
  assert.deepEqual(bare.days.map((d) => [d.date, d.kind, d.name]), [
    ["2027-10-01", "holiday", "国庆节"],
    ["2027-10-09", "workday", "补班"],
  ]);
  const chinese = await readOfficialFile(enc("名称,日期,类型\n元旦,2027-01-01,节假日\n"));
  assert.deepEqual(chinese.days.map((d) => [d.date, d.kind, d.name]), [
    ["2027-01-01", "holiday", "元旦"],
  ]);

  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("2027");
  sheet.addRow(["Date", "Kind", "Name"]);
  sheet.addRow([new Date(Date.UTC(2027, 1, 8)), "holiday", "Spring Festival"]);
  sheet.addRow(["2027-02-20", "workday", "Spring Festival"]);
  const xlsx = await readOfficialFile(new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer));
  assert.equal(xlsx.format, "xlsx");
  assert.deepEqual(xlsx.days.map((d) => [d.date, d.kind, d.name]), [
    ["2027-02-08", "holiday", "Spring Festival"],
    ["2027-02-20", "workday", "Spring Festival"],
  ]);
});

Deno.test("a bad or oversized schedule file is refused with a message naming its line, row or limit", async () => {
  const cases: [Uint8Array, RegExp][] = [
    [new Uint8Array(CALENDAR_LIMITS.fileBytes + 1).fill(65), /larger than 1024 KB/],
    [enc(""), /names no holiday/],
    [enc("%PDF-1.4 not a calendar"), /first row must name the columns date, kind and name/],
    [new Uint8Array([0x80, 0x81, 0xfe, 0x00, 0x41]), /neither an \.ics calendar/],
    [ics(event("20270230", "20270301", "春节")), /Line 4: DTSTART "20270230" is not a date/],
    [ics(event("20270208", "20270101", "春节")), /line 3 lasts more than 31 days, or ends before/],
    [ics(event("20270101", "20270301", "春节")), /lasts more than 31 days/],
    [ics(event("20270101", "20270102", "元旦", "RRULE:FREQ=YEARLY\n")), /line 3 repeats/],
    [ics("BEGIN:VEVENT\nSUMMARY:春节\nEND:VEVENT\n"), /line 3 has no DTSTART/],
    [ics("BEGIN:VEVENT\nDTSTART;VALUE=DATE:20270101\n"), /line 3 has no END:VEVENT/],
    [ics(`X-LONG:${"x".repeat(CALENDAR_LIMITS.lineBytes)}\n`), /Line 3 .* longer than 4,096 bytes/],
    [
      ics(
        Array.from(
          { length: CALENDAR_LIMITS.events + 1 },
          () => event("20270101", "20270102", "元旦"),
        ).join(""),
      ),
      /another event, but a calendar may hold at most 1000/,
    ],
    [
      ics(event("20270206", "20270208", "春节(休)") + event("20270207", "20270208", "春节(班)")),
      /2027-02-07 is both a holiday and a working day \(lines 3 and 8\)/,
    ],
    [ics(event("19990101", "19990102", "元旦")), /1999-01-01 is outside the years 2000 to 2100/],
    [ics(event("20270101", "20270102", "元".repeat(101))), /name on line 3 is longer than 100/],
    [enc("date,kind,name\n2027-02-08,off,春节\n"), /Row 2: the kind "off" is neither/],
    [enc("when,what\n2027-02-08,holiday\n"), /must name the columns date, kind and name/],
    [
      enc(
        `date,kind\n${
          Array.from({ length: CALENDAR_LIMITS.rows + 1 }, () => "2027-02-08,holiday").join("\n")
        }`,
      ),
      /Row 5002 holds data, but a file may hold at most 5000 days/,
    ],
  ];
  for (const [bytes, expected] of cases) {
    assert.match(await refusal(bytes), expected);
  }
  // Bytes that are not UTF-8 in an .ics line.
  const bad = new Uint8Array([...ics("X-A:ok\n").subarray(0, 30), 0xff, 0xfe, 13, 10]);
  assert.match(await refusal(bad), /Line 3 of the calendar is not UTF-8/);
});

Deno.test("a holiday name holding a control character is refused, naming its row or line, in both languages", async () => {
  const zhMessage = async (bytes: Uint8Array) => {
    try {
      await readOfficialFile(bytes);
    } catch (err) {
      assert.ok(err instanceof DomainError, String(err));
      return t("zh", err.messageKey, err.params);
    }
    throw new Error("the file was accepted");
  };
  const nul = enc("date,kind,name\n2027-02-07,holiday,春节\n2027-02-08,holiday,春\u0000节\n");
  assert.equal(
    await refusal(nul),
    "The name on line 3 holds a control character (such as NUL or a line break): nothing was imported",
  );
  assert.equal(
    await zhMessage(nul),
    "第 3 行的名称含有控制字符（如 NUL 或换行）：未导入任何内容",
  );
  // A bell in a quoted .csv name, and an escape character in an .ics summary.
  assert.match(
    await refusal(enc('2027-02-08,holiday,"Spring\u0007 Festival"\n')),
    /^The name on line 1 holds a control character/,
  );
  assert.match(
    await refusal(ics(event("20270208", "20270209", "春节\u001b[31m"))),
    /^The name on line 3 holds a control character/,
  );
});

Deno.test("import: a dry run changes nothing; the import replaces 2027 and adds a make-up day to 2026; a bad file changes nothing", async () => {
  await using env = await testEnv();
  assert.equal(await isWorkingDay(env, "2027-02-08"), true, "before: Monday in Spring Festival");
  assert.equal(await isWorkingDay(env, "2027-02-20"), false, "before: a Saturday");
  assert.equal((await dayInfo(env, "2027-02-08")).officialLoaded, false);

  const withDecember = icsBytes([
    ...EVENTS_2027,
    { start: "20261226", end: "20261227", summary: "元旦(班)" },
  ]);
  const preview = await importOfficialFile(env, withDecember, {
    fileName: "2027.ics",
    dryRun: true,
    by: "admin",
  });
  assert.deepEqual(preview.years, [
    {
      year: 2026,
      action: "add",
      holidays: 0,
      workdays: 1,
      before: { loaded: true, holidays: 33, workdays: 6 },
    },
    {
      year: 2027,
      action: "replace",
      holidays: 24,
      workdays: 4,
      before: { loaded: false, holidays: 0, workdays: 0 },
    },
  ]);
  assert.equal(await isWorkingDay(env, "2027-02-08"), true, "a dry run changes nothing");

  await importOfficialFile(env, withDecember, { fileName: "2027.ics", by: "admin" });
  const info = await dayInfo(env, "2027-02-08");
  assert.deepEqual(info, {
    date: "2027-02-08",
    working: false,
    reason: { kind: "holiday", name: "春节", nameEn: null },
    officialLoaded: true,
  });
  assert.equal(await isWorkingDay(env, "2027-02-20"), true, "make-up Saturday");
  assert.equal(await isWorkingDay(env, "2026-12-26"), true, "added to 2026");
  assert.equal(await isWorkingDay(env, "2026-10-01"), false, "the rest of 2026 is kept");

  // A second file for 2027 replaces the first whole; a bad one changes nothing.
  await importOfficialFile(env, icsBytes(EVENTS_2027.slice(0, 1)), { fileName: "b.ics" });
  assert.equal(await isWorkingDay(env, "2027-02-08"), true);
  assert.equal(await isWorkingDay(env, "2027-01-01"), false);
  await assert.rejects(
    importOfficialFile(
      env,
      ics(event("20270206", "20270215", "春节") + event("20270230", "20270301", "x")),
      {
        fileName: "bad.ics",
      },
    ),
    DomainError,
  );
  assert.equal(await isWorkingDay(env, "2027-02-08"), true, "the bad file changed nothing");
});

Deno.test("the seeded calendar answers as chinese-days 1.5.7 for every day from 2004 to 2026", async () => {
  await using env = await testEnv();
  const differ: string[] = [];
  for (let d = Date.UTC(2004, 0, 1); d <= Date.UTC(2026, 11, 31); d += 86_400_000) {
    const date = new Date(d).toISOString().slice(0, 10);
    if ((await isWorkingDay(env, date)) !== chineseDays.isWorkday(date)) differ.push(date);
  }
  assert.deepEqual(differ, []);
  assert.equal((await dayInfo(env, "2026-12-31")).officialLoaded, true);
  assert.equal((await dayInfo(env, "2027-01-01")).officialLoaded, false);
});
