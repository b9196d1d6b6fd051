// Inputs of the file operations; shared by the HTTP routes and the CLI.
import { z } from "zod";
import { id, wholeNumber } from "../shared/input.ts";

export const fileIdInput = z.object({ id });

/** A multipart upload by staff: the file and, optionally, the project it belongs to. */
export const uploadInput = z.object({
  file: z.instanceof(File, { message: "files.missing" }),
  projectId: id.optional(),
});

export const projectFilesInput = z.object({
  offerProManId: id,
  skipCount: wholeNumber(0).default(0),
  maxResultCount: wholeNumber(1, 1000).default(10),
});
