// Sealed quotes: the one gate every way of reading a quote's content (file, price, lines) passes
// through, and the audit trail of each time staff open a quote. The rule itself (when a round's
// quotes unseal) is in projects/rules.ts.
import { eq, inArray } from "drizzle-orm";
import { offerProjects, quotes, suppliers } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { DomainError } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { writeAuditLog } from "../audit/service.ts";
import {
  awaitsEvaluation,
  quotesSealed,
  type RoundTiming,
  sealOpensAt,
} from "../projects/rules.ts";
import { formatUtc8 } from "../shared/time.ts";
import { roundsOf } from "../projects/access.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

/**
 * The refusal for a sealed round: 403 with when it opens (or that ending the project opens it, or
 * that the technical evaluation must be signed off first).
 */
export function sealedError(p: ProjectRow, rounds: RoundTiming[], round: number) {
  if (awaitsEvaluation(p)) return new DomainError("forbidden", "evaluation.pricesSealed");
  const at = sealOpensAt(p, rounds, round);
  return at
    ? new DomainError("forbidden", "quotes.sealed", { opensAt: formatUtc8(at) })
    : new DomainError("forbidden", "quotes.sealedUntilEnded");
}

/**
 * Refuses (403) while a weighted evaluation is not signed off: what shows figures drawn from the
 * prices without reading a quote (savings, the auction's set-up) calls this.
 */
export function assertPricesOpen(project: ProjectRow) {
  if (awaitsEvaluation(project)) throw sealedError(project, [], 0);
}

/**
 * Refuses (403) while any of `rounds` of the project is sealed, or its weighted evaluation is not
 * signed off (projects/rules.ts quotesSealed). Every route, export and command that shows a quote's
 * file, price or lines calls this before reading them.
 */
export async function assertQuotesReadable(
  deps: Pick<Deps, "db" | "clock">,
  project: ProjectRow,
  roundsAsked: number[] = [0, 1, 2],
) {
  const rounds = await roundsOf(deps.db, [project.id]);
  const now = deps.clock.now();
  for (const r of roundsAsked) {
    if (quotesSealed(project, rounds, r, now)) throw sealedError(project, rounds, r);
  }
}

export type QuoteOpen = { quoteId: number; how: "download" | "view" | "export" };

/**
 * Writes one audit log entry per quote opened by staff (service QuoteAccess): who, when, from where,
 * which quote of which supplier and project. Written before the content is answered: an open that
 * cannot be recorded fails.
 */
export async function recordQuoteOpens(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  opened: QuoteOpen[],
  meta: ClientMeta & { via?: "http" | "cli" } = {},
) {
  if (!opened.length || actor.kind !== "staff") return;
  const rows = await deps.db.select({ q: quotes, code: suppliers.code, project: offerProjects })
    .from(quotes)
    .innerJoin(suppliers, eq(suppliers.id, quotes.supplierId))
    .innerJoin(offerProjects, eq(offerProjects.id, quotes.projectId))
    .where(inArray(quotes.id, opened.map((o) => o.quoteId)));
  const now = deps.clock.now();
  for (const o of opened) {
    const r = rows.find((x) => x.q.id === o.quoteId);
    if (!r) continue;
    await writeAuditLog(deps.db, {
      userId: actor.id,
      userName: actor.userName,
      serviceName: "QuoteAccess",
      methodName: o.how === "download"
        ? "OpenQuoteFile"
        : o.how === "export"
        ? "ExportQuote"
        : "ViewQuote",
      httpMethod: meta.via === "cli" ? "CLI" : "GET",
      path: `quotes/${r.q.id}`,
      parameters: JSON.stringify({
        projectId: r.project.id,
        projectCode: r.project.code,
        quoteId: r.q.id,
        supplierId: r.q.supplierId,
        supplierCode: r.code,
        round: r.q.round,
        fileId: r.q.fileId,
        sealedProject: r.project.sealedQuotes,
      }),
      executionTime: now,
      executionDuration: 0,
      clientIp: meta.clientIp ?? null,
      browserInfo: meta.browserInfo?.slice(0, 512) ?? null,
      httpStatus: 200,
      exception: null,
    });
  }
}

/** The quote stored with a file, if the file is a submission. */
export async function quoteOfFile(db: DbOrTx, fileId: number) {
  return await db.query.quotes.findFirst({ where: eq(quotes.fileId, fileId) });
}

export { sealOpensAt } from "../projects/rules.ts";
