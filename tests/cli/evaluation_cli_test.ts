// evaluation show as a real subprocess against the test's database file: refused (as every price
// is) before the person in charge signs off, then every score and the weighted result; audit verify
// checks the evaluation record too and names a broken link.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { call, testEnv } from "../helpers.ts";
import { EV, scoreAndSubmit, weightedReady } from "../http/evaluation_fixtures.ts";
import { runCli } from "./run.ts";

Deno.test("cli: evaluation show refuses before the sign-off, then prints the scores and the weighted result", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const w = await weightedReady(env);
  const cli = (args: string[], lang = "en_US.UTF-8") =>
    runCli(env.dataDir, args, { DEMO_DATA: "0", LANG: lang });

  let r = await cli(["evaluation", "show", w.project.code]);
  assert.equal(r.code, 1);
  assert.match(
    r.stderr,
    /stay sealed until its person in charge signs the technical evaluation off/,
  );
  assert.doesNotMatch(r.stdout, /84\.01|217000/);

  await scoreAndSubmit(env, w, "ev1");
  await scoreAndSubmit(env, w, "ev2");
  const signed = await call(env, "post", `${EV}/SignOff`, {
    token: w.leader.token,
    body: { offProId: w.project.id },
  });
  assert.equal(signed.status, 200);

  r = await cli(["evaluation", "show", w.project.code]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /ev1\s+Technical fit\s+S1\s+9\s+ev1 on S1/);
  assert.match(r.stdout, /ev2\s+Delivery\s+S2\s+6\s+ev2 on S2/);
  assert.match(
    r.stdout,
    /Rank\s+Supplier\s+Technical fit \(40\)\s+Service \(20\)\s+Delivery \(10\)\s+Price \(30\)\s+Total/,
  );
  assert.match(r.stdout, /1\s+S1\s+34\.00\s+13\.00\s+8\.50\s+28\.51\s+84\.01/);
  assert.match(r.stdout, /2\s+S2\s+26\.00\s+17\.00\s+5\.50\s+30\.00\s+78\.50/);
  r = await cli(["evaluation", "show", w.project.code], "zh_CN.UTF-8");
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /综合得分/);

  r = await cli(["audit", "verify"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /The evaluation record is intact\. Entries: 3;/);
  // An entry changed behind the triggers' back breaks the record.
  await env.db.run(sql`drop trigger evaluation_record_no_update`);
  await env.db.run(sql`update evaluation_record set data = '{"scores":[]}' where seq = 2`);
  r = await cli(["audit", "verify"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /The evaluation record is broken at entry 2 \(entryHash\)/);
});
