// How exports read a long list: its ids a page at a time, in the list's order, and the rows for
// them a small batch at a time.

/** Rows an export reads at a time. */
export const EXPORT_BATCH_ROWS = 200;
/** Ids read at a time, in the list's order. */
export const EXPORT_ID_PAGE = 5000;

/**
 * An export's rows, EXPORT_BATCH_ROWS at a time, in the list's order: `idsAt` answers a page of
 * the list's ids (by LIMIT and OFFSET: a walk over an index only), `read` the rows of some ids in
 * any order. Batches are small so that a batch, and the XML made of it, is garbage before V8's
 * young generation fills: at 1,000 rows a batch they outlived it, were promoted, and the old
 * generation grew by about 100 MiB over a 100,000-row export before it was collected. A row
 * deleted meanwhile is left out.
 */
export async function* batchesInOrder<T extends { id: number }>(
  idsAt: (offset: number, limit: number) => Promise<number[]>,
  read: (ids: number[]) => Promise<T[]>,
): AsyncGenerator<T[]> {
  for (let offset = 0;; offset += EXPORT_ID_PAGE) {
    const ids = await idsAt(offset, EXPORT_ID_PAGE);
    for (let i = 0; i < ids.length; i += EXPORT_BATCH_ROWS) {
      const chunk = ids.slice(i, i + EXPORT_BATCH_ROWS);
      const byId = new Map((await read(chunk)).map((r) => [r.id, r]));
      const rows = chunk.flatMap((id) => byId.get(id) ?? []);
      if (rows.length) yield rows;
    }
    if (ids.length < EXPORT_ID_PAGE) return;
  }
}
