// audit verify and quotes list / download as real subprocesses (with the system clock) against the
// test's database file: a sealed quote is refused from the shell too, opens once the project has
// ended (written to the audit log), and a record edited in the database fails verification.
import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { auditLogs, offerProjects } from "../../db/schema.ts";
import { type TestEnv, testEnv } from "../helpers.ts";
import {
  agree,
  pdfFile,
  publishedProject,
  submit,
  supplierWithLogin,
} from "../http/quotes_fixtures.ts";
import { runCli } from "./run.ts";

async function cli(env: TestEnv, args: string[]) {
  return await runCli(env.dataDir, args, { DEMO_DATA: "0" });
}

Deno.test("cli: quotes download is refused while sealed and audited after the end; audit verify names a broken link", async () => {
  await using env = await testEnv();
  // The subprocess judges time by the system clock.
  env.clock.set(new Date());
  const s1 = await supplierWithLogin(env, "S1");
  const p = await publishedProject(env, [s1.supplier.id]);
  await env.db.update(offerProjects).set({ sealedQuotes: true }).where(eq(offerProjects.id, p.id));
  await agree(env, s1.token, p.id);
  const q = (await submit(env, s1.token, p.id, pdfFile("CLI-SECRET 12.34"))).json.result;

  let r = await cli(env, ["audit", "verify"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /The quote record is intact\. Entries: 1;/);

  r = await cli(env, ["quotes", "list", p.code]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /S1 .*First quote.*\(sealed\)/);
  assert.doesNotMatch(r.stdout, /报价单\.pdf/);

  const out = `${env.dataDir}/quote-out.pdf`;
  r = await cli(env, ["quotes", "download", String(q.id), "--out", out]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /sealed until quoting ends/);
  await assert.rejects(Deno.stat(out), "nothing was written");

  // Across projects, as the supplier quotations page lists them: sealed here too.
  const p2 = await publishedProject(env, [s1.supplier.id], { name: "Drill bits" });
  await agree(env, s1.token, p2.id);
  assert.equal((await submit(env, s1.token, p2.id, pdfFile("drill", "drill.pdf"))).status, 200);
  r = await cli(env, ["quotes", "recent"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`${p2.code}\\s+S1\\s+First quote.*yes\\s+drill\\.pdf`));
  assert.match(r.stdout, new RegExp(`${p.code}\\s+S1.*\\(sealed\\)`));
  assert.match(r.stdout, /2 of 2 submissions/);
  r = await cli(env, ["quotes", "recent", "--keyword", "drill", "--json"]);
  assert.deepEqual(JSON.parse(r.stdout).map((x: { projectCode: string }) => x.projectCode), [
    p2.code,
  ]);
  r = await cli(env, ["quotes", "recent", "--since", "yesterday"]);
  assert.equal(r.code, 2, "a date that is not one is bad input");

  r = await cli(env, ["projects", "end", p.code]);
  assert.equal(r.code, 0, r.stderr);
  r = await cli(env, ["quotes", "download", String(q.id), "--out", out]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(new TextDecoder().decode(await Deno.readFile(out)), /CLI-SECRET 12\.34/);
  const log = await env.db.select().from(auditLogs).where(and(
    eq(auditLogs.serviceName, "QuoteAccess"),
    eq(auditLogs.httpMethod, "CLI"),
  ));
  assert.equal(log.length, 1);
  assert.equal(log[0].userName, "admin");

  await env.db.run(sql`drop trigger quote_chain_no_update`);
  await env.db.run(sql`update quote_chain set supplier_id = supplier_id + 1 where seq = 1`);
  r = await cli(env, ["audit", "verify"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /Broken link at entry 1 \(quote \d+\): its content was changed/);
  assert.match(r.stderr, /NOT intact/);
});
