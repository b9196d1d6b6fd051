// Volume data for benchmarks and demos: suppliers with Chinese and English names, categories,
// material and asset projects in every state, line items, invitations, quotes with history and
// optimisation rounds audit-log rows; written in batched multi-row inserts inside transactions.
import { eq, inArray, sql } from "drizzle-orm";
import {
  auditLogs,
  files,
  offerProjectItems,
  offerProjects,
  offerProjectSuppliers,
  offerProjectTypes,
  offerRounds,
  quoteChain,
  quotes,
  roles,
  sequences,
  suppliers,
  userRoles,
  users,
} from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { StaticRoles } from "../auth/permissions.ts";
import { generatePassword, hashPassword } from "../shared/password.ts";
import { storeUpload } from "../files/service.ts";
import { tinyPdf } from "../quotes/demo.ts";
import { chainEntries, chainHead, contentHash } from "../quotes/chain.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { MONTHLY_PURCHASE_THRESHOLD } from "../projects/schemas.ts";
import { mergeIndex } from "../shared/trigram.ts";
import { nextId, writeRows } from "./writeRows.ts";
import { type GenerateCounts } from "./size.ts";
import {
  auditCalls,
  browsers,
  categories,
  equipment,
  factories,
  givenNames,
  materials,
  rng,
  supplierName,
  surnames,
} from "./vocabulary.ts";
import { transaction } from "../../../db/client.ts";

export type GenerateOptions = {
  /** Same seed, same data. */
  seed?: number;
  /** How many effective suppliers get a portal sign-in (user name = code). */
  portalUsers?: number;
  buyers?: number;
  onProgress?: (p: { stage: string; done: number; total: number }) => void;
};

export type GenerateReport = GenerateCounts & {
  categories: number;
  buyers: number;
  portalUsers: number;
  invitations: number;
  rounds: number;
  /** The password of every generated sign-in (buyers and portal users). */
  password: string;
  buyerUserNames: string[];
  ms: number;
};

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Spreads `total` over `n` buckets as evenly as possible. */
const share = (total: number, n: number, i: number) =>
  Math.floor(total / n) + (i < total % n ? 1 : 0);

type ProjectPlan = {
  id: number;
  kind: "material" | "asset";
  state: "unpublished" | "open" | "openQuoted" | "pastDeadline" | "ended" | "closed";
  createdAt: number;
  pubDate: number | null;
  offerEndTime: number | null;
  optimize: boolean;
  invited: number[];
};

/**
 * Fills the database with generated rows in the given counts. Rows are added beside what is there
 * (ids continue after the highest); project numbers continue each day's sequence.
 */
export async function generateDemoData(
  deps: Deps,
  counts: GenerateCounts,
  opts: GenerateOptions = {},
): Promise<GenerateReport> {
  const started = performance.now();
  const r = rng(opts.seed ?? 20261123);
  const now = deps.clock.now().getTime();
  const progress = opts.onProgress;
  // One random password for every generated account of this run, told once in the report: a
  // generated database never comes up with a well-known sign-in. One hash: hashing is slow.
  const password = generatePassword();
  const passwordHash = await hashPassword(password);

  // Quote files: a few real PDFs in the file store, shared by the generated quote rows.
  const pdfs: { sha256: string; size: number }[] = [];
  for (let k = 0; k < 4; k++) {
    const bytes = tinyPdf([`Generated quotation ${k + 1}`, "Unit price in CNY before tax"]);
    const f = await storeUpload(deps, {
      file: new File([bytes as Uint8Array<ArrayBuffer>], `quotation-${k + 1}.pdf`),
      purpose: "other",
    });
    const row = (await deps.db.select().from(files).where(eq(files.id, f.id)))[0];
    pdfs.push({ sha256: row.sha256, size: row.size });
  }

  // ---- Staff ----
  const roleRows = await deps.db.select().from(roles)
    .where(inArray(roles.name, [StaticRoles.Buyer, StaticRoles.Supplier]));
  const roleId = (name: string) => roleRows.find((x) => x.name === name)!.id;
  const buyerCount = opts.buyers ?? 20;
  const firstUser = await nextId(deps, users);
  const runTag = String(firstUser);
  const buyerUserNames: string[] = [];
  await writeRows(deps, users, "users", buyerCount, (i) => {
    const [sn, snEn] = r.pick(surnames);
    const [gn, gnEn] = r.pick(givenNames);
    const userName = `gbuyer${runTag}-${i + 1}`;
    buyerUserNames.push(userName);
    return {
      id: firstUser + i,
      userName,
      normalizedUserName: userName,
      name: `${sn}${gn} ${snEn} ${gnEn}`,
      emailAddress: `${userName}@example.com`,
      passwordHash,
      isDemo: true,
      kind: "staff" as const,
      language: r.chance(0.7) ? "zh" as const : "en" as const,
      createdAt: new Date(now - 400 * DAY),
    };
  }, progress);
  await writeRows(deps, userRoles, "users", buyerCount, (i) => ({
    userId: firstUser + i,
    roleId: roleId(StaticRoles.Buyer),
  }), undefined);
  const buyers = Array.from({ length: buyerCount }, (_, i) => firstUser + i);

  // ---- Suppliers ----
  const firstSupplier = await nextId(deps, suppliers);
  const supplierStatus: boolean[] = [];
  const supplierCodes: string[] = [];
  await writeRows(deps, suppliers, "suppliers", counts.suppliers, (i) => {
    const n = supplierName(r);
    const effective = i < (opts.portalUsers ?? 500) || r.chance(0.95);
    const code = `G${runTag}-${String(i + 1).padStart(6, "0")}`;
    supplierStatus.push(effective);
    supplierCodes.push(code);
    const created = now - r.int(30, 1500) * DAY;
    return {
      id: firstSupplier + i,
      code,
      abbrName: n.abbrName,
      fullName: n.fullName,
      status: effective ? "effective" as const : "invalid" as const,
      contactPerson: n.contact,
      contactNumber: `+86 ${r.int(130, 199)} ${r.int(1000, 9999)} ${r.int(1000, 9999)}`,
      email1: `sales${i + 1}@${n.domain}.example.com`,
      email2: r.chance(0.3) ? `rfq${i + 1}@${n.domain}.example.com` : null,
      email3: null,
      cooperationStatus: r.chance(0.6) ? "qualified" as const : "potential" as const,
      source: r.chance(0.7) ? "erp" as const : "local" as const,
      erpEditDate: new Date(created + r.int(0, 20) * DAY),
      createdAt: new Date(created),
      updatedAt: new Date(created + r.int(0, 20) * DAY),
    };
  }, progress);
  const effectiveSuppliers = supplierStatus.flatMap((ok, i) => ok ? [firstSupplier + i] : []);

  // Portal sign-ins of the first effective suppliers (user name = supplier code).
  const portal = Math.min(opts.portalUsers ?? 500, effectiveSuppliers.length);
  const firstPortalUser = firstUser + buyerCount;
  const portalUserOf = new Map<number, number>();
  await writeRows(deps, users, "portal users", portal, (i) => {
    const supplierId = effectiveSuppliers[i];
    const code = supplierCodes[supplierId - firstSupplier];
    portalUserOf.set(supplierId, firstPortalUser + i);
    return {
      id: firstPortalUser + i,
      userName: code,
      normalizedUserName: code.toLowerCase(),
      name: code,
      emailAddress: null,
      passwordHash,
      isDemo: true,
      kind: "supplier" as const,
      supplierId,
      createdAt: new Date(now - 300 * DAY),
    };
  }, progress);
  await writeRows(deps, userRoles, "portal users", portal, (i) => ({
    userId: firstPortalUser + i,
    roleId: roleId(StaticRoles.Supplier),
  }), undefined);

  // ---- Categories ----
  const categoryIds: number[] = [];
  for (const [name, description] of categories) {
    await deps.db.insert(offerProjectTypes).values({ name, description, sort: categoryIds.length })
      .onConflictDoNothing();
    const [row] = await deps.db.select({ id: offerProjectTypes.id }).from(offerProjectTypes)
      .where(eq(offerProjectTypes.name, name));
    categoryIds.push(row.id);
  }
  const materialCategories = categoryIds.slice(0, 10);
  const assetCategories = categoryIds.slice(10);

  // ---- Projects ----
  const firstProject = await nextId(deps, offerProjects);
  const plans: ProjectPlan[] = [];
  const states: [ProjectPlan["state"], number][] = [
    ["unpublished", 0.08],
    ["open", 0.06],
    ["openQuoted", 0.06],
    ["pastDeadline", 0.03],
    ["ended", 0.45],
    ["closed", 0.32],
  ];
  const seq = new Map<string, number>();
  const existingSeq = await deps.db.select().from(sequences);
  for (const s of existingSeq) seq.set(s.name, s.value);
  const pickState = () => {
    let x = r.next();
    for (const [s, p] of states) if ((x -= p) < 0) return s;
    return "closed";
  };
  await writeRows(deps, offerProjects, "projects", counts.projects, (i) => {
    const kind = r.chance(0.7) ? "material" as const : "asset" as const;
    // The first few projects cover every state, whatever the scale.
    const state = i < states.length ? states[i][0] : pickState();
    const recent = state === "unpublished" || state === "open" || state === "openQuoted";
    const createdAt = recent
      ? now - r.int(1, 20 * 24) * HOUR
      : state === "pastDeadline"
      ? now - r.int(3, 30) * DAY
      : now - r.int(20, 1095) * DAY - r.int(0, 23) * HOUR;
    const pubDate = state === "unpublished" ? null : createdAt + r.int(1, 48) * HOUR;
    const offerEndTime = state === "unpublished"
      ? (r.chance(0.5) ? now + r.int(3, 20) * DAY : null)
      : state === "open" || state === "openQuoted"
      ? now + r.int(2, 14 * 24) * HOUR
      : state === "pastDeadline"
      ? now - r.int(1, 48) * HOUR
      : pubDate! + r.int(3, 15) * DAY;
    const optimize = kind === "asset" && r.chance(0.4);
    const prefix = `${kind === "asset" ? "AMS" : "QP"}-${
      dateInUtc8(new Date(createdAt)).replaceAll("-", "")
    }`;
    const n = (seq.get(`project:${prefix}`) ?? 0) + 1;
    seq.set(`project:${prefix}`, n);
    const plan: ProjectPlan = {
      id: firstProject + i,
      kind,
      state,
      createdAt,
      pubDate,
      offerEndTime,
      optimize,
      invited: [],
    };
    if (state !== "unpublished" && effectiveSuppliers.length) {
      const want = Math.min(effectiveSuppliers.length, r.int(2, 8));
      const chosen = new Set<number>();
      while (chosen.size < want) chosen.add(r.pick(effectiveSuppliers));
      plan.invited = [...chosen];
    }
    plans.push(plan);
    const item = kind === "asset" ? r.pick(equipment) : undefined;
    const amount = kind === "asset" ? String(r.int(20, 9000) * 1000) : null;
    const ended = state === "ended" || state === "closed";
    const buyer = r.pick(buyers);
    return {
      id: plan.id,
      code: `${prefix}-${String(n).padStart(3, "0")}`,
      name: kind === "asset"
        ? `${item![0]} ${r.pick(factories).split(" ")[0]} ${r.int(1, 6)} 台`
        : `${new Date(createdAt).getUTCFullYear()} 年 ${r.pick(categories.slice(0, 10))[0]} 采购 ${
          r.int(1, 12)
        } 月`,
      kind,
      typeId: r.pick(kind === "asset" ? assetCategories : materialCategories),
      status: state === "unpublished"
        ? "unpublished" as const
        : state === "ended"
        ? "ended" as const
        : state === "closed"
        ? "closed" as const
        : "published" as const,
      pubDate: pubDate ? new Date(pubDate) : null,
      offerEndTime: offerEndTime ? new Date(offerEndTime) : null,
      demandCode: kind === "asset" ? `AMS-REQ-${runTag}-${String(i + 1).padStart(6, "0")}` : null,
      equipmentName: item ? item[0] : null,
      offerItemType: kind === "asset"
        ? (optimize
          ? "optimize" as const
          : r.pick(["tendering", "comparePrices", "bargaining"] as const))
        : null,
      estimatedAmount: amount,
      monthlyPurchase: amount !== null && Number(amount) >= MONTHLY_PURCHASE_THRESHOLD,
      isBidding: kind === "asset" && r.chance(0.3),
      fromAms: kind === "asset" && r.chance(0.5),
      remark: r.chance(0.2)
        ? "请注明交期与付款条件 Please state lead time and payment terms"
        : null,
      endedAt: ended ? new Date(offerEndTime!) : null,
      endedBy: ended && r.chance(0.2) ? buyer : null,
      endReason: ended ? r.pick(["deadline", "deadline", "manual", "allQuoted"] as const) : null,
      closedAt: state === "closed" ? new Date(offerEndTime! + r.int(1, 20) * DAY) : null,
      closedBy: state === "closed" ? buyer : null,
      closeReason: state === "closed"
        ? r.pick(["已定标 Awarded", "需求取消 Demand cancelled", "重新询价 Re-quoted"])
        : null,
      creatorId: buyer,
      createdAt: new Date(createdAt),
      updatedAt: new Date(pubDate ?? createdAt),
    };
  }, progress);
  await transaction(deps.db, async (tx) => {
    for (const [name, value] of seq) {
      await tx.insert(sequences).values({ name, value })
        .onConflictDoUpdate({ target: sequences.name, set: { value } });
    }
  });

  // ---- Line items ----
  const itemsOf = plans.map((_, i) => share(counts.items, plans.length, i));
  const itemProject = new Int32Array(counts.items);
  const itemSort = new Int32Array(counts.items);
  let itemAt = 0;
  itemsOf.forEach((n, i) => {
    for (let k = 0; k < n; k++, itemAt++) [itemProject[itemAt], itemSort[itemAt]] = [i, k];
  });
  await writeRows(deps, offerProjectItems, "line items", counts.items, (k) => {
    const p = plans[itemProject[k]];
    const sort = itemSort[k];
    if (p.kind === "asset") {
      const [name, unit] = r.pick(equipment);
      return {
        projectId: p.id,
        sort,
        materialCode: null,
        itemName: name,
        description: `规格见附件 See attached specification, rev ${r.int(1, 9)}`,
        unit,
        estimateYearAmount: String(r.int(1, 4)),
        useFactory: r.pick(factories),
        needExplain: r.chance(0.3) ? "含安装调试与培训 Installation and training included" : null,
      };
    }
    const [code, name, unit, description] = r.pick(materials);
    return {
      projectId: p.id,
      sort,
      materialCode: `${code}-${r.int(100, 999)}`,
      itemName: name,
      description,
      unit,
      estimateYearAmount: `${r.int(10, 200000)}${r.chance(0.2) ? ".5" : ""}`,
      useFactory: r.pick(factories),
      needExplain: r.chance(0.3) ? "RoHS, UL 认证 / RoHS and UL certified" : null,
    };
  }, progress);

  // ---- Invitations, rounds, quotes ----
  type Invite = typeof offerProjectSuppliers.$inferInsert;
  type Round = typeof offerRounds.$inferInsert;
  type Quote = { projectId: number; supplierId: number; round: number; at: number };
  const invites: Invite[] = [];
  const rounds: Round[] = [];
  const quoteRows: Quote[] = [];
  const allQuoted = new Map<number, number>();
  const quotable = plans.filter((p) =>
    p.invited.length && p.state !== "open" && p.state !== "unpublished"
  );
  const budgetIndexOf = new Map(quotable.map((p, i) => [p.id, i]));
  plans.forEach((p) => {
    if (!p.invited.length) return;
    const budgetIndex = budgetIndexOf.get(p.id) ?? -1;
    const budget = budgetIndex < 0 ? 0 : share(counts.quotes, quotable.length, budgetIndex);
    const closes = p.offerEndTime!;
    const open = p.state === "openQuoted";
    const span = Math.max(HOUR, Math.min(closes, now) - p.pubDate!);
    // Round 0: distinct suppliers first; an open project keeps one supplier yet to quote.
    const firstQuoters = Math.min(budget, open ? p.invited.length - 1 : p.invited.length);
    const hasRounds = p.optimize && (p.state === "ended" || p.state === "closed") &&
      budget > firstQuoters;
    const roundCount = hasRounds ? (r.chance(0.4) ? 2 : 1) : 0;
    for (let k = 1; k <= roundCount; k++) {
      const openedAt = closes + k * 2 * DAY;
      rounds.push({
        projectId: p.id,
        round: k,
        openedAt: new Date(openedAt),
        openedBy: null,
        endTime: new Date(openedAt + DAY),
      });
    }
    const quoted = p.invited.slice(0, Math.max(0, firstQuoters));
    p.invited.forEach((supplierId) => {
      const agreed = quoted.includes(supplierId) || r.chance(0.3);
      invites.push({
        projectId: p.id,
        supplierId,
        invitedAt: new Date(p.pubDate!),
        round1: roundCount >= 1 && quoted.includes(supplierId),
        round2: roundCount >= 2 && quoted.includes(supplierId),
        agreedAt: agreed ? new Date(p.pubDate! + r.int(1, 60) * 60_000) : null,
        agreedBy: agreed ? portalUserOf.get(supplierId) ?? null : null,
      });
    });
    let last = 0;
    for (let k = 0; k < budget; k++) {
      if (k < firstQuoters) {
        const at = p.pubDate! + HOUR + Math.floor(r.next() * (span - HOUR));
        last = Math.max(last, at);
        quoteRows.push({ projectId: p.id, supplierId: quoted[k], round: 0, at });
      } else if (roundCount && quoted.length) {
        const round = 1 + (k % roundCount);
        const rd = rounds[rounds.length - roundCount + round - 1];
        const at = (rd.openedAt as Date).getTime() + r.int(1, 23 * 60) * 60_000;
        quoteRows.push({ projectId: p.id, supplierId: r.pick(quoted), round, at });
      } else if (quoted.length) {
        // A resubmission: only the last one counts, the earlier ones stay as history.
        const at = p.pubDate! + HOUR + Math.floor(r.next() * (span - HOUR));
        quoteRows.push({ projectId: p.id, supplierId: r.pick(quoted), round: 0, at });
      }
    }
    if (firstQuoters === p.invited.length && firstQuoters > 0 && !open) allQuoted.set(p.id, last);
  });
  // Everything quoted: record it where it would not end the project earlier than its stored state.
  await transaction(deps.db, async (tx) => {
    for (const [id, at] of allQuoted) {
      // A project past its deadline stays ended by the deadline, not by the early-end window.
      if (plans[id - firstProject].state === "pastDeadline") continue;
      await tx.update(offerProjects).set({ allQuotedAt: new Date(at) })
        .where(eq(offerProjects.id, id));
    }
  });
  await writeRows(
    deps,
    offerProjectSuppliers,
    "invitations",
    invites.length,
    (i) => invites[i],
    progress,
  );
  await writeRows(deps, offerRounds, "rounds", rounds.length, (i) => rounds[i], progress);

  const firstFile = await nextId(deps, files);
  await writeRows(deps, files, "quote files", quoteRows.length, (i) => {
    const q = quoteRows[i];
    const pdf = pdfs[i % pdfs.length];
    return {
      id: firstFile + i,
      sha256: pdf.sha256,
      size: pdf.size,
      contentType: "application/pdf",
      fileName: `报价单-${supplierCodes[q.supplierId - firstSupplier]}-${q.round}.pdf`,
      purpose: "quote" as const,
      projectId: q.projectId,
      uploadedBy: portalUserOf.get(q.supplierId) ?? null,
      createdAt: new Date(q.at),
    };
  }, undefined);
  await writeRows(deps, quotes, "quotes", quoteRows.length, (i) => {
    const q = quoteRows[i];
    return {
      projectId: q.projectId,
      supplierId: q.supplierId,
      round: q.round,
      fileId: firstFile + i,
      submittedAt: new Date(q.at),
      submittedBy: portalUserOf.get(q.supplierId) ?? null,
      clientIp: `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
    };
  }, progress);

  // ---- The quote record: every generated quote chained in the order it was submitted ----
  const written = await deps.db.select({ q: quotes, sha256: files.sha256 }).from(quotes)
    .innerJoin(files, eq(files.id, quotes.fileId))
    .where(sql`${quotes.fileId} >= ${firstFile}`)
    .orderBy(quotes.submittedAt, quotes.id);
  const entries = chainEntries(
    await chainHead(deps.db),
    written.map(({ q, sha256 }) => ({
      projectId: q.projectId,
      supplierId: q.supplierId,
      round: q.round,
      fileId: q.fileId,
      fileSha256: sha256,
      linesHash: null,
      contentHash: contentHash(sha256, null),
      packVersion: q.packVersion,
      packHash: null,
      submittedAt: q.submittedAt.getTime(),
    })),
  );
  await writeRows(
    deps,
    quoteChain,
    "quote record",
    entries.length,
    (i) => ({ ...entries[i], quoteId: written[i].q.id }),
    progress,
  );

  // ---- Audit log ----
  const loggers = [...buyers, ...[...portalUserOf.values()].slice(0, 200)];
  const names = new Map<number, string>();
  buyers.forEach((id, i) => names.set(id, buyerUserNames[i]));
  for (const [supplierId, userId] of portalUserOf) {
    names.set(userId, supplierCodes[supplierId - firstSupplier]);
  }
  await writeRows(deps, auditLogs, "audit log", counts.logs, () => {
    const [method, service, name, status] = r.pick(auditCalls);
    const userId = r.pick(loggers);
    return {
      userId,
      userName: names.get(userId) ?? null,
      serviceName: service.split("/")[1],
      methodName: name,
      httpMethod: method,
      path: `/api/services/${service}/${name}`,
      parameters: method === "GET"
        ? JSON.stringify({ SkipCount: 0, MaxResultCount: 20 })
        : JSON.stringify({ offProId: r.int(1, Math.max(1, counts.projects)) }),
      executionTime: new Date(now - Math.floor(r.next() * 180 * DAY)),
      executionDuration: r.int(2, 400),
      clientIp: `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
      browserInfo: r.pick(browsers),
      httpStatus: status,
      exception: status >= 400 ? "conflict: the deadline has passed" : null,
    };
  }, progress);

  // The planner's statistics, so the new volume is taken into account at once, and the supplier
  // and project search indexes in one piece each, as their daily upkeep leaves them.
  await transaction(deps.db, (tx) => tx.run(sql`ANALYZE`));
  await mergeIndex(deps.db, "suppliers_fts");
  await mergeIndex(deps.db, "offer_projects_fts");

  return {
    ...counts,
    quotes: quoteRows.length,
    categories: categoryIds.length,
    buyers: buyerCount,
    portalUsers: portal,
    invitations: invites.length,
    rounds: rounds.length,
    password,
    buyerUserNames,
    ms: Math.round(performance.now() - started),
  };
}
