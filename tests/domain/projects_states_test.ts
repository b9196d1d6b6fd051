// The transition table, walked through the service: every action in every state.
import assert from "node:assert/strict";
import { testEnv } from "../helpers.ts";
import { endProject, openOptimizeRound } from "../../server/domain/projects/lifecycle.ts";
import { closeProject } from "../../server/domain/auction/closeProject.ts";
import { deleteProject, updateProject } from "../../server/domain/projects/edit.ts";
import { getProjectData } from "../../server/domain/projects/read.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { transitions } from "../../server/domain/projects/rules.ts";
import { assetProject, DEADLINE, everything, quote, supplier } from "./projects_fixtures.ts";

type State = "unpublished" | "published" | "ended" | "closed";
const states: State[] = ["unpublished", "published", "ended", "closed"];
const actions = ["edit", "delete", "publish", "end", "close", "openRound"] as const;

/** An asset project (so rounds apply) brought into `state`, with one first quote once published. */
async function projectIn(env: Awaited<ReturnType<typeof testEnv>>, state: State) {
  const actor = everything();
  const p = await assetProject(env, actor);
  const s = await supplier(env, `S${p.id}`);
  if (state === "unpublished") return { p, s };
  await publishProject(env, actor, {
    offProManagerId: p.id,
    offerEndTime: DEADLINE,
    supList: [{ id: s.id, code: s.code }],
  });
  await supplier(env, `X${p.id}`); // a second, uninvited supplier keeps the early end away
  await quote(env, p.id, s.id);
  if (state === "ended") await endProject(env, actor, p.id);
  if (state === "closed") await closeProject(env, actor, { offProId: p.id, closeReason: "test" });
  return { p, s };
}

async function attempt(env: Awaited<ReturnType<typeof testEnv>>, state: State, action: string) {
  const { p, s } = await projectIn(env, state);
  const actor = everything();
  const run: Record<string, () => Promise<unknown>> = {
    edit: () =>
      updateProject(env, actor, {
        id: p.id,
        name: "renamed",
        kind: "asset",
        offerItemType: "optimize",
      }),
    delete: () => deleteProject(env, actor, p.id),
    publish: () =>
      publishProject(env, actor, {
        offProManagerId: p.id,
        offerEndTime: DEADLINE,
        supList: [{ id: s.id, code: s.code }],
      }),
    end: () => endProject(env, actor, p.id),
    close: () => closeProject(env, actor, { offProId: p.id, closeReason: "no longer needed" }),
    openRound: () => openOptimizeRound(env, actor, { offProId: p.id, round: 1, endTime: DEADLINE }),
  };
  try {
    await run[action]();
    return "allowed";
  } catch (err) {
    if (err instanceof DomainError && err.kind === "conflict") return "refused";
    throw err;
  }
}

for (const state of states) {
  Deno.test(`state table: ${state}`, async () => {
    await using env = await testEnv();
    for (const action of actions) {
      const want = (transitions[state] as readonly string[]).includes(action)
        ? "allowed"
        : "refused";
      assert.equal(await attempt(env, state, action), want, `${action} when ${state}`);
    }
  });
}

Deno.test("the state table says what the README says", async () => {
  // The README's table: a cell that starts with "yes" allows the action. "quote" in an ended
  // project is allowed only inside an open round, which the table below leaves to quoteRefusal.
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const lines = readme.split("\n").filter((l) =>
    /^\| (state|unpublished|published|ended|closed) /.test(l)
  );
  const cells = (l: string) => l.split("|").slice(1, -1).map((c) => c.trim());
  const [head, ...rows] = lines.map(cells);
  assert.equal(rows.length, 4, "the README has the state table");
  const fromReadme = Object.fromEntries(rows.map(([state, ...allowed]) => [
    state,
    head.slice(1).filter((_, i) => allowed[i].startsWith("yes")),
  ]));
  const sorted = (o: Record<string, readonly string[]>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, [...v].sort()]));
  assert.deepEqual(sorted(fromReadme), sorted(transitions));
});

Deno.test("an asset project offers round 2 only once round 1 is over, and nothing after it", async () => {
  await using env = await testEnv();
  const actor = everything();
  const { p } = await projectIn(env, "ended");
  const offered = async () =>
    (await getProjectData(env, actor, p.id)).actions.includes("openRound");
  assert.equal(await offered(), true);
  const roundEnd = "2026-11-24T09:00:00.000Z";
  await openOptimizeRound(env, actor, { offProId: p.id, round: 1, endTime: roundEnd });
  assert.equal(await offered(), false, "round 1 is still open");
  await assert.rejects(
    openOptimizeRound(env, actor, { offProId: p.id, round: 2, endTime: DEADLINE }),
    DomainError,
  );
  env.clock.set(roundEnd);
  assert.equal(await offered(), true, "round 1 is over");
  await openOptimizeRound(env, actor, { offProId: p.id, round: 2, endTime: DEADLINE });
  assert.equal(await offered(), false, "both rounds were opened");
});
