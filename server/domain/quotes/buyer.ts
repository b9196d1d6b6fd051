// The buyer's view of a project's submissions: every one, who and when, which request pack version
// it answered and whether that is still the one in force. While a round is sealed its submissions
// show no file, name or hash; opening a quote file goes through the files service (403 while sealed,
// written to the audit log once allowed).
import { and, asc, eq } from "drizzle-orm";
import { files, quotes, suppliers } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { projectForActor } from "../projects/service.ts";
import { openFileForDownload } from "../files/service.ts";
import { quotesSealed } from "../projects/rules.ts";
import { answersOlderPack } from "../projects/pack.ts";
import { roundsOfProject } from "./sealed.ts";

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
  const rounds = await roundsOfProject(deps.db, project.id);
  const now = deps.clock.now();
  const rows = await deps.db.select({ q: quotes, f: files, s: suppliers }).from(quotes)
    .innerJoin(files, eq(files.id, quotes.fileId))
    .innerJoin(suppliers, eq(suppliers.id, quotes.supplierId))
    .where(eq(quotes.projectId, project.id))
    .orderBy(asc(quotes.submittedAt), asc(quotes.id));
  const last = new Map<string, number>();
  for (const { q } of rows) last.set(`${q.supplierId}:${q.round}`, q.id);
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
      isCurrent: last.get(`${q.supplierId}:${q.round}`) === q.id,
      sealed,
      fileId: sealed ? null : f.id,
      fileName: sealed ? null : f.fileName,
      sha256: sealed ? null : f.sha256,
    };
  });
  return { items, totalCount: items.length };
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
