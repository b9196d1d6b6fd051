// The dashboard's warning counts deadlines by their year in UTC+8: a deadline at 00:30 on New
// Year's Day in China is in the new year although it is still 31 December in UTC.
import assert from "node:assert/strict";
import { offerProjects } from "../../db/schema.ts";
import { missingCalendarYears } from "../../server/domain/projects/calendarNotice.ts";
import { testEnv } from "../helpers.ts";
import { everything } from "./projects_fixtures.ts";

Deno.test("deadline warnings count each year's deadlines by the UTC+8 calendar", async () => {
  await using env = await testEnv();
  const deadlines = [
    "2027-03-01T02:00:00.000Z",
    "2027-12-31T15:30:00.000Z", // 23:30 on 31 December in UTC+8: 2027
    "2027-12-31T16:30:00.000Z", // 00:30 on 1 January in UTC+8: 2028
    "2028-06-01T02:00:00.000Z",
  ];
  for (const [i, at] of deadlines.entries()) {
    await env.db.insert(offerProjects).values({
      code: `CAL-${i}`,
      name: `Calendar ${i}`,
      kind: "material",
      offerEndTime: new Date(at),
    });
  }
  // A closed project's deadline is not warned of.
  await env.db.insert(offerProjects).values({
    code: "CAL-closed",
    name: "Closed",
    kind: "material",
    status: "closed",
    offerEndTime: new Date("2029-01-10T02:00:00.000Z"),
  });
  const years = await missingCalendarYears(env, everything(), "en");
  assert.deepEqual(years.map((y) => [y.year, y.deadlines]), [[2027, 2], [2028, 2]]);
  assert.match(years[0].message, /2027/);
});
