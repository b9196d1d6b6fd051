// A supplier's quotation: submitting it (file and priced lines, guarded by the deadline, the round
// and the record's head), the supplier's own quotes and receipts, the quote form, and the quotes in
// force for a project.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  files,
  offerProjects,
  offerProjectSuppliers,
  offerRounds,
  quoteChain,
  quotes,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { quoteRefusal, type RoundTiming } from "../projects/rules.ts";
import { type FileDto, storeUpload } from "../files/service.ts";
import { markAllQuotedStatement } from "../projects/lifecycle.ts";
import { roundsOf } from "../projects/access.ts";
import { versionHash } from "../projects/pack.ts";
import {
  appendStatement,
  chainHead,
  contentHash,
  entriesOfQuotes,
  headIs,
  linesHash,
} from "./chain.ts";
import { uploadLimitMb } from "../settings/service.ts";
import { enqueue } from "../email/outbox.ts";
import { currentByRound, roundKey } from "../shared/quoted.ts";
import { MAX_DAYS, submitQuoteForm } from "./schemas.ts";
import {
  commercialCodes,
  deadlineDay,
  linesForSubmission,
  linesOfQuotes,
  lineStatements,
  quotableItems,
} from "./lines.ts";
import {
  invitationOf,
  type InvitationRow,
  invitedTo,
  type ProjectRow,
  type QuoteRow,
  supplierIdOf,
} from "./service.ts";

export type QuoteDto = {
  id: number;
  offProId: number;
  round: number;
  submittedAt: Date;
  fileId: number;
  fileName: string;
  size: number;
  sha256: string;
  /** The last submission of its round: the one that counts. */
  isCurrent: boolean;
  /** The request pack version it answered. */
  packVersion: number | null;
  /** The receipt: the content hash and the quote's entry in the tamper-evident record. */
  receipt: QuoteReceipt | null;
};

type QuoteReceipt = {
  recordNo: number;
  contentHash: string;
  fileSha256: string;
  linesHash: string | null;
  packVersion: number | null;
  packHash: string | null;
  prevHash: string;
  recordHash: string;
  submittedAt: Date;
};

const toReceipt = (c: typeof quoteChain.$inferSelect | undefined): QuoteReceipt | null =>
  c
    ? {
      recordNo: c.seq,
      contentHash: c.contentHash,
      fileSha256: c.fileSha256,
      linesHash: c.linesHash,
      packVersion: c.packVersion,
      packHash: c.packHash,
      prevHash: c.prevHash,
      recordHash: c.entryHash,
      submittedAt: new Date(c.submittedAt),
    }
    : null;

/** 409 with the refusal's message; past the deadline it says that not quoting counts as a waiver. */
function refuse(key: string): never {
  throw conflict(key);
}

/**
 * Submit: one attachment for round 0 (first quote) or an open optimisation round. Checked with the
 * instructions agreed, then stored with its size and hash; acceptance is decided by the project
 * rules with the server's clock at the moment the upload is complete. When this makes every invited
 * supplier quoted, the project's early-end window starts in the same transaction.
 */
export async function submitQuote(
  deps: Deps,
  actor: Actor,
  raw: { offProId: number | string; round?: number | string; file: File; lines?: unknown },
  meta: ClientMeta = {},
): Promise<QuoteDto> {
  const supplierId = supplierIdOf(actor);
  const input = submitQuoteForm.parse(raw);
  const { inv, project } = await invitationOf(deps.db, supplierId, input.offProId);
  if (!inv.agreedAt) throw conflict("quotes.mustAgree");
  if (input.round === 0 && inv.declinedAt) throw conflict("quotes.declinedFirst");
  const rounds0 = await roundsOf(deps.db, [project.id]);
  // Refuse before reading the bytes when the answer is already known.
  const early = quoteRefusal(
    project,
    rounds0,
    input.round,
    invitedTo(inv, input.round),
    deps.clock.now(),
  );
  if (early) refuse(early);
  const lines = await linesForSubmission(
    deps.db,
    project,
    input.lines,
    deps.clock.now(),
    actor.id,
  );
  const limit = await uploadLimitMb(deps);
  const stored: FileDto = await storeUpload(
    { ...deps, config: { ...deps.config, maxUploadMb: limit } },
    { file: input.file, purpose: "quote", projectId: project.id, uploadedBy: actor.id },
  );
  const fileRow = (await deps.db.query.files.findFirst({ where: eq(files.id, stored.id) }))!;
  try {
    // Decide on a fresh read, then write with one atomic batch guarded by the very facts the decision
    // used: if a buyer ended the project or moved its deadline in between, nothing is written and
    // the decision is taken again. A batch never holds the database across an await, so any number
    // of suppliers can submit at the same moment.
    let contention = 0;
    for (let attempt = 0;; attempt++) {
      const now = deps.clock.now();
      const p = await deps.db.query.offerProjects.findFirst({
        where: eq(offerProjects.id, project.id),
      });
      const i = await deps.db.query.offerProjectSuppliers.findFirst({
        where: eq(offerProjectSuppliers.id, inv.id),
      });
      if (!p || !i) throw notFound("project", project.id);
      const rounds = await roundsOf(deps.db, [p.id]);
      const refusal = quoteRefusal(p, rounds, input.round, invitedTo(i, input.round), now);
      if (refusal) refuse(refusal);
      // The supplier answered the version it read: a pack changed since must be read first.
      if (
        input.packVersion !== undefined && p.packVersion != null &&
        input.packVersion !== p.packVersion
      ) {
        throw conflict("quotes.packChanged", { version: p.packVersion });
      }
      if (attempt >= 5) throw conflict("quotes.tryAgain");
      // The quote, its lines and its record entry are written together or not at all; the entry
      // chains onto the head read here, and every statement is guarded by that head.
      const head = await chainHead(deps.db);
      const { statement: record } = appendStatement(head, {
        projectId: p.id,
        supplierId,
        round: input.round,
        fileId: stored.id,
        fileSha256: fileRow.sha256,
        linesHash: linesHash(lines),
        contentHash: contentHash(fileRow.sha256, lines),
        packVersion: p.packVersion,
        packHash: await versionHash(deps.db, p.id, p.packVersion),
        submittedAt: now.getTime(),
      });
      await deps.db.batch([
        deps.db.run(insertGuarded(p, rounds, i, input.round, {
          supplierId,
          fileId: stored.id,
          now,
          userId: actor.id,
          clientIp: meta.clientIp ?? null,
        }, headIs(head))),
        deps.db.run(markAllQuotedStatement(p.id, now, stored.id)),
        ...lineStatements(stored.id, lines).map((st) => deps.db.run(st)),
        deps.db.run(record),
      ]);
      const q = await deps.db.query.quotes.findFirst({ where: eq(quotes.fileId, stored.id) });
      if (!q && (await chainHead(deps.db)).seq !== head.seq && contention++ < MAX_CONTENTION) {
        // Another submission took the head first: not a refusal, so it does not use up a try.
        attempt--;
        continue;
      }
      if (q) {
        // After the batch, not inside it: the outbox's (event, recipient) key keeps it to one email,
        // and a failed email never undoes a recorded quote.
        await enqueue(deps.db, deps, {
          kind: "quoteReceived",
          projectId: p.id,
          supplierId,
          quoteId: q.id,
          round: input.round,
        }).catch((err) => console.error("quote-received email not queued:", err));
        await enqueue(deps.db, deps, {
          kind: "quoteReceipt",
          projectId: p.id,
          supplierId,
          quoteId: q.id,
          round: input.round,
        }).catch((err) => console.error("quote receipt email not queued:", err));
        const [entry] = await entriesOfQuotes(deps.db, [q.id]);
        return toQuoteDto(q, fileRow, true, entry);
      }
    }
  } catch (err) {
    // A refused upload is not a submission: its file leaves every list.
    await deps.db.update(files).set({ deletedAt: deps.clock.now() }).where(eq(files.id, stored.id))
      .catch(() => {});
    throw err;
  }
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** Submissions losing the race for the record's head try again, this many times at most. */
const MAX_CONTENTION = 200;

/** Inserts the quote only while the project, its round and the invitation are as they were read. */
function insertGuarded(
  p: ProjectRow,
  rounds: RoundTiming[],
  inv: InvitationRow,
  round: number,
  q: { supplierId: number; fileId: number; now: Date; userId: number; clientIp: string | null },
  headSame: SQL,
) {
  const r = rounds.find((x) => x.round === round);
  const roundSame = round === 0 ? sql`1` : sql`exists (select 1 from ${offerRounds}
      where ${offerRounds.projectId} = ${p.id} and ${offerRounds.round} = ${round}
        and ${offerRounds.openedAt} = ${ms(r?.openedAt ?? null)}
        and ${offerRounds.endTime} = ${ms(r?.endTime ?? null)})`;
  const invitedCol = round === 1 ? offerProjectSuppliers.round1 : offerProjectSuppliers.round2;
  const invitedSame = round === 0 ? sql`1` : sql`exists (select 1 from ${offerProjectSuppliers}
      where ${offerProjectSuppliers.id} = ${inv.id} and ${invitedCol} = ${
    invitedTo(inv, round) ? 1 : 0
  })`;
  return sql`insert into ${quotes} (project_id, supplier_id, round, file_id, submitted_at,
      submitted_by, client_ip, pack_version)
    select ${p.id}, ${q.supplierId}, ${round}, ${q.fileId}, ${q.now.getTime()}, ${q.userId},
      ${q.clientIp}, ${p.packVersion}
    where exists (select 1 from ${offerProjects} where ${offerProjects.id} = ${p.id}
        and ${offerProjects.status} = ${p.status}
        and ${offerProjects.offerEndTime} is ${ms(p.offerEndTime)}
        and ${offerProjects.allQuotedAt} is ${ms(p.allQuotedAt)}
        and ${offerProjects.packVersion} is ${p.packVersion})
      and ${roundSame} and ${invitedSame} and ${headSame}`;
}

const toQuoteDto = (
  q: QuoteRow,
  f: typeof files.$inferSelect,
  isCurrent: boolean,
  entry?: typeof quoteChain.$inferSelect,
): QuoteDto => ({
  id: q.id,
  offProId: q.projectId,
  round: q.round,
  submittedAt: q.submittedAt,
  fileId: f.id,
  fileName: f.fileName,
  size: f.size,
  sha256: f.sha256,
  isCurrent,
  packVersion: q.packVersion,
  receipt: toReceipt(entry),
});

/** GetMyQuotes: this supplier's submissions for a project, newest first, the current one marked. */
export async function myQuotes(
  deps: Deps,
  actor: Actor,
  projectId: number,
): Promise<{ items: QuoteDto[]; totalCount: number }> {
  const supplierId = supplierIdOf(actor);
  await invitationOf(deps.db, supplierId, projectId);
  const rows = await deps.db.select({ q: quotes, f: files }).from(quotes)
    .innerJoin(files, eq(files.id, quotes.fileId))
    .where(and(eq(quotes.projectId, projectId), eq(quotes.supplierId, supplierId)))
    .orderBy(desc(quotes.submittedAt), desc(quotes.id));
  const entries = await entriesOfQuotes(deps.db, rows.map((r) => r.q.id));
  const seen = new Set<number>();
  const items = rows.map(({ q, f }) => {
    const current = !seen.has(q.round);
    seen.add(q.round);
    return toQuoteDto(q, f, current, entries.find((e) => e.quoteId === q.id));
  });
  return { items, totalCount: items.length };
}

/**
 * GetQuoteReceipt: the receipt of one of this supplier's own submissions — what it sent, when, for
 * which version of the request pack, and its entry in the record (number and hashes). Another
 * supplier's quote answers 404 like a missing one.
 */
export async function quoteReceipt(deps: Deps, actor: Actor, quoteId: number) {
  const supplierId = supplierIdOf(actor);
  const [row] = await deps.db.select({ q: quotes, f: files, p: offerProjects }).from(quotes)
    .innerJoin(files, eq(files.id, quotes.fileId))
    .innerJoin(offerProjects, eq(offerProjects.id, quotes.projectId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.supplierId, supplierId)));
  if (!row) throw notFound("quote", quoteId);
  const [entry] = await entriesOfQuotes(deps.db, [quoteId]);
  return {
    ...toQuoteDto(row.q, row.f, false, entry),
    projectCode: row.p.code,
    projectName: row.p.name,
  };
}

/**
 * The current (last) quote of each supplier and round of a project, for the buyer's result page:
 * the projects domain calls this rather than reading quotes itself.
 */
export async function currentQuotes(db: DbOrTx, projectId: number) {
  const rows = await db.select({ q: quotes, f: files }).from(quotes)
    .innerJoin(files, eq(files.id, quotes.fileId))
    .where(eq(quotes.projectId, projectId))
    .orderBy(desc(quotes.submittedAt), desc(quotes.id));
  const current = currentByRound(rows.map(({ q }) => q));
  return rows.filter(({ q }) => current.get(roundKey(q))?.id === q.id).map(({ q, f }) => ({
    supplierId: q.supplierId,
    round: q.round,
    quoteId: q.id,
    submittedAt: q.submittedAt,
    fileId: f.id,
    fileName: f.fileName,
  }));
}

/**
 * GetQuoteForm: what the portal needs to price the lines: the items still in the request pack,
 * whether every one must be priced, the dictionary's currencies, trade terms and payment methods,
 * the lines of this supplier's latest submission to start from, and the server's time.
 */
export async function quoteForm(deps: Deps, actor: Actor, projectId: number) {
  const supplierId = supplierIdOf(actor);
  const { project } = await invitationOf(deps.db, supplierId, projectId);
  const items = await quotableItems(deps.db, projectId);
  const [latest] = await deps.db.select({ id: quotes.id, round: quotes.round }).from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.supplierId, supplierId)))
    .orderBy(desc(quotes.submittedAt), desc(quotes.id)).limit(1);
  const lines = latest ? (await linesOfQuotes(deps.db, [latest.id])).get(latest.id) ?? [] : [];
  return {
    offProId: projectId,
    linesRequired: project.linesRequired && items.length > 0,
    items: items.map((i) => ({
      id: i.id,
      materialCode: i.materialCode,
      itemName: i.itemName,
      unit: i.unit,
      estimateYearAmount: i.estimateYearAmount,
    })),
    ...await commercialCodes(deps.db),
    maxDays: MAX_DAYS,
    deadlineDay: deadlineDay(project),
    /** The server's clock, so the form judges a validity date by the server's day. */
    now: deps.clock.now(),
    lines: lines.filter((l) => items.some((i) => i.id === l.itemId)),
    linesFromRound: latest?.round ?? null,
  };
}
