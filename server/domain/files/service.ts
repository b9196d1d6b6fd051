// The file store: uploads taken into the content-addressed store (<DATA_DIR>/files), type
// detection from the bytes, metadata rows and reading them back. Who may download or remove which
// file is decided above it: quotes/fileAccess.ts, and projects/attachments.ts for a project's list.
import { dirname, join } from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { files } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { asStorageFull, DomainError, forbidden, notFound, validation } from "../errors.ts";
import { sha256OfFile } from "../shared/hashing.ts";
import { detectContentType, HEAD_BYTES, type NameProblem, uploadProblem } from "./detect.ts";
import { Spool, SpooledFile, uploadTmpDir } from "./spool.ts";
import type { z } from "zod";
import type { fileDto } from "./schemas.ts";

type FilePurpose = FileRow["purpose"];

export type FileDto = z.infer<typeof fileDto>;

export type FileRow = typeof files.$inferSelect;

export const toFileDto = (f: FileRow): FileDto => ({
  id: f.id,
  fileName: f.fileName,
  size: f.size,
  contentType: f.contentType,
  purpose: f.purpose,
  projectId: f.projectId,
  creationTime: f.createdAt,
});

const MB = 1024 * 1024;

export const storeRoot = (deps: Deps) => join(deps.config.dataDir, "files");
const blobPath = (deps: Deps, sha256: string) => join(storeRoot(deps), sha256.slice(0, 2), sha256);

export { detectContentType } from "./detect.ts";

const MAX_NAME = 255;

/**
 * Keeps the last path segment of a name a browser sent, without control characters or the
 * invisible direction marks that make "invoice\u202Efdp.exe" read as "invoiceexe.pdf"; a long name
 * is shortened before its extension, never inside a character. Nothing left (".", "..") is "".
 */
export function sanitizeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u001f\u007f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .trim();
  const cleaned = base.replace(/^\.+$/, "");
  if (cleaned.length <= MAX_NAME) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  let stem = cleaned.slice(0, MAX_NAME - ext.length);
  if (/[\ud800-\udbff]$/.test(stem)) stem = stem.slice(0, -1);
  return stem + ext;
}

// ---------------------------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------------------------

/** An upload refused by its name or type (detect.ts): 400 without a name, 415 otherwise. */
function refused({ key, params }: NameProblem): DomainError {
  const kind = key === "files.noName" ? "validation" : "unsupportedType";
  return new DomainError(kind, key, params, [{ messageKey: key, params, members: ["file"] }]);
}

export type UploadInput = {
  stream?: ReadableStream<Uint8Array>;
  file?: File;
  fileName?: string;
  purpose: FilePurpose;
  projectId?: number | null;
  uploadedBy?: number | null;
};

/**
 * Takes an upload into the store: refuses it past MAX_UPLOAD_MB (413), without a name or empty
 * (400), or when its type is not accepted or its name does not say it truthfully (415: detect.ts's
 * uploadProblem), then moves it into the store under its SHA-256 and records the file. A
 * file the multipart parser already wrote to the store's temporary folder (a SpooledFile, hashed as
 * it arrived) is taken in by renaming it; any other stream is first written there the same way. The
 * same bytes uploaded twice are stored once. A disk that takes no more answers `storageFull` (507),
 * with no row written and the temporary file removed.
 */
export async function storeUpload(deps: Deps, input: UploadInput, db: DbOrTx = deps.db) {
  const fileName = sanitizeFileName(input.fileName ?? input.file?.name ?? "");
  const max = deps.config.maxUploadMb * MB;
  const tooLarge = () =>
    new DomainError("tooLarge", "files.tooLarge", { max: deps.config.maxUploadMb });
  const tmpDir = uploadTmpDir(deps.config.dataDir);
  let spooled: SpooledFile;
  /** A temporary file written here (not the caller's): removed here unless it was taken in. */
  let own: string | null = null;
  if (input.file instanceof SpooledFile && dirname(input.file.path) === tmpDir) {
    spooled = input.file;
  } else {
    const stream = input.stream ?? input.file?.stream();
    if (!stream) throw validation("files.missing");
    const spool = new Spool(tmpDir);
    own = spool.path;
    try {
      const reader = stream.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (spool.size + value.byteLength > max) throw tooLarge();
          await spool.write(value);
        }
      } finally {
        await reader.cancel().catch(() => {});
      }
      spooled = await spool.finish(fileName, "application/octet-stream");
    } catch (err) {
      await spool.abort();
      throw err;
    }
  }
  try {
    if (spooled.size > max) throw tooLarge();
    if (fileName === "") throw refused({ key: "files.noName", params: {} });
    if (spooled.size === 0) throw validation("files.empty");
    const contentType = detectContentType(await spooled.head(HEAD_BYTES), fileName);
    const problem = uploadProblem(fileName, contentType);
    if (problem || !contentType) {
      throw refused(problem ?? { key: "files.unsupportedType", params: {} });
    }
    const sha256 = spooled.sha256;
    const target = blobPath(deps, sha256);
    const dir = dirname(target);
    // On disk before the rename and the row: a crash (or power cut) never leaves a row whose bytes
    // are partly in the page cache only.
    await flushToDisk(spooled.path, "file");
    await Deno.mkdir(dir, { recursive: true });
    await Deno.rename(spooled.path, target);
    spooled.movedTo(target);
    own = null;
    await flushToDisk(dir, "folder");
    const [row] = await db.insert(files).values({
      sha256,
      size: spooled.size,
      contentType,
      fileName,
      purpose: input.purpose,
      projectId: input.projectId ?? null,
      uploadedBy: input.uploadedBy ?? null,
      createdAt: deps.clock.now(),
    }).returning();
    return toFileDto(row);
  } catch (err) {
    // A disk that fills while the file is synced, moved or recorded: no row was written for it.
    throw asStorageFull(err);
  } finally {
    if (own) await Deno.remove(own).catch(() => {});
  }
}

/**
 * Flushes to the disk a file's bytes, or a folder's entries (which makes a rename in it durable).
 */
async function flushToDisk(path: string, what: "file" | "folder"): Promise<void> {
  const f = await Deno.open(path, what === "file" ? { write: true } : { read: true });
  try {
    await (what === "file" ? f.syncData() : f.sync());
  } finally {
    f.close();
  }
}

/** Temporary files older than this are left-overs of an upload cut short (a crash, a kill). */
export const STALE_UPLOAD_MS = 6 * 3600_000;

/**
 * Removes temporary upload files not written to for STALE_UPLOAD_MS: what a server killed in the
 * middle of an upload leaves behind. Uploads in progress (here or on another instance sharing the
 * folder) keep writing theirs, so they are never touched. Answers how many went.
 */
export async function sweepStaleUploads(deps: Deps): Promise<{ removed: number }> {
  const dir = uploadTmpDir(deps.config.dataDir);
  const before = deps.clock.now().getTime() - STALE_UPLOAD_MS;
  let removed = 0;
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.isFile) continue;
      const path = join(dir, entry.name);
      const info = await Deno.stat(path).catch(() => null);
      if (!info?.mtime || info.mtime.getTime() > before) continue;
      await Deno.remove(path).then(() => removed++, () => {});
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return { removed };
}

// ---------------------------------------------------------------------------------------------
// Reading back
// ---------------------------------------------------------------------------------------------

/** A file not removed (404 otherwise). */
export async function liveFile(db: DbOrTx, id: number): Promise<FileRow> {
  const row = await db.query.files.findFirst({
    where: and(eq(files.id, id), isNull(files.deletedAt)),
  });
  if (!row) throw notFound("file", id);
  return row;
}

/** The SHA-256 of the bytes stored under `sha256` now ("missing" when gone): a re-check. */
export async function storedBytesSha256(deps: Pick<Deps, "config">, sha256: string) {
  try {
    return await sha256OfFile(blobPath(deps as Deps, sha256));
  } catch {
    return "missing";
  }
}

/** RFC 6266 / 5987: an ASCII fallback name and the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The stored bytes of a file, opened for reading (404 when they are gone). */
export async function openStored(deps: Deps, f: FileRow): Promise<Deno.FsFile> {
  try {
    return await Deno.open(blobPath(deps, f.sha256), { read: true });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) throw notFound("file", f.id);
    throw err;
  }
}

/** A download's answer: the bytes as an attachment under its name, never cached. */
export function downloadResponse(
  body: BodyInit,
  fileName: string,
  size?: number,
): Response {
  const headers: Record<string, string> = {
    "content-type": "application/octet-stream",
    "content-disposition": contentDisposition(fileName),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  };
  if (size !== undefined) headers["content-length"] = String(size);
  return new Response(body, { status: 200, headers });
}

/**
 * Attaches uploaded files to a project (inside the caller's transaction). Only unattached project
 * files the same user uploaded, or files already on this project, may be named.
 */
export async function attachToProject(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  fileIds: number[],
): Promise<void> {
  const ids = [...new Set(fileIds)];
  if (!ids.length) return;
  const rows = await db.select().from(files).where(
    and(inArray(files.id, ids), isNull(files.deletedAt)),
  );
  for (const id of ids) {
    const f = rows.find((r) => r.id === id);
    if (!f) throw notFound("file", id);
    // A supplier's quote or question attachment never becomes part of what every supplier reads.
    const ok = f.purpose !== "quote" && f.purpose !== "certificate" && f.purpose !== "question" &&
      (f.projectId === projectId || (f.projectId == null && f.uploadedBy === actor.id));
    // Another user's file answers as a missing one; one's own that cannot be attached says so.
    if (!ok) throw f.uploadedBy === actor.id ? forbidden("files.notYours") : notFound("file", id);
  }
  await db.update(files).set({ projectId, purpose: "project" }).where(inArray(files.id, ids));
}
