// scenarios list | show, run as a real subprocess against a file database: each scenario's total,
// difference from the lowest per line, lines with shares, and binding or impossible rules.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { fixedClock } from "../../server/domain/context.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { createScenario } from "../../server/domain/comparison/scenarios.ts";
import {
  files,
  offerProjects,
  offerProjectSuppliers,
  quoteLines,
  quotes,
  suppliers,
} from "../../db/schema.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { runCli } from "./run.ts";

Deno.test("CLI: scenarios list and show print totals, shares and binding rules", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-scenarios-" });
  try {
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" });
    const deps = await openDeps(config, fixedClock("2026-11-20T02:00:00Z"));
    await seed(deps);
    const now = deps.clock.now();
    const p = await createProject(deps, everything(), {
      name: "Laminates",
      kind: "material",
      opiList: [
        { itemName: "FR-4", unit: "sheet", estimateYearAmount: "1000" },
        { itemName: "Prepreg", unit: "roll", estimateYearAmount: "100" },
      ],
    });
    await deps.db.update(offerProjects).set({
      status: "ended",
      pubDate: now,
      offerEndTime: now,
      endedAt: now,
    }).where(eq(offerProjects.id, p.id));
    const [fr4, prepreg] = p.opiList.map((i) => i.id!);
    const prices: [string, string, string, string][] = [
      ["SA", "Alpha", "200", "12"],
      ["SB", "Beta", "210", "10"],
    ];
    for (const [code, abbrName, a, b] of prices) {
      const [s] = await deps.db.insert(suppliers).values({
        code,
        abbrName,
        fullName: `${abbrName} Laminates`,
        email1: `${code}@example.com`,
      }).returning();
      await deps.db.insert(offerProjectSuppliers).values({
        projectId: p.id,
        supplierId: s.id,
        invitedAt: now,
      });
      const [f] = await deps.db.insert(files).values({
        sha256: code.padEnd(64, "0"),
        size: 1,
        contentType: "application/pdf",
        fileName: "q.pdf",
        purpose: "quote",
        projectId: p.id,
      }).returning();
      const [q] = await deps.db.insert(quotes).values({
        projectId: p.id,
        supplierId: s.id,
        fileId: f.id,
        submittedAt: now,
      }).returning();
      for (const [itemId, unitPrice] of [[fr4, a], [prepreg, b]] as const) {
        await deps.db.insert(quoteLines).values({
          quoteId: q.id,
          itemId,
          unitPrice,
          taxRate: "13",
          currency: "CNY",
          tradeTerms: "DDP",
          paymentMethod: "TT",
          paymentTermDays: 30,
          leadTimeDays: 7,
        });
      }
    }
    const save = (name: string, rules: Record<string, unknown>) =>
      createScenario(deps, everything(), { offProId: p.id, name, rules });
    await save("Lowest", {});
    await save("Dual FR-4", {
      secondSources: [{ itemId: fr4, minPercent: 25, basis: "quantity" }],
    });
    await save("Only one", { maxSuppliers: 1, excluded: [] });
    deps.close();

    let r = await runCli(dir, ["scenarios", "list", p.code]);
    assert.equal(r.code, 0, r.stderr);
    // Lowest: FR-4 to Alpha 200,000 + Prepreg to Beta 1,000 = 201,000.
    assert.match(r.stdout, /Lowest\s+201,000\.00\s+0\.00 \(0\.00 %\)\s+No rule binds/);
    // 750 × 200 + 250 × 210 + 1,000 = 203,500.
    assert.match(
      r.stdout,
      /Dual FR-4\s+203,500\.00\s+2,500\.00 \(1\.24 %\)\s+second source for FR-4/,
    );
    assert.match(r.stdout, /Only one\s+201,200\.00\s+200\.00 \(0\.10 %\)\s+at most 1 suppliers/);
    assert.match(r.stdout, /3 scenarios; lowest per line 201,000\.00 CNY/);

    r = await runCli(dir, ["scenarios", "show", p.code, "Dual FR-4"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /FR-4\s+Alpha\s+75\.00 %\s+750\.0000\s+150,000\.00/);
    assert.match(r.stdout, /FR-4\s+Beta\s+25\.00 %\s+250\.0000\s+52,500\.00/);
    assert.match(r.stdout, /Prepreg\s+Beta\s+100\.00 %\s+100\.0000\s+1,000\.00/);

    r = await runCli(dir, ["scenarios", "show", p.code, "Nothing such"]);
    assert.equal(r.code, 2);
    r = await runCli(dir, ["scenarios", "list", p.code], { LANG: "zh_CN.UTF-8" });
    assert.match(r.stdout, /共 3 个方案/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
