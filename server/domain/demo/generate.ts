// Volume data for benchmarks and demos: suppliers with Chinese and English names, categories,
// material and asset projects in every state, line items, invitations, quotes with history and
// optimisation rounds, and audit-log rows; written in batched multi-row inserts inside transactions.
import { and, count, eq, inArray, isNull, max, notInArray, or, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
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
import { generatePassword, hashPassword } from "../auth/password.ts";
import { storeUpload } from "../files/service.ts";
import { tinyPdf } from "../quotes/demo.ts";
import { chainEntries, chainHead, contentHash } from "../quotes/chain.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { MONTHLY_PURCHASE_THRESHOLD } from "../projects/rules.ts";
import { validation } from "../errors.ts";
import { mergeSupplierIndex } from "../suppliers/search.ts";
import { demoSupplierCodes } from "../suppliers/demo.ts";
import { demoProjectNames } from "../projects/demo.ts";

export type GenerateCounts = {
  suppliers: number;
  projects: number;
  items: number;
  quotes: number;
  logs: number;
};

/** About a hundred times a real PCB maker's volume. */
export const FULL_SIZE: GenerateCounts = {
  suppliers: 100_000,
  projects: 50_000,
  items: 500_000,
  quotes: 200_000,
  logs: 1_000_000,
};

/** Every count times `scale` (at least one supplier and project, so the data hangs together). */
export function scaledCounts(counts: GenerateCounts, scale: number): GenerateCounts {
  if (!(scale > 0 && scale <= 100)) throw validation("demo.badScale");
  const s = (n: number, min = 0) => Math.max(min, Math.round(n * scale));
  return {
    suppliers: s(counts.suppliers, 1),
    projects: s(counts.projects, 1),
    items: s(counts.items),
    quotes: s(counts.quotes),
    logs: s(counts.logs),
  };
}

/**
 * Bytes one generated row adds to the database file, its indexes and its share of the rows made
 * beside it (invitations, rounds, quote files and the quote record) included: measured on a run at
 * scale 0.02 and rounded up (scale 5 measured 2.7 GB; these give 3.3 GB).
 */
const BYTES_PER_ROW: GenerateCounts = {
  suppliers: 600,
  projects: 550,
  items: 160,
  quotes: 820,
  logs: 330,
};

/** About how many bytes generating `counts` adds to the database. */
export function estimatedBytes(counts: GenerateCounts): number {
  return (Object.keys(BYTES_PER_ROW) as (keyof GenerateCounts)[])
    .reduce((sum, k) => sum + counts[k] * BYTES_PER_ROW[k], 0);
}

/**
 * Suppliers and projects that neither `demo generate` (supplier codes G<run>-NNNNNN, projects of
 * its buyers gbuyer<run>-N) nor the first start's demo rows made: the company's own data, which
 * generated rows are not mixed into unless asked.
 */
export async function ownRows(deps: Deps): Promise<{ suppliers: number; projects: number }> {
  const [s] = await deps.db.select({ n: count() }).from(suppliers).where(and(
    sql`${suppliers.code} not glob 'G[0-9]*-[0-9][0-9][0-9][0-9][0-9][0-9]'`,
    notInArray(suppliers.code, demoSupplierCodes),
  ));
  const generatedBuyers = deps.db.select({ id: users.id }).from(users)
    .where(sql`${users.userName} glob 'gbuyer[0-9]*-[0-9]*'`);
  const [p] = await deps.db.select({ n: count() }).from(offerProjects).where(and(
    or(isNull(offerProjects.creatorId), notInArray(offerProjects.creatorId, generatedBuyers)),
    notInArray(offerProjects.name, demoProjectNames),
  ));
  return { suppliers: s.n, projects: p.n };
}

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
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

const cities = [
  ["深圳", "Shenzhen"],
  ["东莞", "Dongguan"],
  ["惠州", "Huizhou"],
  ["广州", "Guangzhou"],
  ["苏州", "Suzhou"],
  ["昆山", "Kunshan"],
  ["上海", "Shanghai"],
  ["珠海", "Zhuhai"],
  ["江门", "Jiangmen"],
  ["无锡", "Wuxi"],
  ["南通", "Nantong"],
  ["成都", "Chengdu"],
  ["重庆", "Chongqing"],
  ["武汉", "Wuhan"],
  ["厦门", "Xiamen"],
  ["台州", "Taizhou"],
] as const;
const zhBrand = [
  ["华", "Hua"],
  ["鑫", "Xin"],
  ["宏", "Hong"],
  ["盛", "Sheng"],
  ["达", "Da"],
  ["泰", "Tai"],
  ["丰", "Feng"],
  ["源", "Yuan"],
  ["兴", "Xing"],
  ["利", "Li"],
  ["恒", "Heng"],
  ["创", "Chuang"],
  ["汇", "Hui"],
  ["联", "Lian"],
  ["捷", "Jie"],
  ["科", "Ke"],
  ["瑞", "Rui"],
  ["通", "Tong"],
  ["金", "Jin"],
  ["永", "Yong"],
  ["佳", "Jia"],
  ["日", "Ri"],
  ["升", "Sheng"],
  ["富", "Fu"],
  ["安", "An"],
  ["德", "De"],
  ["海", "Hai"],
  ["博", "Bo"],
  ["新", "Xin"],
  ["光", "Guang"],
  ["正", "Zheng"],
  ["顺", "Shun"],
] as const;
const zhTrade = [
  ["电子材料", "Electronic Materials"],
  ["覆铜板", "Copper Clad Laminate"],
  ["化工", "Chemical"],
  ["铜箔", "Copper Foil"],
  ["精密机械", "Precision Machinery"],
  ["油墨", "Ink"],
  ["电路科技", "Circuit Technology"],
  ["自动化设备", "Automation Equipment"],
  ["包装材料", "Packaging"],
  ["环保科技", "Environmental Technology"],
  ["钻针", "Drill Bit"],
  ["干膜", "Dry Film"],
  ["金属", "Metal"],
  ["贸易", "Trading"],
] as const;
const zhSuffix = ["有限公司", "股份有限公司", "科技有限公司", "实业有限公司"] as const;
const enFirst = [
  "Apex",
  "Summit",
  "Pacific",
  "Golden",
  "Vertex",
  "Nova",
  "Atlas",
  "Crown",
  "Delta",
  "Everbright",
  "Fortune",
  "Harbor",
  "Iron",
  "Jade",
  "Keystone",
  "Lotus",
  "Meridian",
  "Northstar",
  "Orient",
  "Pioneer",
  "Quantum",
  "Radiant",
  "Sterling",
  "Titan",
  "Unity",
  "Vista",
  "Westbridge",
  "Zenith",
] as const;
const enTrade = [
  "Circuits",
  "Laminates",
  "Chemicals",
  "Materials",
  "Precision",
  "Electronics",
  "Tooling",
  "Imaging",
  "Metals",
  "Automation",
  "Substrates",
  "Supplies",
] as const;
const enSuffix = ["Co., Ltd.", "Inc.", "Ltd.", "GmbH", "Corporation", "Pte. Ltd."] as const;
const surnames = [
  ["王", "Wang"],
  ["李", "Li"],
  ["张", "Zhang"],
  ["刘", "Liu"],
  ["陈", "Chen"],
  ["杨", "Yang"],
  ["黄", "Huang"],
  ["赵", "Zhao"],
  ["吴", "Wu"],
  ["周", "Zhou"],
] as const;
const givenNames = [
  ["伟", "Wei"],
  ["芳", "Fang"],
  ["敏", "Min"],
  ["静", "Jing"],
  ["强", "Qiang"],
  ["磊", "Lei"],
  ["洋", "Yang"],
  ["艳", "Yan"],
  ["军", "Jun"],
  ["杰", "Jie"],
] as const;

type SupplierName = { abbrName: string; fullName: string; contact: string; domain: string };

function supplierName(r: Rng): SupplierName {
  const [sn, snEn] = r.pick(surnames);
  const [gn, gnEn] = r.pick(givenNames);
  if (r.chance(0.6)) {
    const [city, cityEn] = r.pick(cities);
    const [b1, b1En] = r.pick(zhBrand);
    const [b2, b2En] = r.pick(zhBrand);
    const [trade, tradeEn] = r.pick(zhTrade);
    const brand = `${b1}${b2}`;
    const brandEn = `${b1En}${b2En.toLowerCase()}`;
    const withEnglish = r.chance(0.5);
    return {
      abbrName: withEnglish ? `${brand}${trade.slice(0, 2)} ${brandEn}` : `${brand}${trade}`,
      fullName: `${city}市${brand}${trade}${r.pick(zhSuffix)}` +
        (withEnglish ? ` ${cityEn} ${brandEn} ${tradeEn} Co., Ltd.` : ""),
      contact: `${sn}${gn} ${snEn} ${gnEn}`,
      domain: brandEn.toLowerCase(),
    };
  }
  const first = r.pick(enFirst);
  const trade = r.pick(enTrade);
  const place = r.chance(0.3) ? ` (${r.pick(cities)[1]})` : "";
  return {
    abbrName: `${first} ${trade}`,
    fullName: `${first} ${trade}${place} ${r.pick(enSuffix)}`,
    contact: r.chance(0.5) ? `${snEn} ${gnEn}` : `${sn}${gn}`,
    domain: `${first}${trade}`.toLowerCase(),
  };
}

const categories = [
  [
    "覆铜板 Copper clad laminate",
    "FR-4、高频、高速板材 FR-4, high-frequency and high-speed laminates",
  ],
  ["半固化片 Prepreg", "1080、2116、7628 等 1080, 2116, 7628 and others"],
  ["铜箔 Copper foil", "电解铜箔、压延铜箔 ED and RA copper foil"],
  ["阻焊油墨 Solder mask ink", "感光阻焊、文字油墨 LPI solder mask and legend ink"],
  ["干膜 Dry film", "线路与电镀干膜 Imaging and plating dry film"],
  ["化学药水 Chemicals", "沉铜、电镀、蚀刻药水 Electroless copper, plating, etching"],
  ["钻针铣刀 Drills and routers", "钻针、铣刀、垫板 Drill bits, routers, entry boards"],
  ["表面处理 Surface finish", "沉金、沉锡、OSP ENIG, immersion tin, OSP"],
  ["包装材料 Packaging", "真空袋、纸箱、干燥剂 Vacuum bags, cartons, desiccant"],
  ["劳保用品 Safety supplies", "手套、口罩、防护服 Gloves, masks, protective wear"],
  ["钻孔设备 Drilling equipment", "机械钻孔、激光钻孔 Mechanical and laser drilling"],
  ["电镀设备 Plating lines", "垂直连续电镀线 VCP lines"],
  ["曝光设备 Exposure equipment", "LDI、平行光曝光机 LDI and collimated exposure"],
  ["检测设备 Inspection equipment", "AOI、飞针测试 AOI and flying probe"],
  ["环保设施 Environmental facilities", "废水处理、废气处理 Wastewater and exhaust treatment"],
  ["IT 设备 IT equipment", "服务器、网络设备 Servers and network"],
] as const;

const materials = [
  ["CCL-FR4", "FR-4 覆铜板", "张 sheet", "Tg170, 1/1 oz, 1220×1020 mm"],
  ["CCL-HF", "高频覆铜板 High-frequency laminate", "张 sheet", "Dk 3.48, 0.508 mm"],
  ["PP-1080", "半固化片 Prepreg 1080", "卷 roll", "RC 65%"],
  ["PP-2116", "半固化片 Prepreg 2116", "卷 roll", "RC 54%"],
  ["CU-18", "电解铜箔 ED copper foil 18μm", "千克 kg", "HTE grade"],
  ["SM-G", "绿色阻焊油墨 Green solder mask", "千克 kg", "LPI, matte"],
  ["DF-40", "干膜 Dry film 40μm", "卷 roll", "610 mm × 150 m"],
  ["CH-ECU", "沉铜药水 Electroless copper bath", "升 L", "Make-up and replenisher"],
  ["DR-0.2", "钻针 Drill bit 0.20 mm", "支 pcs", "Undercut, 3.175 shank"],
  ["PK-VB", "真空包装袋 Vacuum bag", "个 pcs", "500×600 mm, anti-static"],
] as const;
const equipment = [
  ["CO2 激光钻孔机 CO2 laser driller", "台 unit"],
  ["垂直连续电镀线 VCP plating line", "条 line"],
  ["LDI 激光直接成像机 LDI exposure", "台 unit"],
  ["AOI 自动光学检测机 AOI inspection", "台 unit"],
  ["飞针测试机 Flying probe tester", "台 unit"],
  ["废水处理系统 Wastewater treatment", "套 set"],
  ["数控钻孔机 CNC drilling machine", "台 unit"],
] as const;
const factories = ["深圳一厂 Shenzhen 1", "惠州二厂 Huizhou 2", "江门三厂 Jiangmen 3"] as const;

const auditCalls = [
  ["GET", "QMO/OfferProjectManager", "GetAll", 200],
  ["GET", "QMO/OfferProjectManager", "GetSupplierOfferProjectManagerResult", 200],
  ["GET", "QMO/OfferProjectManager", "GetSupplierData", 200],
  ["POST", "QMO/OfferProjectManager", "CreateOfferProjectManagerData", 200],
  ["POST", "QMO/OfferProjectManager", "UpdateSupplierOfferProject", 200],
  ["GET", "QMO/Supplier", "GetAll", 200],
  ["GET", "QMO/SupplierOffer", "GetAll", 200],
  ["POST", "QMO/SupplierOffer", "Submit", 200],
  ["POST", "QMO/SupplierOffer", "Submit", 409],
  ["GET", "QMO/FileService", "GetFileStream", 200],
  ["POST", "app/TokenAuth", "Authenticate", 200],
  ["POST", "app/TokenAuth", "Authenticate", 401],
  ["GET", "app/User", "GetAll", 200],
  ["GET", "QMO/AuditLog", "GetAll", 200],
  ["POST", "QMO/OfferProjectManager", "CloseOfferProject", 400],
] as const;
const browsers = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
] as const;

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Rows per INSERT statement: bound parameters stay well under SQLite's limit of 32766. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.floor(8000 / columns));
/** Rows per transaction: short enough that other writers of this process are not held up long. */
const ROWS_PER_TRANSACTION = 20_000;

async function nextId(deps: Deps, table: SQLiteTable & { id: unknown }) {
  // deno-lint-ignore no-explicit-any
  const [row] = await deps.db.select({ m: max((table as any).id) }).from(table);
  return Number(row?.m ?? 0) + 1;
}

/**
 * Writes rows made by `make(i)` for i in [0, total), in multi-row inserts, each transaction holding
 * ROWS_PER_TRANSACTION rows; reports progress after each transaction.
 */
async function writeRows<T extends Record<string, unknown>>(
  deps: Deps,
  table: SQLiteTable,
  stage: string,
  total: number,
  make: (i: number) => T,
  onProgress: GenerateOptions["onProgress"],
) {
  if (total <= 0) return;
  let per = 0;
  for (let start = 0; start < total; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(total, start + ROWS_PER_TRANSACTION);
    const rows: T[] = [];
    for (let i = start; i < end; i++) rows.push(make(i));
    per ||= rowsPerInsert(Object.keys(rows[0]).length);
    await deps.db.transaction(async (tx) => {
      for (let k = 0; k < rows.length; k += per) {
        // deno-lint-ignore no-explicit-any
        await tx.insert(table).values(rows.slice(k, k + per) as any);
      }
    });
    onProgress?.({ stage, done: end, total });
  }
}

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
  await deps.db.transaction(async (tx) => {
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
  await deps.db.transaction(async (tx) => {
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
  // search's index in one piece, as its daily upkeep leaves it.
  await deps.db.transaction((tx) => tx.run(sql`ANALYZE`));
  await mergeSupplierIndex(deps.db);

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
