// Backups of the database and the file store: the nightly copy (BACKUP_DIR), its check, which ones
// are kept, and the size of the database for the metrics.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";

/** The database's size in bytes (its pages), read without touching the file system. */
export async function databaseSize(db: DbOrTx): Promise<number> {
  const [row] = await db.values<[number]>(
    sql`select page_count * page_size from pragma_page_count(), pragma_page_size()`,
  );
  return Number(row?.[0] ?? 0);
}
