// The tamper-evident record of submissions: one append-only entry per quote, each hashing the one
// before it its verification. The canonical form below is the whole contract: anyone holding a
// copy of the table can recompute every hash with a few lines of code in any language.
//
// Canonical serialisation (version 1; `canonicalJson` of shared/hashing.ts):
// - JSON with object keys sorted by code unit (JavaScript's default sort), no whitespace, strings
//   escaped as JSON.stringify does, integers as JSON numbers, absent values as null. Only strings,
//   safe integers, null and arrays/objects of them occur (money stays a decimal string).
// - content hash  = SHA-256 hex of canonical({ fileSha256, lines }), lines being the submission's
//   structured lines (see `canonicalLines`) or null.
// - entry hash    = SHA-256 hex of canonical({ v: 1, seq, projectId, supplierId, round, fileId,
//   fileSha256, linesHash, contentHash, packVersion, packHash, submittedAt, prevHash }), submittedAt
//   in milliseconds since the epoch.
// - the first entry's prevHash is 64 zeros; entry n's prevHash is entry n-1's entry hash.
import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import { files, quoteChain, quoteLines, quotes } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { storedBytesSha256 } from "../files/service.ts";
import { type Canonical, canonicalJson, sha256Hex } from "../shared/hashing.ts";

export const GENESIS_HASH = "0".repeat(64);
const CHAIN_FORMAT = 1;

type Row = Omit<typeof quoteLines.$inferSelect, "id" | "quoteId">;
/** The fields of a quote line added after the first format are optional: absent means not given. */
type AddedField =
  | "moq"
  | "packMultiple"
  | "breaks"
  | "alternative"
  | "altBrand"
  | "altGrade"
  | "altSpec"
  | "altDatasheetFileId";
type LineRow = Omit<Row, AddedField> & Partial<Pick<Row, AddedField>>;

/**
 * The fields added after the first format, in canonical form: only those given, so that an entry
 * written before they existed hashes as it did.
 */
function addedFields(l: LineRow): Record<string, Canonical> {
  const out: Record<string, Canonical> = {};
  if (l.moq) out.moq = l.moq;
  if (l.packMultiple) out.packMultiple = l.packMultiple;
  if (l.breaks?.length) {
    out.breaks = l.breaks.map((b) => ({ fromQty: b.fromQty, unitPrice: b.unitPrice }));
  }
  if (l.alternative) {
    out.alternative = true;
    out.altBrand = l.altBrand ?? null;
    out.altGrade = l.altGrade ?? null;
    out.altSpec = l.altSpec ?? null;
    out.altDatasheetFileId = l.altDatasheetFileId ?? null;
  }
  return out;
}

/**
 * A submission's structured lines in their canonical form: sorted by line item (the line as asked
 * before its alternative), every field.
 */
function canonicalLines(lines: LineRow[]): Canonical[] {
  return [...lines].sort((a, b) =>
    a.itemId - b.itemId || Number(a.alternative ?? false) - Number(b.alternative ?? false)
  ).map((l) => ({
    ...addedFields(l),
    itemId: l.itemId,
    unitPrice: l.unitPrice,
    taxRate: l.taxRate,
    currency: l.currency,
    tradeTerms: l.tradeTerms,
    paymentMethod: l.paymentMethod,
    paymentTermDays: l.paymentTermDays,
    leadTimeDays: l.leadTimeDays,
    validUntil: l.validUntil ?? null,
    remark: l.remark ?? null,
  }));
}

export function linesHash(lines: LineRow[] | null | undefined): string | null {
  return lines?.length ? sha256Hex(canonicalJson(canonicalLines(lines))) : null;
}

/** What a receipt shows as "the hash of your quotation": the file and the lines together. */
export function contentHash(fileSha256: string, lines: LineRow[] | null | undefined): string {
  return sha256Hex(canonicalJson({
    fileSha256,
    lines: lines?.length ? canonicalLines(lines) : null,
  }));
}

export type ChainFacts = {
  projectId: number;
  supplierId: number;
  round: number;
  fileId: number;
  fileSha256: string;
  linesHash: string | null;
  contentHash: string;
  packVersion: number | null;
  packHash: string | null;
  submittedAt: number;
};

export type ChainEntry = ChainFacts & { seq: number; prevHash: string; entryHash: string };

export function entryHash(e: ChainFacts & { seq: number; prevHash: string }): string {
  return sha256Hex(canonicalJson({
    v: CHAIN_FORMAT,
    seq: e.seq,
    projectId: e.projectId,
    supplierId: e.supplierId,
    round: e.round,
    fileId: e.fileId,
    fileSha256: e.fileSha256,
    linesHash: e.linesHash,
    contentHash: e.contentHash,
    packVersion: e.packVersion,
    packHash: e.packHash,
    submittedAt: e.submittedAt,
    prevHash: e.prevHash,
  }));
}

export type ChainHead = { seq: number; entryHash: string };

/** The last entry (seq 0 and the genesis hash when the record is empty). */
export async function chainHead(db: DbOrTx): Promise<ChainHead> {
  const [row] = await db.select({ seq: quoteChain.seq, entryHash: quoteChain.entryHash })
    .from(quoteChain).orderBy(sql`${quoteChain.seq} desc`).limit(1);
  return row ?? { seq: 0, entryHash: GENESIS_HASH };
}

/** A condition true only while the head is still `head`: guards every write of a submission. */
export const headIs = (head: ChainHead) =>
  sql`(select coalesce(max(${quoteChain.seq}), 0) from ${quoteChain}) = ${head.seq}`;

/**
 * The next entry after `head` and the statement appending it for the quote stored with `fileId`.
 * Run it in the same batch as the quote's insert (guarded by `headIs(head)`): it writes only when
 * that quote exists, so a refused insert leaves no entry, and a changed head fails the whole batch.
 */
export function appendStatement(head: ChainHead, facts: ChainFacts) {
  const seq = head.seq + 1;
  const entry: ChainEntry = {
    ...facts,
    seq,
    prevHash: head.entryHash,
    entryHash: entryHash({ ...facts, seq, prevHash: head.entryHash }),
  };
  const quoteOf =
    sql`(select ${quotes.id} from ${quotes} where ${quotes.fileId} = ${facts.fileId})`;
  const statement = sql`insert into ${quoteChain} (seq, quote_id, project_id, supplier_id, round,
      file_id, file_sha256, lines_hash, content_hash, pack_version, pack_hash, submitted_at,
      prev_hash, entry_hash)
    select ${seq}, ${quoteOf}, ${facts.projectId}, ${facts.supplierId}, ${facts.round},
      ${facts.fileId}, ${facts.fileSha256}, ${facts.linesHash}, ${facts.contentHash},
      ${facts.packVersion}, ${facts.packHash}, ${facts.submittedAt}, ${entry.prevHash},
      ${entry.entryHash}
    where exists ${sql`(select 1 from ${quotes} where ${quotes.fileId} = ${facts.fileId})`}`;
  return { entry, statement };
}

/**
 * The entries that chain `facts` one after another onto `head`, in that order (pure). For writing
 * many quotes at once (the demo-data generator), where each quote is not submitted one by one.
 */
export function chainEntries(head: ChainHead, facts: ChainFacts[]): ChainEntry[] {
  const out: ChainEntry[] = [];
  let prev = head;
  for (const f of facts) {
    const seq = prev.seq + 1;
    const entry = { ...f, seq, prevHash: prev.entryHash, entryHash: "" };
    entry.entryHash = entryHash(entry);
    out.push(entry);
    prev = { seq, entryHash: entry.entryHash };
  }
  return out;
}

export async function entriesOfQuotes(db: DbOrTx, quoteIds: number[]) {
  if (!quoteIds.length) return [];
  return await db.select().from(quoteChain).where(inArray(quoteChain.quoteId, quoteIds));
}

// ---------------------------------------------------------------------------------------------
// Verification
// ---------------------------------------------------------------------------------------------

type BrokenLink = {
  seq: number;
  quoteId: number | null;
  reason: "gap" | "prevHash" | "entryHash";
};

type RecordMismatch = {
  seq: number | null;
  quoteId: number;
  reason:
    | "quoteMissing"
    | "quoteChanged"
    | "fileChanged"
    | "linesChanged"
    | "bytesChanged"
    | "noEntry";
};

export type VerifyReport = {
  ok: boolean;
  entries: number;
  head: ChainHead;
  /** The first link whose hashes do not hold; later links are not judged past it. */
  firstBroken: BrokenLink | null;
  /** Entries that no longer match the stored quote (and quotes without an entry), at most 50. */
  mismatches: RecordMismatch[];
};

const PAGE = 1000;
const MAX_MISMATCHES = 50;

/**
 * Walks the whole record in order: every entry's hash is recomputed, each must name the one before
 * it, and each must still match its quote (supplier, time, round, file, its SHA-256 and lines).
 * With `bytes`, the stored files are read again and hashed. Pages through the table, so memory stays
 * flat whatever its size.
 */
export async function verifyChain(
  deps: Pick<Deps, "db" | "config">,
  opts: { bytes?: boolean } = {},
): Promise<VerifyReport> {
  const { db } = deps;
  let expectedSeq = 1;
  let prev = GENESIS_HASH;
  let entries = 0;
  let firstBroken: BrokenLink | null = null;
  const mismatches: RecordMismatch[] = [];
  const note = (m: RecordMismatch) => {
    if (mismatches.length < MAX_MISMATCHES) mismatches.push(m);
  };
  let head: ChainHead = { seq: 0, entryHash: GENESIS_HASH };
  for (let after = 0;;) {
    const page = await db.select().from(quoteChain).where(gt(quoteChain.seq, after))
      .orderBy(asc(quoteChain.seq)).limit(PAGE);
    if (!page.length) break;
    after = page[page.length - 1].seq;
    const ids = page.map((e) => e.quoteId);
    const stored = await db.select({ q: quotes, sha256: files.sha256 }).from(quotes)
      .innerJoin(files, eq(files.id, quotes.fileId)).where(inArray(quotes.id, ids));
    const lines = await db.select().from(quoteLines).where(inArray(quoteLines.quoteId, ids));
    for (const e of page) {
      entries++;
      head = { seq: e.seq, entryHash: e.entryHash };
      if (!firstBroken) {
        if (e.seq !== expectedSeq) firstBroken = { seq: expectedSeq, quoteId: null, reason: "gap" };
        else if (e.prevHash !== prev) {
          firstBroken = { seq: e.seq, quoteId: e.quoteId, reason: "prevHash" };
        } else if (entryHash(e) !== e.entryHash) {
          firstBroken = { seq: e.seq, quoteId: e.quoteId, reason: "entryHash" };
        }
      }
      expectedSeq = e.seq + 1;
      prev = e.entryHash;

      const s = stored.find((x) => x.q.id === e.quoteId);
      if (!s) {
        note({ seq: e.seq, quoteId: e.quoteId, reason: "quoteMissing" });
        continue;
      }
      const q = s.q;
      if (
        q.projectId !== e.projectId || q.supplierId !== e.supplierId || q.round !== e.round ||
        q.fileId !== e.fileId || q.submittedAt.getTime() !== e.submittedAt ||
        (q.packVersion ?? null) !== (e.packVersion ?? null)
      ) {
        note({ seq: e.seq, quoteId: q.id, reason: "quoteChanged" });
      } else if (s.sha256 !== e.fileSha256) {
        note({ seq: e.seq, quoteId: q.id, reason: "fileChanged" });
      } else if (
        linesHash(lines.filter((l) => l.quoteId === q.id)) !== e.linesHash ||
        contentHash(e.fileSha256, lines.filter((l) => l.quoteId === q.id)) !== e.contentHash
      ) {
        note({ seq: e.seq, quoteId: q.id, reason: "linesChanged" });
      } else if (opts.bytes && await storedBytesSha256(deps, e.fileSha256) !== e.fileSha256) {
        note({ seq: e.seq, quoteId: q.id, reason: "bytesChanged" });
      }
    }
  }
  // Every quote must have its entry.
  const orphans = await db.select({ id: quotes.id }).from(quotes)
    .where(sql`not exists (select 1 from ${quoteChain} c where c.quote_id = ${quotes.id})`)
    .orderBy(asc(quotes.id)).limit(MAX_MISMATCHES);
  for (const o of orphans) note({ seq: null, quoteId: o.id, reason: "noEntry" });
  return { ok: !firstBroken && !mismatches.length, entries, head, firstBroken, mismatches };
}
