// Inputs of the file operations; shared by the HTTP routes and the CLI.
import { z } from "zod";

export const fileIdInput = z.object({ id: z.coerce.number().int().positive() });

/** A multipart upload by staff: the file and, optionally, the project it belongs to. */
export const uploadInput = z.object({
  file: z.instanceof(File, { message: "files.missing" }),
  projectId: z.coerce.number().int().positive().optional(),
});

export const projectFilesInput = z.object({
  offerProManId: z.coerce.number().int().positive(),
  skipCount: z.coerce.number().int().min(0).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(1000).default(10),
});
