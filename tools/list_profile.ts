// Where a project list's time goes, without HTTP: the bench's list draws (bench/varied.ts) run in
// this process against a generated database, each timed in CPU, grouped by how its keywords are
// found (listText.ts keywordPlan). `deno run -A tools/list_profile.ts [data dir] [draws]`, the data
// dir one the bench made (default /tmp/qmo-bench-1/run, after a `deno task bench`). Figures only.
import process from "node:process";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { variedPaths } from "../bench/varied.ts";
import { loadActor } from "../server/domain/auth/service.ts";
import { fixedClock } from "../server/domain/context.ts";
import { loadConfig } from "../server/config.ts";
import { listProjects } from "../server/domain/projects/list.ts";
import { keywordNeeds } from "../server/domain/projects/listCount.ts";
import {
  judgedByClock,
  keywordsOf,
  type ListProjectsInput,
  listProjectsInput,
} from "../server/domain/projects/listFilters.ts";
import { keywordPlan } from "../server/domain/projects/listText.ts";
import { clockMovedIdsAt } from "../server/domain/projects/statusSql.ts";

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
const inputs = (await variedPaths(db, [buyer.id], 20_000)).list.slice(0, draws).map(inputOf);

/** How the list finds its keywords' matches, as listProjects chooses it. */
async function wayOf(input: ListProjectsInput) {
  const keywords = keywordsOf(input);
  if (!keywords.length) return "no keyword";
  const kinds = ["material", "asset"] as const;
  const query = {
    kinds: [...kinds],
    input,
    clockMoved: judgedByClock(input) ? await clockMovedIdsAt(db, now) : undefined,
  };
  const needs = await keywordNeeds(db, query, now, input.skipCount + input.maxResultCount);
  const plan = await keywordPlan(db, keywords, needs);
  return plan.way === "ids"
    ? "keyword, by ids"
    : `keyword, page ${plan.way}, count ${"count" in plan ? plan.count : plan.way}`;
}

const ways = await Promise.all(inputs.map(wayOf));
// The least of two passes, the first also compiling the statements.
const cpu = inputs.map(() => Infinity);
for (let pass = 0; pass < 2; pass++) {
  for (const [i, input] of inputs.entries()) {
    const before = process.cpuUsage();
    await listProjects(deps, actor, input);
    const used = process.cpuUsage(before);
    cpu[i] = Math.min(cpu[i], (used.user + used.system) / 1000);
  }
}
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
