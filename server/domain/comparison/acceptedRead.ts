// The alternatives a project's buyer accepted for comparison (acceptAlternative.ts writes them).
import { eq } from "drizzle-orm";
import { acceptedAlternatives } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { AcceptedAlternative } from "./alternatives.ts";

export async function acceptedOf(db: DbOrTx, projectId: number): Promise<AcceptedAlternative[]> {
  return await db.select({
    supplierId: acceptedAlternatives.supplierId,
    itemId: acceptedAlternatives.itemId,
    reason: acceptedAlternatives.reason,
    acceptedAt: acceptedAlternatives.acceptedAt,
  }).from(acceptedAlternatives).where(eq(acceptedAlternatives.projectId, projectId));
}
