// questions list --project <code> [--open], run as a real subprocess against a file database.
import assert from "node:assert/strict";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { type Actor, fixedClock } from "../../server/domain/context.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { createSupplier } from "../../server/domain/suppliers/service.ts";
import { askQuestion } from "../../server/domain/questions/supplier.ts";
import { answerQuestion } from "../../server/domain/questions/buyer.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { runCli } from "./run.ts";

async function cli(dataDir: string, args: string[], lang = "en_US.UTF-8") {
  return await runCli(dataDir, args, { LANG: lang, DEMO_DATA: "0" });
}

const asSupplier = (supplierId: number, id: number): Actor => ({
  id,
  userName: `supplier${supplierId}`,
  name: `supplier${supplierId}`,
  kind: "supplier",
  supplierId,
  roleNames: ["Supplier"],
  permissions: new Set(),
});

Deno.test("CLI: questions list shows a project's questions, --open only those not answered", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-questions-" });
  try {
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" });
    const deps = await openDeps(config, fixedClock("2026-11-23T02:00:00Z"));
    await seed(deps);
    const admin = everything();
    const [a, b] = [
      await createSupplier(deps, {
        code: "QA",
        abbrName: "QA",
        fullName: "QA Ltd",
        email1: "qa@x.test",
      }),
      await createSupplier(deps, {
        code: "QB",
        abbrName: "QB",
        fullName: "QB Ltd",
        email1: "qb@x.test",
      }),
    ];
    const p = await createProject(deps, admin, {
      name: "Solder mask",
      kind: "material",
      opiList: [{ itemName: "Green LPI ink", unit: "kg", estimateYearAmount: "40" }],
    });
    await publishProject(deps, admin, {
      offProManagerId: p.id,
      offerEndTime: "2026-11-30T09:00:00Z",
      supList: [{ id: a.id }, { id: b.id }],
    });
    const first = await askQuestion(deps, asSupplier(a.id, 101), {
      offProId: p.id,
      text: "Is a matte finish\naccepted?",
    });
    await askQuestion(deps, asSupplier(b.id, 102), { offProId: p.id, text: "Which viscosity?" });
    await answerQuestion(deps, admin, {
      questionId: first.id,
      answer: "Yes, matte or glossy.",
      visibility: "public",
    });
    deps.close();

    let r = await cli(dir, ["questions", "list", "--project", p.code]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split("\n");
    assert.match(lines[0], /^id\s+asked \(UTC\+8\)\s+supplier\s+answer\s+question\s+answer text$/);
    assert.match(
      lines[1],
      /^1\s+2026-11-23 10:00:00\s+QA\s+to all\s+Is a matte finish accepted\?\s+Yes, matte or glossy\.$/,
    );
    assert.match(lines[2], /^2\s+2026-11-23 10:00:00\s+QB\s+not answered\s+Which viscosity\?$/);
    assert.match(
      r.stdout,
      /2 questions, 1 not answered; questions close at 2026-11-29 17:00:00 \(UTC\+8\)/,
    );

    r = await cli(dir, ["questions", "list", "--project", p.code, "--open", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.deepEqual(json.items.map((q: { supplierCode: string }) => q.supplierCode), ["QB"]);

    r = await cli(dir, ["questions", "list", "--project", p.code, "--open"], "zh_CN.UTF-8");
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /QB\s+未答复\s+Which viscosity\?/);
    assert.doesNotMatch(r.stdout, /QA/);

    r = await cli(dir, ["questions", "list", "--project", "NOPE-1"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Quotation project NOPE-1 was not found/);
    r = await cli(dir, ["questions", "list"]);
    assert.equal(r.code, 2, "--project is required");
    assert.match(r.stderr, /--project <code>/);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
