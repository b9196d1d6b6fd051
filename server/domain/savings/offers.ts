// Where the offers savings are figured on come from: each source answers, for one project, the
// totals in CNY before tax of each supplier's rounds (savings/rules.ts orders them by round). The
// quotes (first quote, optimisation rounds and a reverse auction's final bids, which the comparison
// matrix holds as round 3) are the one source now; another kind of offer is one more entry in
// `offerSources`, and nothing else changes.
import type { DbOrTx } from "../../../db/client.ts";
import type { offerProjects } from "../../../db/schema.ts";
import type { ProjectMatrix } from "../comparison/service.ts";
import type { Offer } from "./rules.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

/** A source of offers: the project, its comparison matrix (already read), the database. */
type OfferSource = (db: DbOrTx, project: ProjectRow, matrix: ProjectMatrix) => Promise<Offer[]>;

/**
 * The quotes' offers, as the matrix totals them (unit price before tax in CNY at the rate in force
 * on the quote's day × expected yearly usage, over the items with a usage; null unless every such
 * item is priced): each supplier's first quote (round 0, the last submission of the first
 * quotation), and its latest round when that is an optimisation round.
 */
function quoteOffers(_db: DbOrTx, _p: ProjectRow, m: ProjectMatrix): Promise<Offer[]> {
  const offers: Offer[] = [];
  for (const s of m.suppliers) {
    if (!s.quoted || s.round === null) continue;
    const firstTotal = s.round === 0 ? s.total : s.firstTotal;
    offers.push({ supplierId: s.id, round: 0, source: "quotes", total: firstTotal });
    if (s.round > 0) {
      offers.push({ supplierId: s.id, round: s.round, source: "quotes", total: s.total });
    }
  }
  return Promise.resolve(offers);
}

/** Every source, in order: at the same round, a later source's offer is the supplier's latest. */
const offerSources: OfferSource[] = [quoteOffers];

/** The offers of a project from every source. */
export async function offersOf(
  db: DbOrTx,
  project: ProjectRow,
  matrix: ProjectMatrix,
): Promise<Offer[]> {
  const out: Offer[] = [];
  for (const source of offerSources) out.push(...await source(db, project, matrix));
  return out;
}
