// Inputs of the file operations; shared by the HTTP routes and the CLI.
import { z } from "zod";
import { id, wholeNumber } from "../shared/input.ts";
import { isoInstant, pageOf } from "../shared/results.ts";

export const fileIdInput = z.object({ id: id.describe("The file's id.") });

/** A multipart upload by staff: the file and, optionally, the project it belongs to. */
export const uploadInput = z.object({
  file: z.instanceof(File, { message: "files.missing" }).describe(
    "The file: a name whose last extension is accepted and agrees with the content.",
  ),
  projectId: id.optional().describe(
    "The unpublished project it is attached to (none for a certificate file).",
  ),
});

export const projectFilesInput = z.object({
  offerProManId: id.describe("The project's id."),
  skipCount: wholeNumber(0).default(0).describe("How many files to skip before the page (0)."),
  maxResultCount: wholeNumber(1, 1000).default(10).describe(
    "How many files the page holds at most (10, at most 1000).",
  ),
});

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** A stored file: an attachment, a quote file, a certificate file. */
export const fileDto = z.object({
  id: z.int().describe("The file's id (download it with GetFileStream)."),
  fileName: z.string().describe("The file's name."),
  size: z.int().describe("Its size in bytes."),
  contentType: z.string().describe("Its media type (application/pdf)."),
  purpose: z.enum([
    "project",
    "quote",
    "certificate",
    "question",
    "datasheet",
    "evaluation",
    "other",
  ]).describe(
    "What it is: a project attachment, a quote file, a certificate file, a question's attachment, an alternative's datasheet, an evaluation answer's attachment, or other.",
  ),
  projectId: z.int().nullable().describe("The project it belongs to, or null."),
  creationTime: isoInstant.describe("When it was uploaded."),
});
export const filePage = pageOf(fileDto, "attachments, newest first");
