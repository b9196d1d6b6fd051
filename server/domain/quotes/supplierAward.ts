// What a supplier may know of a project's award: only whether it was awarded, and what. Other
// suppliers' awards, the reason and the prices stay with the buyer.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { awardLines, awards, offerProjectItems } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { quotableItems } from "./lines.ts";

export type MyAward = {
  awardedAt: Date;
  /** The whole project was awarded to this supplier. */
  projectWide: boolean;
  /** The line items awarded to it, in the project's order. */
  items: string[];
};

/** The award in force of each project that gives this supplier the project or some of its lines. */
export async function awardsOfSupplier(
  db: DbOrTx,
  supplierId: number,
  projectIds: number[],
): Promise<Map<number, MyAward>> {
  const out = new Map<number, MyAward>();
  if (!projectIds.length) return out;
  const inForce = await db.select().from(awards)
    .where(and(inArray(awards.projectId, projectIds), isNull(awards.supersededAt)));
  const byLines = inForce.filter((a) => a.scope === "lines").map((a) => a.id);
  const lines = byLines.length
    ? await db.select({ awardId: awardLines.awardId, itemName: offerProjectItems.itemName })
      .from(awardLines)
      .innerJoin(offerProjectItems, eq(offerProjectItems.id, awardLines.itemId))
      .where(and(inArray(awardLines.awardId, byLines), eq(awardLines.supplierId, supplierId)))
      .orderBy(asc(offerProjectItems.sort), asc(offerProjectItems.id))
    : [];
  for (const a of inForce) {
    if (a.scope === "project") {
      if (a.supplierId !== supplierId) continue;
      const items = (await quotableItems(db, a.projectId)).map((i) => i.itemName);
      out.set(a.projectId, { awardedAt: a.awardedAt, projectWide: true, items });
    } else {
      const items = lines.filter((l) => l.awardId === a.id).map((l) => l.itemName);
      if (items.length) out.set(a.projectId, { awardedAt: a.awardedAt, projectWide: false, items });
    }
  }
  return out;
}
