// How much `demo generate` writes: the full size, a scale of it, the bytes it is expected to take,
// and the rows in a database that it did not make (it refuses to add to those without --force).
import { and, count, isNull, notInArray, or, sql } from "drizzle-orm";
import { offerProjects, suppliers, users } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { validation } from "../errors.ts";
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
