// What an auction starts from: each supplier's first quote (round 0) priced in CNY by the comparison
// matrix itself (the same rates, the same totals), so the starting bids are the figures the buyer
// compared. Who may take part for each basis, and why not.
import type { DbOrTx } from "../../../db/client.ts";
import type { offerProjects } from "../../../db/schema.ts";
import { invitedSuppliers, matrixQuotes } from "../comparison/service.ts";
import { buildMatrix } from "../comparison/matrix.ts";
import { quotableItems } from "../quotes/lines.ts";
import { ratesOf } from "../dictionary/commercial.ts";

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
  const items = await quotableItems(db, p.id);
  const quotes = (await matrixQuotes(db, p.id)).filter((q) => q.round === 0);
  const currencies = [...new Set(quotes.flatMap((q) => q.lines.map((l) => l.currency)))];
  const lastDate = quotes.reduce((m, q) => (q.date > m ? q.date : m), "0000-00-00");
  const matrix = buildMatrix({
    items: items.map((i) => ({
      id: i.id,
      materialCode: i.materialCode,
      itemName: i.itemName,
      unit: i.unit,
      estimateYearAmount: i.estimateYearAmount,
    })),
    suppliers: await invitedSuppliers(db, p.id),
    quotes,
    rates: await ratesOf(db, currencies, lastDate),
  });
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
