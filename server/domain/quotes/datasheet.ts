// An alternative's datasheet: a supplier invited to a project uploads it (checked and stored as any
// upload, purpose "datasheet") and names it on its alternative line (altDatasheetFileId), which the
// submission checks is a datasheet this user uploaded (lines.ts).
import type { z } from "zod";
import type { Actor, Deps } from "../context.ts";
import { storeUpload } from "../files/service.ts";
import { uploadLimitMb } from "../settings/service.ts";
import { datasheetForm } from "./schemas.ts";
import { invitationOf, supplierIdOf } from "./service.ts";

/** UploadDatasheet: stores the file for one of this supplier's projects; answers it. */
export async function uploadDatasheet(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof datasheetForm>,
) {
  const input = datasheetForm.parse(raw);
  const { project } = await invitationOf(deps.db, supplierIdOf(actor), input.offProId);
  const limit = await uploadLimitMb(deps);
  return await storeUpload(
    { ...deps, config: { ...deps.config, maxUploadMb: limit } },
    { file: input.file, purpose: "datasheet", projectId: project.id, uploadedBy: actor.id },
  );
}
