// auction status | end, run as a real subprocess on the test's database while it is open (as beside
// a running server): the live figures with each bidder's label, and the early end with its reason,
// marked in the audit log as the CLI's.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLogs } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { awardReady } from "../http/award_fixtures.ts";
import { setUpAuction } from "../../server/domain/auction/setup.ts";
import { runCli } from "./run.ts";

const HOUR = 3600_000;

Deno.test("CLI: auction status shows the live figures; auction end ends it with the reason", async () => {
  await using env = await testEnv();
  const r = await awardReady(env);
  // The CLI runs on the real clock: the auction starts an hour from now.
  const start = Date.now() + HOUR;
  await setUpAuction(env, r.buyer.actor, {
    offProId: r.project.id,
    startAt: new Date(start),
    endAt: new Date(start + HOUR),
    step: "500",
  });
  const code = r.project.code;
  const cli = (args: string[]) => runCli(env.dataDir, args, { DEMO_DATA: "0" });

  let out = await cli(["auction", "status", code]);
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, new RegExp(`Auction of ${code}: Not started; start \\d{4}-`));
  assert.match(out.stdout, /1\s+[AB]\s+S2 Abbr S2\s+206200\.00\s+206200\.00/);
  assert.match(out.stdout, /2\s+[AB]\s+S1 Abbr S1\s+217000\.00\s+217000\.00/);
  out = await cli(["auction", "status", code, "--json"]);
  assert.equal(JSON.parse(out.stdout).participants.length, 2);

  out = await cli(["auction", "end", code]);
  assert.equal(out.code, 2);
  out = await cli(["auction", "end", code, "--reason", "Budget frozen"]);
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, new RegExp(`The auction of project ${code} has ended`));
  out = await cli(["auction", "status", code]);
  assert.match(out.stdout, /: Ended;/);
  assert.match(out.stdout, /Ended early: Budget frozen/);
  out = await cli(["auction", "end", code, "--reason", "again"]);
  assert.equal(out.code, 1);
  assert.match(out.stderr, /The auction has already ended/);
  out = await cli(["auction", "status", "NO-SUCH"]);
  assert.equal(out.code, 2);

  const rows = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.methodName, "EndAuctionEarly"));
  assert.deepEqual(rows.map((x) => [x.httpMethod, x.userName]), [["CLI", "admin"]]);
});
