// What an auction starts from: each supplier's first quote (round 0) priced in CNY by the comparison
// matrix itself (the same rates, the same totals), so the starting bids are the figures the buyer
// compared. Who may take part for each basis, and why not.
import type { DbOrTx } from "../../../db/client.ts";
import type { offerProjects } from "../../../db/schema.ts";
import { matrixOfQuotes, matrixQuotes } from "../comparison/service.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

/** Why a supplier that quoted cannot take part on a total: no line, a line without CNY, no usage. */
type TotalRefusal = "noLines" | "incomplete" | "noUsage" | null;

export type Candidate = {
  supplierId: number;
  code: string;
  abbrName: string;
  quotedAt: Date;
  quoteId: number;
  /** The first quote's total in CNY (priced lines × yearly usage); null when it cannot be told. */
  total: string | null;
  totalRefusal: TotalRefusal;
  /** The first quote's unit prices in CNY, per line item. */
  lines: { itemId: number; cny: string }[];
};

export type FirstQuotes = {
  items: { id: number; itemName: string; unit: string | null; usage: string | null }[];
  candidates: Candidate[];
};

/** The suppliers with a first quote, and what each would start an auction from. */
export async function firstQuotes(db: DbOrTx, p: ProjectRow): Promise<FirstQuotes> {
  const quotes = (await matrixQuotes(db, p.id)).filter((q) => q.round === 0);
  const matrix = await matrixOfQuotes(db, p.id, quotes);
  const candidates = matrix.suppliers.filter((c) => c.quoted).map((c): Candidate => {
    const q = quotes.find((x) => x.supplierId === c.id)!;
    const lines = matrix.rows.flatMap((r) => {
      const cell = r.cells.find((x) => x.supplierId === c.id);
      return cell?.cny ? [{ itemId: r.item.id, cny: cell.cny }] : [];
    });
    return {
      supplierId: c.id,
      code: c.code,
      abbrName: c.abbrName,
      quotedAt: q.submittedAt,
      quoteId: q.quoteId,
      total: c.total,
      totalRefusal: c.total
        ? null
        : !q.lines.length
        ? "noLines"
        : c.rankNote === "noUsage"
        ? "noUsage"
        : "incomplete",
      lines,
    };
  });
  return {
    items: matrix.rows.map((r) => ({
      id: r.item.id,
      itemName: r.item.itemName,
      unit: r.item.unit,
      usage: r.inTotals ? r.item.estimateYearAmount : null,
    })),
    candidates,
  };
}

/** Whether a candidate can take part on this basis: a total to start from, or a line priced. */
export const eligible = (c: Candidate, basis: "total" | "lines") =>
  basis === "total" ? c.total !== null : c.lines.length > 0;
