import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { offerProjects, quotes } from "../../db/schema.ts";
import { call, NOW, testEnv } from "../helpers.ts";
import { verifyChain } from "../../server/domain/quotes/chain.ts";
import { agree, pdfFile, publishedProject, submit, supplierWithLogin } from "./quotes_fixtures.ts";

Deno.test("50 suppliers submitting at once in the last second are all recorded, and the early-end window starts", async () => {
  await using env = await testEnv();
  const deadline = new Date(new Date(NOW).getTime() + 3600_000);
  const people = [];
  for (let i = 0; i < 50; i++) {
    people.push(await supplierWithLogin(env, `C${String(i).padStart(3, "0")}`));
  }
  const p = await publishedProject(env, people.map((s) => s.supplier.id), {
    offerEndTime: deadline,
  });
  for (const s of people) assert.equal((await agree(env, s.token, p.id)).status, 200);

  env.clock.set(new Date(deadline.getTime() - 500));
  const answers = await Promise.all(
    people.map((s, i) => submit(env, s.token, p.id, pdfFile(`price of supplier ${i}`))),
  );
  assert.deepEqual(
    answers.map((r) => r.status),
    people.map(() => 200),
    JSON.stringify(answers.find((r) => r.status !== 200)?.json),
  );
  const rows = await env.db.select().from(quotes).where(eq(quotes.projectId, p.id));
  assert.equal(rows.length, 50);
  assert.equal(new Set(rows.map((r) => r.supplierId)).size, 50);
  assert.equal(new Set(rows.map((r) => r.fileId)).size, 50);
  // Each has its own entry in the quote record, one after another, and the chain holds.
  assert.deepEqual(
    answers.map((r) => r.json.result.receipt.recordNo).sort((a, b) => a - b),
    Array.from({ length: 50 }, (_, i) => i + 1),
  );
  const record = await verifyChain(env);
  assert.equal(record.ok, true, JSON.stringify(record));
  const project = await env.db.query.offerProjects.findFirst({ where: eq(offerProjects.id, p.id) });
  assert.equal(project?.allQuotedAt?.getTime(), deadline.getTime() - 500);

  for (const s of people.slice(0, 3)) {
    const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
      token: s.token,
      query: { offProId: p.id },
    });
    assert.equal(mine.json.result.totalCount, 1);
  }
});
