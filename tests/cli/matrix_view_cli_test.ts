// matrix --view total: the buyer's cost terms change the rank on the command line as on the page;
// a bad --view is refused.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { fixedClock } from "../../server/domain/context.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { createRate } from "../../server/domain/dictionary/commercial.ts";
import { createCostTerm } from "../../server/domain/comparison/costTerms.ts";
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

Deno.test("CLI: matrix --view total ranks by the total cost with the cost terms", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-view-" });
  try {
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" });
    const now = new Date("2026-11-20T02:00:00Z");
    const deps = await openDeps(config, fixedClock(now));
    await seed(deps);
    const p = await createProject(deps, everything(), {
      name: "Laminates",
      kind: "material",
      opiList: [{ itemName: "FR-4", unit: "sheet", estimateYearAmount: "100" }],
    });
    await createRate(deps, everything(), {
      currency: "USD",
      effectiveDate: "2026-11-01",
      rate: "7.6",
    });
    const [a, b] = await deps.db.insert(suppliers).values([
      { code: "SA", abbrName: "Alpha", fullName: "SA", email1: "sa@example.com" },
      { code: "SB", abbrName: "Beta", fullName: "SB", email1: "sb@example.com" },
    ]).returning();
    await deps.db.update(offerProjects).set({
      status: "ended",
      pubDate: now,
      offerEndTime: now,
      endedAt: now,
    }).where(eq(offerProjects.id, p.id));
    // SA 1 USD (7.6 CNY) on 30 days, SB 7.5 CNY on 90 days.
    for (
      const [s, price, currency, days] of [[a, "1", "USD", 30], [b, "7.5", "CNY", 90]] as const
    ) {
      await deps.db.insert(offerProjectSuppliers).values({
        projectId: p.id,
        supplierId: s.id,
        invitedAt: now,
      });
      const [f] = await deps.db.insert(files).values({
        sha256: "0".repeat(64),
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
      await deps.db.insert(quoteLines).values({
        quoteId: q.id,
        itemId: p.opiList[0].id!,
        unitPrice: price,
        taxRate: "13",
        currency,
        tradeTerms: "DDP",
        paymentMethod: "TT",
        paymentTermDays: days,
        leadTimeDays: 7,
      });
    }
    // SB: freight 1 USD a sheet on the line (100 sheets: 100 USD = 760 CNY, 7.6 a sheet) and
    // financing at 7.3 % a year on 90 days (1.8 % of 7.5 = 0.135 a sheet): 15.235 a sheet.
    await createCostTerm(deps, everything(), {
      offProId: p.id,
      supplierId: b.id,
      itemId: p.opiList[0].id!,
      kind: "freight",
      basis: "amount",
      value: "100",
      currency: "USD",
    });
    await createCostTerm(deps, everything(), {
      offProId: p.id,
      supplierId: b.id,
      kind: "financing",
      basis: "percent",
      value: "7.3",
    });
    deps.close();
    const env = { DEMO_DATA: "0" };

    let r = await runCli(dir, ["matrix", p.code, "--view", "price"], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /SA Alpha\s+7\.6000\s+2\n/);
    assert.match(r.stdout, /SB Beta\s+7\.5000\s+1\n/);
    assert.match(r.stdout, /Ranked by price/);

    r = await runCli(dir, ["matrix", p.code, "--view", "total"], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1\. FR-4 \(100 sheet\)\nSupplier\s+Total cost per unit \(CNY\)\s+Rank/);
    assert.match(r.stdout, /SA Alpha\s+7\.6000\s+1\n/);
    assert.match(r.stdout, /SB Beta\s+15\.2350\s+2\n/);
    // Totals: price 760 / 750; total cost 760 / 1,523.50; ranked by the total cost.
    assert.match(r.stdout, /SA Alpha\s+760\.00\s+760\.00\s+1\n/);
    assert.match(r.stdout, /SB Beta\s+750\.00\s+1523\.50\s+2\n/);
    assert.match(r.stdout, /Ranked by total cost/);

    r = await runCli(dir, ["matrix", p.code, "--view", "cheapest"], env);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--view is price or total/);

    r = await runCli(dir, ["matrix", p.code, "--view", "total", "--json"], env);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.deepEqual(json.totalCost.terms.map((t: { cny: string }) => t.cny), ["760.00", "13.50"]);

    r = await runCli(dir, ["matrix", p.code, "--view", "total"], { ...env, LANG: "zh_CN.UTF-8" });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /按总成本排名/);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
