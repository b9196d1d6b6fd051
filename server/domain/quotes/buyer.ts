// The buyer's view of submissions: every one of a project, and those of every project the buyer may
// see (the supplier quotations page): who and when, which request pack version it answered and
// whether that is still the one in force. While a round is sealed its submissions show no file,
// name or hash; opening a quote file goes through fileAccess.ts (403 while sealed, written to
// the audit log once allowed). Listing a file's name is not opening it: lists write no audit entry.
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { files, offerProjects, quotes, suppliers } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden, notFound } from "../errors.ts";
import { contains, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import { supplierTextContains } from "../suppliers/search.ts";
import type { ClientMeta } from "../auth/service.ts";
import { projectForActor } from "../projects/access.ts";
import { openFileForDownload } from "./fileAccess.ts";
import { type ProjectKind, quotesSealed, visibleKinds } from "../projects/rules.ts";
import { roundsByProject, roundsOf } from "../projects/access.ts";
import type { AllSubmissionsInput } from "./schemas.ts";
import { answersOlderPack, currentByRound, roundKey } from "../shared/quoted.ts";

export type SubmissionDto = {
  quoteId: number;
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  round: number;
  submittedAt: Date;
  packVersion: number | null;
  /** Answered an older version of the request pack than the one in force. */
  outdated: boolean;
  /** The last submission of its supplier and round: the one that counts. */
  isCurrent: boolean;
  sealed: boolean;
  /** Null while sealed. */
  fileId: number | null;
  fileName: string | null;
  sha256: string | null;
};

/** GetQuoteHistory: every submission of a project, oldest first. */
export async function projectSubmissions(
  deps: Deps,
  actor: Actor,
  projectId: number,
): Promise<{ items: SubmissionDto[]; totalCount: number }> {
  const project = await projectForActor(deps, actor, projectId);
  const rounds = await roundsOf(deps.db, [project.id]);
  const now = deps.clock.now();
  const rows = await deps.db.select({ q: quotes, f: files, s: suppliers }).from(quotes)
    .innerJoin(files, eq(files.id, quotes.fileId))
    .innerJoin(suppliers, eq(suppliers.id, quotes.supplierId))
    .where(eq(quotes.projectId, project.id))
    .orderBy(asc(quotes.submittedAt), asc(quotes.id));
  const current = currentByRound(rows.map(({ q }) => q));
  const items = rows.map(({ q, f, s }) => {
    const sealed = quotesSealed(project, rounds, q.round, now);
    return {
      quoteId: q.id,
      supplierId: s.id,
      supplierCode: s.code,
      supplierName: s.abbrName,
      round: q.round,
      submittedAt: q.submittedAt,
      packVersion: q.packVersion,
      outdated: answersOlderPack(q.packVersion, project.packVersion),
      isCurrent: current.get(roundKey(q))?.id === q.id,
      sealed,
      fileId: sealed ? null : f.id,
      fileName: sealed ? null : f.fileName,
      sha256: sealed ? null : f.sha256,
    };
  });
  return { items, totalCount: items.length };
}

export type SubmissionRowDto = {
  quoteId: number;
  projectId: number;
  projectCode: string;
  projectName: string;
  projectKind: ProjectKind;
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  /** 0 first quote, 1 and 2 the optimisation rounds. */
  round: number;
  submittedAt: Date;
  isCurrent: boolean;
  packVersion: number | null;
  /** The request pack version in force now. */
  projectPackVersion: number | null;
  outdated: boolean;
  sealed: boolean;
  /** Null while sealed. */
  fileName: string | null;
  fileSize: number | null;
};

/** No later submission of the same supplier, project and round: the one that counts (shared/quoted.ts). */
const isCurrentSql = sql<number>`not exists (select 1 from quotes l
  where l.project_id = ${quotes.projectId} and l.supplier_id = ${quotes.supplierId}
    and l.round = ${quotes.round} and (l.submitted_at > ${quotes.submittedAt}
      or (l.submitted_at = ${quotes.submittedAt} and l.id > ${quotes.id})))`;

const submissionSortable = {
  submittedAt: quotes.submittedAt,
  projectCode: offerProjects.code,
  supplierCode: suppliers.code,
  round: quotes.round,
};

/**
 * GetAllSubmissions: the submissions of every project of the kinds the actor may see (a material
 * project needs OfferProjectManager.Search, an asset one AMS…Search), newest first. Who has neither
 * may see no project at all and is refused (403), as a kind filter the actor may not see is; the
 * same rule as the project lists and the dashboard. A sealed round's rows say who and when only.
 */
export async function allSubmissions(
  deps: Deps,
  actor: Actor,
  input: AllSubmissionsInput,
): Promise<Paged<SubmissionRowDto>> {
  const kinds = visibleKinds(actor.permissions);
  if (!kinds.length || (input.kind && !kinds.includes(input.kind))) throw forbidden();
  const where: SQL[] = [inArray(offerProjects.kind, input.kind ? [input.kind] : kinds)];
  const keyword = input.keyword?.trim();
  if (keyword) {
    where.push(
      or(
        contains(offerProjects.code, keyword),
        contains(offerProjects.name, keyword),
        supplierTextContains("any", keyword),
      )!,
    );
  }
  if (input.round !== undefined) where.push(eq(quotes.round, input.round));
  if (input.submittedFrom) where.push(gte(quotes.submittedAt, input.submittedFrom));
  if (input.submittedTo) where.push(lte(quotes.submittedAt, input.submittedTo));
  if (input.currentOnly) where.push(isCurrentSql);
  const cond = and(...where);
  const from = () =>
    deps.db.select({ n: sql<number>`count(*)` }).from(quotes)
      .innerJoin(offerProjects, eq(offerProjects.id, quotes.projectId))
      .innerJoin(suppliers, eq(suppliers.id, quotes.supplierId));
  const [{ n }] = await from().where(cond);
  const rows = await deps.db.select({
    q: quotes,
    p: offerProjects,
    s: { id: suppliers.id, code: suppliers.code, abbrName: suppliers.abbrName },
    f: { fileName: files.fileName, size: files.size },
    isCurrent: isCurrentSql,
  }).from(quotes)
    .innerJoin(offerProjects, eq(offerProjects.id, quotes.projectId))
    .innerJoin(suppliers, eq(suppliers.id, quotes.supplierId))
    .innerJoin(files, eq(files.id, quotes.fileId))
    .where(cond)
    .orderBy(
      ...orderBy(input.sorting, submissionSortable, [desc(quotes.submittedAt), desc(quotes.id)]),
    )
    .limit(input.maxResultCount).offset(input.skipCount);
  const rounds = await roundsByProject(deps.db, [...new Set(rows.map((r) => r.p.id))]);
  const now = deps.clock.now();
  const items = rows.map(({ q, p, s, f, isCurrent }) => {
    const sealed = quotesSealed(p, rounds.get(p.id) ?? [], q.round, now);
    return {
      quoteId: q.id,
      projectId: p.id,
      projectCode: p.code,
      projectName: p.name,
      projectKind: p.kind,
      supplierId: s.id,
      supplierCode: s.code,
      supplierName: s.abbrName,
      round: q.round,
      submittedAt: q.submittedAt,
      isCurrent: Boolean(isCurrent),
      packVersion: q.packVersion,
      projectPackVersion: p.packVersion,
      outdated: answersOlderPack(q.packVersion, p.packVersion),
      sealed,
      fileName: sealed ? null : f.fileName,
      fileSize: sealed ? null : f.size,
    };
  });
  return { items, totalCount: Number(n) };
}

/** A quote's file by the quote's id (the CLI's download): the same checks and log as GetFileStream. */
export async function openQuoteFile(
  deps: Deps,
  actor: Actor,
  quoteId: number,
  meta: ClientMeta & { via?: "http" | "cli" } = {},
) {
  const [row] = await deps.db.select({ q: quotes, fileName: files.fileName }).from(quotes)
    .innerJoin(files, eq(files.id, quotes.fileId)).where(and(eq(quotes.id, quoteId)));
  if (!row) throw notFound("quote", quoteId);
  await projectForActor(deps, actor, row.q.projectId);
  const response = await openFileForDownload(deps, actor, row.q.fileId, meta);
  return { response, fileName: row.fileName };
}
