// Projects whose savings the tests compute by hand. The clock stands at Tuesday 2026-12-01 10:00
// UTC+8. USD is 7.2 CNY from 2026-11-01 and 7.1 from 2026-11-25; every other price is in CNY.
//
// A "Laminate annual supply" (material, Laminate; budget 250,000, last purchase price 210,000):
//   FR-4 laminate 1000 sheets, prepreg 100 rolls a year; first quotes on 2026-11-20:
//   S1: 30 USD (× 7.2 = 216 × 1000 = 216,000) + 10 CNY × 100 (1,000) = 217,000.00
//   S2: 205 CNY × 1000 (205,000) + 12 CNY × 100 (1,200)              = 206,200.00 (first quote)
//   awarded to S1 on 2026-12-01 (not the lowest): 217,000.00
// A2 "Solder mask" (material, Laminate; budget 600): S1 50 CNY × 10 = 500.00 on 2026-10-09, ended
//   2026-10-12, not awarded: the best quote stands.
// B "CO2 laser driller" (asset, Equipment; last purchase price 1,500,000): 2 a year;
//   first quotes on 2026-11-20: S1 100,000 USD (× 7.2 × 2 = 1,440,000.00), S2 700,000 CNY
//   (1,400,000.00: the first quote); round 1 on 2026-11-26: S1 95,000 USD (× 7.1 × 2 =
//   1,349,000.00: the best quote), S2 690,000 CNY (1,380,000.00); awarded to S1 on 2026-12-01.
// C "Drill bits" (material, no category; budget 1,000): quoted with an attachment only, ended
//   2026-11-15: no priced quotes.
// D "Plating line" (asset, Equipment, sealed): ended 2026-11-20, round 1 open until 2026-12-05
//   17:00 UTC+8: sealed, no figure.
import { eq } from "drizzle-orm";
import {
  files,
  offerProjects,
  offerProjectSuppliers,
  offerProjectTypes,
  offerRounds,
  quoteLines,
  quotes,
  suppliers,
} from "../../db/schema.ts";
import type { Deps } from "../../server/domain/context.ts";
import type { fixedClock } from "../../server/domain/context.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { createRate } from "../../server/domain/dictionary/commercial.ts";
import { updateSettings } from "../../server/domain/settings/service.ts";
import { awardProject } from "../../server/domain/auction/award.ts";
import { everything } from "./projects_fixtures.ts";

type Env = Deps & { clock: ReturnType<typeof fixedClock> };

/** The fixtures' "now": Tuesday 2026-12-01 10:00 UTC+8. */
export const SAVINGS_NOW = "2026-12-01T02:00:00.000Z";

/** 10:00 UTC+8 on a day. */
const at = (day: string, time = "10:00") => new Date(`${day}T${time}:00+08:00`);

type Price = [item: number, unitPrice: string, currency: string];

async function quote(
  env: Env,
  projectId: number,
  supplierId: number,
  day: string,
  prices: Price[],
  itemIds: number[],
  round = 0,
) {
  const [f] = await env.db.insert(files).values({
    sha256: crypto.randomUUID().replaceAll("-", "").padEnd(64, "0"),
    size: 10,
    contentType: "application/pdf",
    fileName: "quote.pdf",
    purpose: "quote",
    projectId,
  }).returning();
  const [q] = await env.db.insert(quotes).values({
    projectId,
    supplierId,
    round,
    fileId: f.id,
    submittedAt: at(day),
  }).returning();
  if (!prices.length) return;
  await env.db.insert(quoteLines).values(prices.map(([item, unitPrice, currency]) => ({
    quoteId: q.id,
    itemId: itemIds[item],
    unitPrice,
    taxRate: "13",
    currency,
    tradeTerms: "DDP",
    paymentMethod: "TT",
    paymentTermDays: 60,
    leadTimeDays: 14,
  })));
}

async function project(
  env: Env,
  input: {
    name: string;
    kind: "material" | "asset";
    category: number | null;
    items: [string, string][];
    budget?: string;
    lastPurchasePrice?: string;
    sealed?: boolean;
    endedOn: string;
    invited: number[];
  },
) {
  const p = await createProject(env, everything(), {
    name: input.name,
    kind: input.kind,
    category: input.category,
    offerItemType: input.kind === "asset" ? (input.sealed ? "tendering" : "optimize") : null,
    sealedQuotes: !!input.sealed,
    budget: input.budget,
    lastPurchasePrice: input.lastPurchasePrice,
    opiList: input.items.map(([itemName, estimateYearAmount]) => ({
      itemName,
      estimateYearAmount,
    })),
  });
  await env.db.update(offerProjects).set({
    status: "ended",
    pubDate: at("2026-09-01"),
    offerEndTime: at(input.endedOn, "17:00"),
    endedAt: at(input.endedOn, "17:00"),
    endReason: "deadline",
  }).where(eq(offerProjects.id, p.id));
  await env.db.insert(offerProjectSuppliers).values(input.invited.map((supplierId) => ({
    projectId: p.id,
    supplierId,
    invitedAt: at("2026-09-01"),
    round1: true,
  })));
  return { id: p.id, code: p.code, items: p.opiList.map((i) => i.id!) };
}

/** Builds the projects above; awards A and B (no approval needed) on 2026-12-01. */
export async function savingsData(env: Env) {
  env.clock.set(SAVINGS_NOW);
  await updateSettings(env, {
    items: [{ key: "awardApproval", value: { mode: "none", thresholdCny: "200000" } }],
  });
  for (const [effectiveDate, rate] of [["2026-11-01", "7.2"], ["2026-11-25", "7.1"]]) {
    await createRate(env, everything(), { currency: "USD", effectiveDate, rate });
  }
  const [laminate, equipment] = await env.db.insert(offerProjectTypes).values([
    { name: "Laminate" },
    { name: "Equipment" },
  ]).returning();
  const [s1, s2] = await env.db.insert(suppliers).values([
    { code: "S1", abbrName: "Abbr S1", fullName: "S1 Co.", email1: "s1@example.com" },
    { code: "S2", abbrName: "Abbr S2", fullName: "S2 Co.", email1: "s2@example.com" },
  ]).returning();

  const a = await project(env, {
    name: "Laminate annual supply",
    kind: "material",
    category: laminate.id,
    items: [["FR-4 laminate", "1000"], ["Prepreg 1080", "100"]],
    budget: "250000",
    lastPurchasePrice: "210000.00",
    endedOn: "2026-11-21",
    invited: [s1.id, s2.id],
  });
  await quote(env, a.id, s1.id, "2026-11-20", [[0, "30", "USD"], [1, "10", "CNY"]], a.items);
  await quote(env, a.id, s2.id, "2026-11-20", [[0, "205", "CNY"], [1, "12", "CNY"]], a.items);

  const a2 = await project(env, {
    name: "Solder mask",
    kind: "material",
    category: laminate.id,
    items: [["Solder mask ink", "10"]],
    budget: "600",
    endedOn: "2026-10-12",
    invited: [s1.id],
  });
  await quote(env, a2.id, s1.id, "2026-10-09", [[0, "50", "CNY"]], a2.items);

  const b = await project(env, {
    name: "CO2 laser driller",
    kind: "asset",
    category: equipment.id,
    items: [["CO2 laser driller", "2"]],
    lastPurchasePrice: "1500000",
    endedOn: "2026-11-21",
    invited: [s1.id, s2.id],
  });
  await quote(env, b.id, s1.id, "2026-11-20", [[0, "100000", "USD"]], b.items);
  await quote(env, b.id, s2.id, "2026-11-20", [[0, "700000", "CNY"]], b.items);
  await env.db.insert(offerRounds).values({
    projectId: b.id,
    round: 1,
    openedAt: at("2026-11-24"),
    endTime: at("2026-11-27", "17:00"),
  });
  await quote(env, b.id, s1.id, "2026-11-26", [[0, "95000", "USD"]], b.items, 1);
  await quote(env, b.id, s2.id, "2026-11-26", [[0, "690000", "CNY"]], b.items, 1);

  const c = await project(env, {
    name: "Drill bits",
    kind: "material",
    category: null,
    items: [["Drill bit 0.2mm", "5000"]],
    budget: "1000",
    endedOn: "2026-11-15",
    invited: [s1.id],
  });
  await quote(env, c.id, s1.id, "2026-11-14", [], c.items);

  const d = await project(env, {
    name: "Plating line",
    kind: "asset",
    category: equipment.id,
    items: [["Plating line", "1"]],
    sealed: true,
    endedOn: "2026-11-20",
    invited: [s1.id],
  });
  await quote(env, d.id, s1.id, "2026-11-19", [[0, "100", "CNY"]], d.items);
  await env.db.insert(offerRounds).values({
    projectId: d.id,
    round: 1,
    openedAt: at("2026-11-28"),
    endTime: at("2026-12-05", "17:00"),
  });

  for (const [p, s] of [[a, s1], [b, s1]] as const) {
    await awardProject(env, everything(), {
      offProId: p.id,
      scope: "project",
      supplierId: s.id,
      reason: "Best value",
    });
  }
  return { a, a2, b, c, d, s1, s2, laminate, equipment };
}
