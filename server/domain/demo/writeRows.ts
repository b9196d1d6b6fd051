// Writing generated rows in bulk: multi-row inserts inside transactions of a bounded size.
import { max } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Deps } from "../context.ts";
import { transaction } from "../../../db/client.ts";

/** Rows per INSERT statement: bound parameters stay well under SQLite's limit of 32766. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.floor(8000 / columns));
/** Rows per transaction: short enough that other writers of this process are not held up long. */
const ROWS_PER_TRANSACTION = 20_000;

export async function nextId(deps: Deps, table: SQLiteTable & { id: unknown }) {
  // deno-lint-ignore no-explicit-any
  const [row] = await deps.db.select({ m: max((table as any).id) }).from(table);
  return Number(row?.m ?? 0) + 1;
}

/**
 * Writes rows made by `make(i)` for i in [0, total), in multi-row inserts, each transaction holding
 * ROWS_PER_TRANSACTION rows; reports progress after each transaction.
 */
export async function writeRows<T extends Record<string, unknown>>(
  deps: Deps,
  table: SQLiteTable,
  stage: string,
  total: number,
  make: (i: number) => T,
  onProgress: ((p: { stage: string; done: number; total: number }) => void) | undefined,
) {
  if (total <= 0) return;
  let per = 0;
  for (let start = 0; start < total; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(total, start + ROWS_PER_TRANSACTION);
    const rows: T[] = [];
    for (let i = start; i < end; i++) rows.push(make(i));
    per ||= rowsPerInsert(Object.keys(rows[0]).length);
    await transaction(deps.db, async (tx) => {
      for (let k = 0; k < rows.length; k += per) {
        // deno-lint-ignore no-explicit-any
        await tx.insert(table).values(rows.slice(k, k + per) as any);
      }
    });
    onProgress?.({ stage, done: end, total });
  }
}
