// The evaluation's tamper-evident record: one append-only entry per submitted score sheet and per
// sign-off, each hashing the one before it, as the quote record does (quotes/chain.ts).
//
// Canonical form (version 1; `canonicalJson` of shared/hashing.ts):
// - data       = canonical JSON of the entry's facts (the scores submitted; the result signed off)
// - entry hash = SHA-256 hex of canonical({ v: 1, seq, projectId, kind, userId, data, at, prevHash }),
//   `at` in milliseconds since the epoch, `data` the text above.
// - the first entry's prevHash is 64 zeros; entry n's prevHash is entry n-1's entry hash.
import { asc, desc, gt } from "drizzle-orm";
import { evaluationRecord } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { type Canonical, canonicalJson, sha256Hex } from "../shared/hashing.ts";

const GENESIS_HASH = "0".repeat(64);
const FORMAT = 1;

type Entry = typeof evaluationRecord.$inferSelect;
type Facts = Omit<Entry, "seq" | "prevHash" | "entryHash">;

function entryHash(e: Omit<Entry, "entryHash">): string {
  return sha256Hex(canonicalJson({
    v: FORMAT,
    seq: e.seq,
    projectId: e.projectId,
    kind: e.kind,
    userId: e.userId,
    data: e.data,
    at: e.at,
    prevHash: e.prevHash,
  }));
}

/** Appends one entry after the record's head; run inside the transaction that makes the change. */
export async function appendEvaluationEntry(
  tx: DbOrTx,
  facts: Omit<Facts, "data"> & { data: Canonical },
): Promise<Entry> {
  const [head] = await tx.select({
    seq: evaluationRecord.seq,
    entryHash: evaluationRecord.entryHash,
  })
    .from(evaluationRecord).orderBy(desc(evaluationRecord.seq)).limit(1);
  const base = {
    ...facts,
    data: canonicalJson(facts.data),
    seq: (head?.seq ?? 0) + 1,
    prevHash: head?.entryHash ?? GENESIS_HASH,
  };
  const entry = { ...base, entryHash: entryHash(base) };
  await tx.insert(evaluationRecord).values(entry);
  return entry;
}

export type EvaluationVerifyReport = {
  ok: boolean;
  entries: number;
  head: { seq: number; entryHash: string };
  /** The first link whose hashes do not hold; later links are not judged past it. */
  firstBroken: { seq: number; reason: "gap" | "prevHash" | "entryHash" } | null;
};

const PAGE = 1000;

/** Walks the whole record in order, recomputing every hash; pages through it, memory stays flat. */
export async function verifyEvaluationRecord(db: DbOrTx): Promise<EvaluationVerifyReport> {
  let expectedSeq = 1;
  let prev = GENESIS_HASH;
  let entries = 0;
  let firstBroken: EvaluationVerifyReport["firstBroken"] = null;
  let head = { seq: 0, entryHash: GENESIS_HASH };
  for (let after = 0;;) {
    const page = await db.select().from(evaluationRecord).where(gt(evaluationRecord.seq, after))
      .orderBy(asc(evaluationRecord.seq)).limit(PAGE);
    if (!page.length) break;
    after = page[page.length - 1].seq;
    for (const e of page) {
      entries++;
      head = { seq: e.seq, entryHash: e.entryHash };
      if (!firstBroken) {
        if (e.seq !== expectedSeq) firstBroken = { seq: expectedSeq, reason: "gap" };
        else if (e.prevHash !== prev) firstBroken = { seq: e.seq, reason: "prevHash" };
        else if (entryHash(e) !== e.entryHash) firstBroken = { seq: e.seq, reason: "entryHash" };
      }
      expectedSeq = e.seq + 1;
      prev = e.entryHash;
    }
  }
  return { ok: !firstBroken, entries, head, firstBroken };
}
