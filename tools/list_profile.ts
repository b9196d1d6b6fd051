// Where a project list's time goes, without HTTP: the bench's list draws (bench/varied.ts) run in
// this process against a generated database, each timed in CPU, grouped by how its keywords are
// found (listText.ts keywordPlan). `deno run -A tools/list_profile.ts [data dir] [draws]`, the data
// dir one the bench made (default /tmp/qmo-bench-1/run, after a `deno task bench`). Figures only.
// The draws are timed once, after as many others have run (their statements compiled and their
// keywords' matches kept, listKept.ts, as in a server that has been answering a while).
import process from "node:process";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { variedPaths } from "../bench/varied.ts";
import { loadActor } from "../server/domain/auth/service.ts";
import { fixedClock } from "../server/domain/context.ts";
import { loadConfig } from "../server/config.ts";
import { listProjects, listQueryOf } from "../server/domain/projects/list.ts";
import {
  keywordsOf,
  type ListProjectsInput,
  listProjectsInput,
} from "../server/domain/projects/listFilters.ts";

const dir = Deno.args[0] ?? "/tmp/qmo-bench-1/run";
const draws = Number(Deno.args[1] ?? "1500");
const { db, close } = await openDatabase(`file:${join(dir, "qmo.db")}`);
const now = new Date();
const deps = {
  db,
  clock: fixedClock(now),
  config: loadConfig({ DATA_DIR: dir, JWT_SECRET: "x".repeat(32) }),
};
const generated = JSON.parse(await Deno.readTextFile(join(dir, "generated.json")));
const [buyer] = await db.select().from(users).where(
  eq(users.userName, generated.buyerUserNames[0]),
);
const actor = (await loadActor(db, buyer.id))!;

/** A drawn request's query as the list's input (the API's parameter names, first letter lower). */
const inputOf = (path: string): ListProjectsInput =>
  listProjectsInput.parse(Object.fromEntries(
    [...new URLSearchParams(path.split("?")[1])].map((
      [k, v],
    ) => [k[0].toLowerCase() + k.slice(1), v]),
  ));
const drawn = (await variedPaths(db, [buyer.id], 20_000)).list;
const inputs = drawn.slice(0, draws).map(inputOf);
const before = drawn.slice(draws, 2 * draws).map(inputOf);

/** How the list finds its keywords' matches, as listProjects chooses it. */
async function wayOf(input: ListProjectsInput) {
  if (!keywordsOf(input).length) return "no keyword";
  const { query } = await listQueryOf(
    deps,
    actor,
    input,
    now,
    input.skipCount + input.maxResultCount,
  );
  const plan = query.keywordPlan!;
  return `keyword, page ${
    { ids: "by ids", rows: "on the rows", index: "through the index", joined: "joined" }[plan.way]
  }`;
}

for (const input of before) await listProjects(deps, actor, input);
const cpu = inputs.map(() => Infinity);
for (const [i, input] of inputs.entries()) {
  const start = process.cpuUsage();
  await listProjects(deps, actor, input);
  const used = process.cpuUsage(start);
  cpu[i] = (used.user + used.system) / 1000;
}
// How each was found, asked after timing (asking reads and keeps the keywords' matches).
const ways = await Promise.all(inputs.map(wayOf));
const total = cpu.reduce((a, b) => a + b, 0);
console.log(`${inputs.length} lists: ${(total / inputs.length).toFixed(2)} ms each on average`);
for (const way of [...new Set(ways)].sort()) {
  const times = cpu.filter((_, i) => ways[i] === way).sort((a, b) => a - b);
  const sum = times.reduce((a, b) => a + b, 0);
  console.log(
    `${way}: ${times.length} (${(100 * times.length / inputs.length).toFixed(0)} %), mean ${
      (sum / times.length).toFixed(2)
    } ms, median ${times[times.length >> 1].toFixed(2)} ms, max ${times.at(-1)!.toFixed(1)} ms, ${
      (100 * sum / total).toFixed(0)
    } % of the time`,
  );
}
close();
