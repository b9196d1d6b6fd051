// rates set / list and matrix (table and .xlsx), run as a real subprocess against a file database.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { fixedClock } from "../../server/domain/context.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
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

async function cli(dataDir: string, args: string[]) {
  return await runCli(dataDir, args, { DEMO_DATA: "0" });
}

Deno.test("CLI: rates set and list; matrix as a table and as .xlsx", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-matrix-" });
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
    const [a, b] = await deps.db.insert(suppliers).values([
      { code: "SA", abbrName: "SA", fullName: "SA", email1: "sa@example.com" },
      { code: "SB", abbrName: "SB", fullName: "SB", email1: "sb@example.com" },
    ]).returning();
    // Quoting is over; SA quoted 1 USD, SB 7.5 CNY, both on 2026-11-20 (UTC+8).
    await deps.db.update(offerProjects).set({
      status: "ended",
      pubDate: now,
      offerEndTime: now,
      endedAt: now,
    }).where(eq(offerProjects.id, p.id));
    for (const [s, price, currency] of [[a, "1", "USD"], [b, "7.5", "CNY"]] as const) {
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
        paymentTermDays: 30,
        leadTimeDays: 7,
      });
    }
    deps.close();

    let r = await cli(dir, ["rates", "set", "usd", "2026-11-01", "7.1"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /USD from 2026-11-01: 7\.1 CNY per unit/);
    // Setting the same date again changes it.
    r = await cli(dir, ["rates", "set", "USD", "2026-11-01", "7.6"]);
    assert.equal(r.code, 0, r.stderr);
    r = await cli(dir, ["rates", "set", "XYZ", "2026-11-01", "1"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /XYZ is not an active currency/);
    r = await cli(dir, ["rates", "list", "--json"]);
    assert.deepEqual(JSON.parse(r.stdout).map((x: { rate: string }) => x.rate), ["7.6"]);

    // 1 USD × 7.6 = 7.6 > 7.5: SB is lowest and ranks first.
    r = await cli(dir, ["matrix", p.code]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1\. FR-4 \(100 sheet\)/);
    assert.match(r.stdout, /SA SA\s+7\.6000\s+2\n/);
    assert.match(r.stdout, /SB SB\s+7\.5000\s+1\n/);
    assert.match(r.stdout, /SA SA\s+760\.00\s+760\.00\s+2\n/);
    assert.match(r.stdout, /SB SB\s+750\.00\s+750\.00\s+1\n/);

    const out = `${dir}/matrix.xlsx`;
    r = await cli(dir, ["matrix", p.code, "--xlsx", out]);
    assert.equal(r.code, 0, r.stderr);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const ws = book.getWorksheet("Comparison")!;
    assert.deepEqual([ws.getCell("F5").value, ws.getCell("H5").value], [7.6, 7.5]);
    r = await cli(dir, ["matrix", p.code, "--xlsx", out]);
    assert.equal(r.code, 2, "an existing file is never overwritten");
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
