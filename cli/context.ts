// What every CLI command shares: the language, localised output, opening the database through the
// same bootstrap as the server, and turning failures into a message on stderr and an exit code.
import { ZodError } from "zod";
import { ConfigError, loadConfig } from "../server/config.ts";
import { openDeps } from "../server/bootstrap.ts";
import { type Deps, systemClock } from "../server/domain/context.ts";
import { DatabaseHeldError } from "../db/lock.ts";
import { dirname, resolve } from "node:path";
import { asStorageFull, DomainError, fromZod } from "../server/domain/errors.ts";
import { ensureStaticRoles } from "../server/domain/roles/service.ts";
import { describeError, type Lang, t } from "../server/i18n.ts";

/** English unless LANG asks for Chinese. */
export const lang: Lang = (Deno.env.get("LANG") ?? "").toLowerCase().startsWith("zh") ? "zh" : "en";

export const say = (key: string, params?: Record<string, unknown>) => t(lang, `cli.${key}`, params);

/**
 * Exit codes: 0 done; 2 the command was given bad input (usage, validation, a file that exists
 * without --force, a missing --force, or anything it names that does not exist: a user, project,
 * quote, template, role, file or folder; fix the command and run it again); 1 anything else (no
 * database, the database in use, a conflict, a file or database failure).
 */
const EXIT_FAILURE = 1;
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

/**
 * The options that carry the domain's input fields: a message names what the person typed
 * (`--since`), never the field behind it (`submittedFrom`).
 */
const OPTION_OF_FIELD: Record<string, string> = {
  userName: "--user-name",
  name: "--name",
  emailAddress: "--email",
  roleNames: "--role",
  password: "--password",
  newPassword: "--password",
  keyword: "--keyword",
  kind: "--kind",
  status: "--status",
  cooperationStatus: "--cooperation",
  code: "--code",
  submittedFrom: "--since",
  currentOnly: "--current",
  maxResultCount: "--limit",
  closeReason: "--reason",
  currency: "--currency",
  effectiveDate: "<date>",
  rate: "<rate>",
  days: "--days",
  months: "--months",
  templateCode: "--template",
  projectCode: "--project",
  supplierCodes: "--suppliers",
  since: "--since",
  year: "<year>",
  comment: "--comment",
  approverId: "--to",
  from: "--from",
  to: "--to",
  category: "--category",
  reason: "--reason",
};
const optionOf = (field: unknown) =>
  typeof field === "string" ? OPTION_OF_FIELD[field] ?? field : field;

/** The message of a failure nobody planned for: its innermost cause, never a query or a stack. */
function unexpectedMessage(err: unknown): string {
  let e = err;
  for (let depth = 0; e instanceof Error && e.cause instanceof Error && depth < 8; depth++) {
    e = e.cause;
  }
  return withoutQuery(e instanceof Error ? e.message : String(e));
}

/** A failure's text as a person reads it: a database failure that quotes its query is not shown. */
export const withoutQuery = (text: string) => /failed query/i.test(text) ? say("unexpected") : text;

/** The message and exit code of any failure. */
export function describeFailure(err: unknown): { message: string; exitCode: number } {
  if (err instanceof ZodError) err = fromZod(err);
  err = asStorageFull(err); // a backup or export onto a full disk: said as such, not as a query
  if (err instanceof CliError) return { message: say(err.key, err.params), exitCode: err.exitCode };
  if (err instanceof DatabaseHeldError) {
    return {
      message: t(lang, `database.${err.reason}`, { file: err.file }),
      exitCode: EXIT_FAILURE,
    };
  }
  if (err instanceof DomainError) {
    const named = new DomainError(
      err.kind,
      err.messageKey,
      err.params,
      err.fieldErrors.map((f) => ({
        ...f,
        params: f.params && { ...f.params, field: optionOf(f.params.field) },
        members: f.members.map((m) => String(optionOf(m))),
      })),
    );
    const { message, validationErrors } = describeError(lang, named);
    return {
      message: err.messageKey === "errors.validation" && validationErrors
        ? say("badInput", { details: validationErrors.map((v) => v.message).join("; ") })
        : message,
      exitCode: err.kind === "validation" || err.kind === "notFound"
        ? EXIT_BAD_INPUT
        : EXIT_FAILURE,
    };
  }
  if (err instanceof ConfigError) return { message: err.message, exitCode: EXIT_BAD_INPUT };
  return { message: unexpectedMessage(err), exitCode: EXIT_FAILURE };
}

/**
 * Checks a file to write before any work is done: its folder must exist (`noSuchFolder`), and an
 * existing file is refused unless `force` (`fileExists`); both exit 2.
 */
export async function checkOutputFile(path: string, force?: boolean): Promise<void> {
  const found = (p: string) => Deno.lstat(p).then(() => true, () => false);
  if (!force && await found(path)) throw new CliError("fileExists", { file: path }, EXIT_BAD_INPUT);
  const folder = dirname(resolve(path));
  if (!(await found(folder))) throw new CliError("noSuchFolder", { folder }, EXIT_BAD_INPUT);
}

/**
 * Writes `body` into the file `path`; an existing file is refused (`fileExists`, exit 2) unless
 * `force`. Any failure of the write (a full disk) is thrown, and the cut-short file is removed so
 * that it is never taken for the whole. Written with `write` itself: in Deno 2.9 `Deno.writeFile` of
 * a stream and `FsFile.writable` report success when the disk is full.
 */
export async function writeOutputFile(
  path: string,
  body: ReadableStream<Uint8Array> | Uint8Array,
  opts: { force?: boolean } = {},
): Promise<void> {
  const reader = (body instanceof Uint8Array ? ReadableStream.from([body]) : body).getReader();
  let out: Deno.FsFile;
  try {
    out = await Deno.open(
      path,
      opts.force ? { write: true, create: true, truncate: true } : { write: true, createNew: true },
    );
  } catch (err) {
    await reader.cancel().catch(() => {});
    if (err instanceof Deno.errors.AlreadyExists) {
      throw new CliError("fileExists", { file: path }, EXIT_BAD_INPUT);
    }
    if (err instanceof Deno.errors.NotFound) {
      throw new CliError("noSuchFolder", { folder: dirname(resolve(path)) }, EXIT_BAD_INPUT);
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

/** The configuration as a command reads it: it creates no data folder and no secret. */
export const cliConfig = () => loadConfig(Deno.env.toObject(), { create: false });

/**
 * Opens the configured database (migrated, seeded roles present), runs `fn`, and closes it. A
 * command never creates a database: only `db migrate` and the server's start do.
 */
export async function withDeps<T>(fn: (deps: Deps) => Promise<T>): Promise<T> {
  const config = cliConfig();
  if (config.databaseFile && !(await Deno.stat(config.databaseFile).catch(() => null))) {
    throw new CliError("noDatabase", { file: resolve(config.databaseFile) });
  }
  // Held while the command runs (db restore refuses meanwhile); no wait for other instances.
  const deps = await openDeps(config, systemClock, { waitMs: 0 });
  try {
    // The seeded roles, when the database was only migrated (e.g. to create the first admin).
    await ensureStaticRoles(deps.db);
    return await fn(deps);
  } finally {
    deps.close();
  }
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GiB`;
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
