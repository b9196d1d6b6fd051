// Integrity signals for the buyer on a project's results: the same attachment (by content hash)
// sent by different suppliers, submissions of different suppliers from the same client address, and
// near-identical priced lines (read from the comparison matrix, hence here). Each is a hint to look
// closer, never a verdict.
import { asc, eq } from "drizzle-orm";
import { files, offerProjects, quotes, suppliers } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import type { ClientMeta } from "../auth/service.ts";
import { projectForActor } from "../projects/access.ts";
import { quotesSealed } from "../projects/rules.ts";
import { matrixOf } from "./service.ts";
import type { Matrix } from "./matrix.ts";
import { cmp, type Dec, dec, div, isZero, mul, sub, toFixed } from "../shared/decimal.ts";
import { formatUtc8 } from "../shared/time.ts";
import { recordQuoteOpens, sealOpensAt } from "../quotes/sealed.ts";
import { roundsOf } from "../projects/access.ts";
import { currentQuotes } from "../quotes/submit.ts";
import type {
  IntegritySignalsDto,
  NearPriceLine,
  NearPricePair,
  SameFileSignal,
  SameIpSignal,
  SignalQuote,
} from "../quotes/integrityTypes.ts";

export type { IntegritySignalsDto } from "../quotes/integrityTypes.ts";

/**
 * Two suppliers' prices for a line are near-identical when they differ by at most this share of the
 * lower one (0.5 %). A pair is flagged when every line both priced is near-identical.
 */
const NEAR_PRICE_PERCENT = "0.5";

type Submission = SignalQuote & { sha256: string; size: number; clientIp: string | null };

/** Groups of submissions sharing `key` that come from at least two different suppliers. */
function crossSupplierGroups<K>(subs: Submission[], key: (s: Submission) => K | null) {
  const groups = new Map<K, Submission[]>();
  for (const s of subs) {
    const k = key(s);
    if (k === null) continue;
    groups.set(k, [...(groups.get(k) ?? []), s]);
  }
  return [...groups.entries()].filter(([, list]) =>
    new Set(list.map((s) => s.supplierId)).size > 1
  );
}

const strip = (s: Submission): SignalQuote => ({
  quoteId: s.quoteId,
  supplierId: s.supplierId,
  code: s.code,
  abbrName: s.abbrName,
  round: s.round,
  submittedAt: s.submittedAt,
  fileName: s.fileName,
});

/** Every submission of the project (all kept, all rounds) with its file's hash and address. */
async function submissions(db: DbOrTx, projectId: number): Promise<Submission[]> {
  const rows = await db.select({ q: quotes, f: files, s: suppliers }).from(quotes)
    .innerJoin(files, eq(files.id, quotes.fileId))
    .innerJoin(suppliers, eq(suppliers.id, quotes.supplierId))
    .where(eq(quotes.projectId, projectId))
    .orderBy(asc(quotes.submittedAt), asc(quotes.id));
  return rows.map(({ q, f, s }) => ({
    quoteId: q.id,
    supplierId: s.id,
    code: s.code,
    abbrName: s.abbrName,
    round: q.round,
    submittedAt: q.submittedAt,
    fileName: f.fileName,
    sha256: f.sha256,
    size: f.size,
    clientIp: q.clientIp?.trim() || null,
  }));
}

/** |a − b| ≤ NEAR_PRICE_PERCENT % of the lower; answers the difference in percent, or null. */
export function nearIdentical(a: Dec, b: Dec): string | null {
  const [low, high] = cmp(a, b) <= 0 ? [a, b] : [b, a];
  const diff = sub(high, low);
  if (isZero(low)) return isZero(diff) ? "0.00" : null;
  const pct = div(mul(diff, dec(100)), low, 6);
  return cmp(pct, dec(NEAR_PRICE_PERCENT)) <= 0 ? toFixed(pct, 2) : null;
}

/** Pairs of suppliers whose priced lines (in CNY, latest quotes) are all near-identical. */
function nearPricePairs(matrix: Matrix): NearPricePair[] {
  const out: NearPricePair[] = [];
  const cols = matrix.suppliers.filter((c) => c.quoted);
  for (let i = 0; i < cols.length; i++) {
    for (let j = i + 1; j < cols.length; j++) {
      const [a, b] = [cols[i], cols[j]];
      const lines: NearPriceLine[] = [];
      let all = true;
      for (const row of matrix.rows) {
        const ca = row.cells.find((c) => c.supplierId === a.id);
        const cb = row.cells.find((c) => c.supplierId === b.id);
        if (!ca?.cny || !cb?.cny) continue;
        const pct = nearIdentical(dec(ca.cny), dec(cb.cny));
        if (pct === null) {
          all = false;
          break;
        }
        lines.push({
          itemId: row.item.id,
          itemName: row.item.itemName,
          priceA: ca.cny,
          priceB: cb.cny,
          differencePercent: pct,
        });
      }
      if (!all || !lines.length) continue;
      const side = (c: typeof a) => ({
        supplierId: c.id,
        code: c.code,
        abbrName: c.abbrName,
        round: c.round,
      });
      out.push({
        a: side(a),
        b: side(b),
        lines,
        identicalLines: lines.filter((l) => cmp(dec(l.priceA), dec(l.priceB)) === 0).length,
      });
    }
  }
  return out;
}

type ProjectRow = typeof offerProjects.$inferSelect;

/**
 * GetIntegritySignals: the three hints for a project the actor may see. Hashes and addresses show
 * no quote content, so they are answered at any time; prices only once no round is sealed, and the
 * quotes whose prices a flagged pair shows are written to the audit log as opened.
 */
export async function integritySignals(
  deps: Deps,
  actor: Actor,
  projectId: number,
  meta: ClientMeta = {},
): Promise<IntegritySignalsDto> {
  const project: ProjectRow = await projectForActor(deps, actor, projectId);
  const subs = await submissions(deps.db, project.id);
  const sameFile: SameFileSignal[] = crossSupplierGroups(subs, (s) => s.sha256).map((
    [sha256, list],
  ) => ({ sha256, size: list[0].size, quotes: list.map(strip) }));
  const sameIp: SameIpSignal[] = crossSupplierGroups(subs, (s) => s.clientIp).map((
    [clientIp, list],
  ) => ({ clientIp, quotes: list.map(strip) }));

  const rounds = await roundsOf(deps.db, [project.id]);
  const now = deps.clock.now();
  const sealedRound = [0, 1, 2].find((r) => quotesSealed(project, rounds, r, now));
  let prices: IntegritySignalsDto["nearPrices"];
  if (sealedRound !== undefined) {
    const at = sealOpensAt(project, rounds, sealedRound);
    prices = { status: "sealed", opensAt: at ? formatUtc8(at) : null, pairs: [] };
  } else {
    const matrix = await matrixOf(deps.db, project);
    const priced = matrix.rows.some((r) => r.cells.some((c) => c.cny));
    const pairs = priced ? nearPricePairs(matrix) : [];
    // The prices a flagged pair shows come from those suppliers' current quotes: opened, audited.
    const shown = new Set(pairs.flatMap((p) => [p.a.supplierId, p.b.supplierId]));
    const current = await currentQuotes(deps.db, project.id);
    await recordQuoteOpens(
      deps,
      actor,
      current.filter((q) => shown.has(q.supplierId)).map((q) => ({
        quoteId: q.quoteId,
        how: "view" as const,
      })),
      meta,
    );
    prices = { status: priced ? "ok" : "noPrices", opensAt: null, pairs };
  }
  return {
    projectId: project.id,
    nearPricePercent: NEAR_PRICE_PERCENT,
    sameFile,
    sameIp,
    nearPrices: prices,
    count: sameFile.length + sameIp.length + prices.pairs.length,
  };
}
