// The varied workload: requests drawn at random from the generated data, as buyers send them —
// supplier searches by many different name fragments, project lists by keyword, status, category,
// page and sort, result pages of many projects, audit-log windows of many users. Each scenario is
// thousands of distinct queries, so a figure measures the queries, not answers kept from before.
import { sql } from "drizzle-orm";
import { auditLogs, offerProjects, offerProjectTypes, quotes, suppliers } from "../db/schema.ts";
import type { Db } from "../db/client.ts";
import { rng } from "../server/domain/demo/vocabulary.ts";

type Random = ReturnType<typeof rng>;

/** A piece of a name a person would type: a word of an English name, 2–4 characters of a Chinese one. */
function fragment(r: Random, name: string): string | undefined {
  const words = name.split(/[\s,.()]+/).filter((w) => /^[A-Za-z]{3,}$/.test(w));
  if (words.length && r.chance(0.5)) return r.pick(words);
  const chars = [...name.replace(/[\s\w,.()-]/g, "")];
  if (chars.length < 2) return words.length ? r.pick(words) : undefined;
  const len = Math.min(chars.length, r.int(2, 4));
  const at = r.int(0, chars.length - len);
  return chars.slice(at, at + len).join("");
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => v === undefined ? [] : [[k, String(v)]]),
  ).toString();

export type VariedPaths = {
  search: string[];
  list: string[];
  result: string[];
  audit: string[];
  /** The four kinds in turn, in the proportions of a working day (lists and searches most). */
  mix: string[];
};

const api = "/api/services";
const STATUSES = ["published", "inQuotation", "ended", "closed", "unpublished"] as const;
const SORTS = [
  undefined,
  "offerEndTime asc",
  "offerEndTime desc",
  "creationTime desc",
  "pubDate desc",
  "code asc",
  "name asc",
] as const;

/**
 * `count` distinct-as-drawn requests of each kind, from samples of the database's own names and
 * ids. `loggers` are the users whose audit-log windows are asked for.
 */
export async function variedPaths(
  db: Db,
  loggers: number[],
  count: number,
  seed = 20_261_126,
): Promise<VariedPaths> {
  // The same seed draws the same requests in every run.
  const r = rng(seed);
  const supplierNames = await db.select({
    code: suppliers.code,
    fullName: suppliers.fullName,
    abbrName: suppliers.abbrName,
  }).from(suppliers).where(sql`${suppliers.id} % 7 = 0`).limit(20_000);
  // In id order: an index that holds the names (the list's, migration 0033) would give another.
  const projectNames = await db.select({ code: offerProjects.code, name: offerProjects.name })
    .from(offerProjects).where(sql`${offerProjects.id} % 3 = 0`).orderBy(offerProjects.id)
    .limit(20_000);
  const categories = (await db.select({ id: offerProjectTypes.id }).from(offerProjectTypes))
    .map((c) => c.id);
  const quoted = (await db.selectDistinct({ id: quotes.projectId }).from(quotes)).map((q) => q.id);
  const [{ newest, oldest }] = await db.select({
    newest: sql<number>`max(${auditLogs.executionTime})`,
    oldest: sql<number>`min(${auditLogs.executionTime})`,
  }).from(auditLogs);

  const search = () => {
    const s = r.pick(supplierNames);
    const field = r.pick(["FullName", "FullName", "AbbrName", "Code"] as const);
    const term = field === "Code"
      ? s.code.slice(0, r.int(3, s.code.length))
      : fragment(r, field === "FullName" ? s.fullName : s.abbrName) ?? s.code;
    const size = r.pick([5, 5, 10, 20]);
    return `${api}/QMO/OfferProjectManager/GetSupplierData?${
      query({
        [field]: term,
        IsInvalidFiltering: r.chance(0.5) ? "1" : undefined,
        MaxResultCount: size,
        SkipCount: r.chance(0.8) ? 0 : size * r.int(1, 5),
      })
    }`;
  };

  const list = () => {
    const p = r.pick(projectNames);
    const size = r.pick([10, 20, 20, 50]);
    // Most people look at the first pages; some page far (at most 2,000 rows in).
    const page = r.chance(0.6) ? 0 : r.int(1, Math.floor(2000 / size));
    return `${api}/QMO/OfferProjectManager/GetAll?${
      query({
        Name: r.chance(0.4) ? fragment(r, p.name) : undefined,
        Code: r.chance(0.1) ? p.code.slice(0, r.int(6, p.code.length)) : undefined,
        Status: r.chance(0.6) ? r.pick(STATUSES) : undefined,
        Category: r.chance(0.3) ? r.pick(categories) : undefined,
        Sorting: r.pick(SORTS),
        MaxResultCount: size,
        SkipCount: page * size,
      })
    }`;
  };

  const result = () =>
    `${api}/QMO/OfferProjectManager/GetSupplierOfferProjectManagerResult?offProId=${
      r.pick(quoted)
    }`;

  const DAY = 86_400_000;
  const audit = () => {
    const days = r.pick([1, 7, 30]);
    const end = r.int(oldest + days * DAY, newest);
    return `${api}/QMO/AuditLog/GetAll?${
      query({
        UserId: r.chance(0.8) ? r.pick(loggers) : undefined,
        StartTime: new Date(end - days * DAY).toISOString(),
        EndTime: new Date(end).toISOString(),
        MaxResultCount: 20,
        SkipCount: r.chance(0.8) ? 0 : 20 * r.int(1, 10),
      })
    }`;
  };

  const draw = (make: () => string) => Array.from({ length: count }, make);
  const paths = {
    search: draw(search),
    list: draw(list),
    result: draw(result),
    audit: draw(audit),
  };
  const kinds = ["list", "list", "list", "search", "search", "result", "result", "audit"] as const;
  return { ...paths, mix: Array.from({ length: count }, (_, i) => paths[r.pick(kinds)][i]) };
}
