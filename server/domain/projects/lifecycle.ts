// Ending, closing (the project's part) and optimisation rounds; the early end once everyone quoted;
// automatic ends.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import { offerProjects, offerProjectSuppliers, offerRounds, quotes } from "../../../db/schema.ts";
import { type DbOrTx, transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError } from "../errors.ts";
import { enqueue } from "../email/outbox.ts";
import { automaticEndReason, canDo } from "./rules.ts";
import { quoteClosesAt } from "../shared/closing.ts";
import { closeInput, openRoundInput } from "./schemas.ts";
import {
  assertMayPublish,
  auctionNotOver,
  loadProject,
  type ProjectRow,
  roundsOf,
} from "./access.ts";
import { projectDto } from "./dto.ts";
import { checkDeadline } from "./publish.ts";
import { getProjectResult } from "./read.ts";
import { quotedCurrentPackSql } from "./statusSql.ts";

/** EndOfferProject: end quoting by hand, recording who and when. */
export async function endProject(deps: Deps, actor: Actor, id: number) {
  await transaction(deps.db, async (tx) => {
    const row = await loadProject(tx, id);
    assertMayPublish(actor, row.kind);
    const now = deps.clock.now();
    if (!canDo(row, "end", now)) throw conflict("projects.cannotEnd");
    await tx.update(offerProjects).set({
      status: "ended",
      endedAt: now,
      endedBy: actor.id,
      endReason: "manual",
      updatedAt: now,
    }).where(eq(offerProjects.id, id));
    await enqueue(tx, deps, { kind: "ended", projectId: id });
  });
  return await projectDto(deps.db, id, deps.clock.now());
}

/**
 * CreateOfferProjectCloses, the project's own part, in the caller's transaction: from any state but
 * closed, with a reason, recording who and when (`now`; and the clock's end of quoting if it had
 * come). Answers the project as it stood before. Closing also ends the project's auction and
 * cancels an award waiting for approval: auction/closeProject.ts does all three; the doors call it.
 */
export async function recordClose(
  tx: DbOrTx,
  actor: Actor,
  input: z.output<typeof closeInput>,
  now: Date,
): Promise<ProjectRow> {
  const row = await loadProject(tx, input.offProId);
  assertMayPublish(actor, row.kind);
  if (!canDo(row, "close", now)) throw conflict("projects.alreadyClosed");
  const auto = automaticEndReason(row, now);
  await tx.update(offerProjects).set({
    status: "closed",
    closedAt: now,
    closedBy: actor.id,
    closeReason: input.closeReason,
    ...(auto ? { endedAt: quoteClosesAt(row), endReason: auto } : {}),
    updatedAt: now,
  }).where(eq(offerProjects.id, row.id));
  return row;
}

/**
 * OpenOptimizeRound: an asset project whose first quotes are in (it has ended) gets round 1, and
 * after round 1 is over round 2, each with its own deadline, for the suppliers who quoted or a
 * subset of the invited ones.
 */
export async function openOptimizeRound(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof openRoundInput>,
) {
  const input = openRoundInput.parse(raw);
  await transaction(deps.db, async (tx) => {
    const row = await loadProject(tx, input.offProId);
    assertMayPublish(actor, row.kind);
    const now = deps.clock.now();
    if (row.kind !== "asset") throw conflict("projects.roundsAssetOnly");
    if (!canDo(row, "openRound", now)) throw conflict("projects.roundNeedsEnded");
    if (await auctionNotOver(tx, row.id, now)) throw conflict("projects.auctionRunning");
    const rounds = await roundsOf(tx, [row.id]);
    if (rounds.some((r) => r.round === input.round)) {
      throw conflict("projects.roundExists", { round: input.round });
    }
    if (input.round === 2) {
      const r1 = rounds.find((r) => r.round === 1);
      if (!r1 || now.getTime() < r1.endTime.getTime()) throw conflict("projects.roundOneFirst");
    }
    const invited = await tx.select().from(offerProjectSuppliers)
      .where(eq(offerProjectSuppliers.projectId, row.id));
    const quoted = await tx.selectDistinct({ supplierId: quotes.supplierId }).from(quotes)
      .where(and(eq(quotes.projectId, row.id), eq(quotes.round, 0)));
    if (!quoted.length) throw conflict("projects.roundNeedsQuotes");
    await checkDeadline(deps, input.endTime, now, "endTime");
    const previous = input.round === 1
      ? quoted.map((q) => q.supplierId)
      : invited.filter((i) => i.round1).map((i) => i.supplierId);
    const chosen = input.supplierIds?.length ? [...new Set(input.supplierIds)] : previous;
    for (const id of chosen) {
      if (!invited.some((i) => i.supplierId === id)) {
        throw fieldError("supplierIds", "projects.notInvited", { id });
      }
    }
    if (!chosen.length) throw fieldError("supplierIds", "projects.selectSupplier");
    await tx.insert(offerRounds).values({
      projectId: row.id,
      round: input.round,
      openedAt: now,
      openedBy: actor.id,
      endTime: input.endTime,
    });
    await tx.update(offerProjectSuppliers)
      .set(input.round === 1 ? { round1: true } : { round2: true })
      .where(and(
        eq(offerProjectSuppliers.projectId, row.id),
        inArray(offerProjectSuppliers.supplierId, chosen),
      ));
    const auto = automaticEndReason(row, now);
    if (auto) {
      await tx.update(offerProjects).set({
        status: "ended",
        endedAt: quoteClosesAt(row),
        endReason: auto,
      }).where(eq(offerProjects.id, row.id));
      await enqueue(tx, deps, { kind: "ended", projectId: row.id });
    }
    await enqueue(tx, deps, {
      kind: "roundOpened",
      projectId: row.id,
      round: input.round,
      supplierIds: chosen,
    });
  });
  return await getProjectResult(deps, actor, input.offProId);
}

/**
 * The statement that starts the early-end window once every invited supplier has a first-round
 * quote on the request pack version in force (quotes may still be modified for 30 minutes, then
 * the project ends). With `fileId`, it
 * only acts if the quote stored with that file exists, so it can run in the same batch as a
 * guarded insert and does nothing when the insert did not happen.
 */
export function markAllQuotedStatement(projectId: number, at: Date, fileId?: number) {
  const stored = fileId === undefined
    ? sql`1`
    : sql`exists (select 1 from ${quotes} where ${quotes.fileId} = ${fileId} and ${quotes.round} = 0)`;
  return sql`update ${offerProjects} set all_quoted_at = ${at.getTime()}
    where ${offerProjects.id} = ${projectId} and ${offerProjects.status} = 'published'
      and ${offerProjects.allQuotedAt} is null and ${stored}
      and (select count(*) from ${offerProjectSuppliers}
            where ${offerProjectSuppliers.projectId} = ${projectId}) > 0
      and not exists (select 1 from offer_project_suppliers s
            where s.project_id = ${projectId} and not ${quotedCurrentPackSql})`;
}

/** Call after a first-round quote is stored outside a batch (see markAllQuotedStatement). */
export async function recordQuoteProgress(db: DbOrTx, projectId: number, at: Date) {
  await db.run(markAllQuotedStatement(projectId, at));
}

/**
 * Records the ends the clock has already decided (deadline passed, or early-end window over).
 * Reads never depend on this; it keeps the stored state tidy and answers the projects it ended.
 */
export async function recordAutomaticEnds(
  deps: Deps,
): Promise<{ id: number; code: string; endReason: string }[]> {
  const now = deps.clock.now();
  // closes_at is when first-round quoting closes: the deadline, or the end of the early-end window.
  const candidates = await deps.db.select().from(offerProjects).where(and(
    eq(offerProjects.status, "published"),
    lte(offerProjects.closesAt, now),
  ));
  const ended: { id: number; code: string; endReason: string }[] = [];
  for (const row of candidates) {
    const reason = automaticEndReason(row, now);
    if (!reason) continue;
    // The end and its emails commit together; the status guard keeps a second runner from both.
    const done = await transaction(deps.db, async (tx) => {
      const rows = await tx.update(offerProjects).set({
        status: "ended",
        endedAt: quoteClosesAt(row),
        endReason: reason,
      }).where(and(eq(offerProjects.id, row.id), eq(offerProjects.status, "published")))
        .returning({ id: offerProjects.id });
      if (rows.length) await enqueue(tx, deps, { kind: "ended", projectId: row.id });
      return rows;
    });
    if (done.length) ended.push({ id: row.id, code: row.code, endReason: reason });
  }
  return ended;
}
