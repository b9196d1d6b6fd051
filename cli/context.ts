// What every CLI command shares: the language, localised output, opening the database through the
// same bootstrap as the server, and turning failures into a message on stderr and an exit code.
import { ZodError } from "zod";
import { ConfigError, loadConfig } from "../server/config.ts";
import { openDeps } from "../server/bootstrap.ts";
import type { Deps } from "../server/domain/context.ts";
import { asStorageFull, DomainError, fromZod } from "../server/domain/errors.ts";
import { ensureStaticRoles } from "../server/domain/roles/service.ts";
import { describeError, type Lang, t } from "../server/i18n.ts";

/** English unless LANG asks for Chinese. */
export const lang: Lang = (Deno.env.get("LANG") ?? "").toLowerCase().startsWith("zh") ? "zh" : "en";

export const say = (key: string, params?: Record<string, unknown>) => t(lang, `cli.${key}`, params);

/**
 * Exit codes: 0 done; 2 the command was given bad input (usage, validation: fix the command and run
 * it again); 1 anything else (not found, conflict, a file or database failure).
 */
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

/** A failure the CLI itself detects, with its message key under cli.* */
export class CliError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly exitCode = EXIT_FAILURE,
  ) {
    super(key);
  }
}

/** The message and exit code of any failure. */
export function describeFailure(err: unknown): { message: string; exitCode: number } {
  if (err instanceof ZodError) err = fromZod(err);
  err = asStorageFull(err); // a backup or export onto a full disk: said as such, not as a query
  if (err instanceof CliError) return { message: say(err.key, err.params), exitCode: err.exitCode };
  if (err instanceof DomainError) {
    return {
      message: describeError(lang, err).message,
      exitCode: err.kind === "validation" ? EXIT_BAD_INPUT : EXIT_FAILURE,
    };
  }
  if (err instanceof ConfigError) return { message: err.message, exitCode: EXIT_BAD_INPUT };
  return { message: err instanceof Error ? err.message : String(err), exitCode: EXIT_FAILURE };
}

/**
 * Writes `body` into the file `path`; `createNew` refuses an existing one (`backupExists`, exit 2).
 * Any failure of the write (a full disk) is thrown, and the cut-short file is removed so that it is
 * never taken for the whole. Written with `write` itself: in Deno 2.9 `Deno.writeFile` of a stream
 * and `FsFile.writable` report success when the disk is full.
 */
export async function writeOutputFile(
  path: string,
  body: ReadableStream<Uint8Array> | Uint8Array,
  opts: { createNew?: boolean } = {},
): Promise<void> {
  const reader = (body instanceof Uint8Array ? ReadableStream.from([body]) : body).getReader();
  let out: Deno.FsFile;
  try {
    out = await Deno.open(
      path,
      opts.createNew ? { write: true, createNew: true } : {
        write: true,
        create: true,
        truncate: true,
      },
    );
  } catch (err) {
    await reader.cancel().catch(() => {});
    if (err instanceof Deno.errors.AlreadyExists) {
      throw new CliError("backupExists", { file: path }, EXIT_BAD_INPUT);
    }
    throw err;
  }
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let off = 0; off < value.byteLength;) off += await out.write(value.subarray(off));
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    out.close();
    // Only a plain file written here: never a device such as /dev/stdout.
    if ((await Deno.stat(path).catch(() => null))?.isFile) await Deno.remove(path).catch(() => {});
    throw err;
  }
  out.close();
}

/** Opens the configured database (migrated, seeded roles present), runs `fn`, and closes it. */
export async function withDeps<T>(fn: (deps: Deps) => Promise<T>): Promise<T> {
  const deps = await openDeps(loadConfig());
  try {
    // The CLI may run before the first server start (e.g. to create the first admin).
    await ensureStaticRoles(deps.db);
    return await fn(deps);
  } finally {
    deps.close();
  }
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Terminal columns a text takes: Chinese (and other wide) characters take two. */
const cells = (text: string) =>
  [...text].reduce(
    (n, ch) =>
      n +
      (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/
          .test(ch)
        ? 2
        : 1),
    0,
  );

export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => cells(r[i] ?? ""))));
  return rows.map((r) => r.map((c, i) => c + " ".repeat(widths[i] - cells(c))).join("  ").trimEnd())
    .join("\n");
}

/** Prints rows as columns padded to their widest cell (the first row is the header). */
export const printTable = (rows: string[][]) => console.log(formatTable(rows));
