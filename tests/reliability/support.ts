// Reliability fixtures: the real server (server/main.ts) and the real CLI as child processes on a data
// folder of their own, a database set up beforehand through the domain code, and the checks every
// reliability test ends with (integrity, stored files against their rows, the printed tally).
import { createClient } from "@libsql/client";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { type Deps, systemClock } from "../../server/domain/context.ts";
import { createUser } from "../../server/domain/users/service.ts";
import { offerProjects, offerProjectSuppliers, suppliers } from "../../db/schema.ts";

export const ROOT = new URL("../../", import.meta.url).pathname;
export const ADMIN_PASSWORD = "Admin@12345";
export const SUPPLIER_PASSWORD = "Passw0rd!x";
export const JWT_SECRET = "reliability-secret-reliability-secret-0123";

/** A port nobody listens on right now (the kernel's choice, released at once). */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** The environment every child gets: this data folder, loopback only, no client build. */
export function childEnv(dataDir: string, extra: Record<string, string> = {}) {
  return {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    CLIENT_BUILD: "0",
    DEMO_DATA: "0",
    ADMIN_PASSWORD,
    JWT_SECRET,
    DATABASE_URL: "",
    SMTP_URL: "",
    ERP_SUPPLIERS_URL: "",
    AMS_URL: "",
    NO_COLOR: "1",
    LANG: "en_US.UTF-8",
    ...extra,
  };
}

export type ServerProcess = {
  base: string;
  port: number;
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  /** SIGKILL: no shutdown code runs. */
  kill: () => Promise<void>;
  /** SIGTERM, waiting for the exit; answers the exit code. */
  stop: () => Promise<number>;
  [Symbol.asyncDispose]: () => Promise<void>;
};

/**
 * Starts `deno run -A --unstable-net server/main.ts` (as `deno task start` does) on `dataDir` and
 * waits until /healthz answers. `through`: a command that runs deno with its arguments appended
 * and ends in `exec "$@"` (e.g. to set a resource limit), so the pid stays the server's.
 */
export async function startServerProcess(
  dataDir: string,
  extra: Record<string, string> = {},
  through: string[] = [],
): Promise<ServerProcess> {
  const port = Number(extra.PORT ?? freePort());
  const deno = ["run", "-A", "--unstable-net", "server/main.ts"];
  const [command, ...args] = [...through, Deno.execPath(), ...deno];
  const child = new Deno.Command(command, {
    args,
    cwd: ROOT,
    env: childEnv(dataDir, { ...extra, PORT: String(port) }),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    for await (const chunk of stream) out += dec.decode(chunk, { stream: true });
  };
  const pumped = Promise.all([pump(child.stdout), pump(child.stderr)]).catch(() => {});
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      await pumped;
      throw new Error(`the server exited before listening:\n${out}`);
    }
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await status;
      throw new Error(`the server did not listen within a minute:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const end = async (signal: Deno.Signal) => {
    if (!exited) {
      try {
        child.kill(signal);
      } catch { /* already gone */ }
    }
    const { code } = await status;
    await pumped;
    return code;
  };
  return {
    base,
    port,
    pid: child.pid,
    output: () => out,
    kill: async () => void await end("SIGKILL"),
    stop: () => end("SIGTERM"),
    [Symbol.asyncDispose]: async () => void await end("SIGKILL"),
  };
}

/** Runs `deno run -A cli/main.ts …args` on `dataDir`; answers the exit code and what it printed. */
export async function runCli(
  dataDir: string,
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "cli/main.ts", ...args],
    cwd: ROOT,
    env: childEnv(dataDir, extra),
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  return { code, stdout: dec.decode(stdout), stderr: dec.decode(stderr) };
}

/** A fresh data folder with a migrated, seeded database, handed to `fn` through the domain code. */
export async function prepareDataDir<T>(
  fn: (deps: Deps) => Promise<T> = () => Promise.resolve(undefined as T),
  extra: Record<string, string> = {},
): Promise<{ dataDir: string; value: T }> {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-reliability-" });
  const config = loadConfig(childEnv(dataDir, extra));
  const deps = await openDeps(config, systemClock);
  try {
    await seed(deps);
    return { dataDir, value: await fn(deps) };
  } finally {
    deps.close();
  }
}

export type QuotingSetup = {
  projectId: number;
  /** Portal sign-ins of the invited suppliers, each agreed to the instructions. */
  supplierUsers: { userName: string; supplierId: number }[];
};

/**
 * A published material project whose deadline is `deadlineHours` from now (the real clock: the
 * child server uses it), invited `count` suppliers with a portal sign-in each, all agreed.
 */
export async function quotingProject(
  deps: Deps,
  opts: { count?: number; deadlineHours?: number; code?: string } = {},
): Promise<QuotingSetup> {
  const now = new Date();
  const n = opts.count ?? 1;
  const supplierUsers: QuotingSetup["supplierUsers"] = [];
  const [p] = await deps.db.insert(offerProjects).values({
    code: opts.code ?? "QP-RELIABILITY-001",
    name: "可靠性测试 reliability",
    kind: "material",
    status: "published",
    pubDate: now,
    offerEndTime: new Date(now.getTime() + (opts.deadlineHours ?? 6) * 3600_000),
  }).returning({ id: offerProjects.id });
  for (let i = 1; i <= n; i++) {
    const code = `R${String(i).padStart(3, "0")}`;
    const [s] = await deps.db.insert(suppliers).values({
      code,
      abbrName: `供应商${i}`,
      fullName: `可靠性供应商 ${i} Ltd`,
      email1: `${code.toLowerCase()}@suppliers.test`,
    }).returning({ id: suppliers.id });
    await createUser(deps, {
      userName: code,
      name: code,
      password: SUPPLIER_PASSWORD,
      roleNames: ["Supplier"],
      kind: "supplier",
      supplierId: s.id,
    });
    await deps.db.insert(offerProjectSuppliers).values({
      projectId: p.id,
      supplierId: s.id,
      invitedAt: now,
      agreedAt: now,
    });
    supplierUsers.push({ userName: code, supplierId: s.id });
  }
  return { projectId: p.id, supplierUsers };
}

/** Signs in over HTTP and answers the bearer token. */
export async function signInHttp(base: string, userName: string, password: string) {
  const res = await fetch(`${base}/api/services/app/TokenAuth/Authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
  });
  const json = await res.json();
  if (res.status !== 200) {
    throw new Error(`sign-in of ${userName}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json.result.accessToken as string;
}

/** GET/POST an API path with a token; answers the status and the envelope. */
export async function api(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string | number> } = {},
) {
  const url = new URL(`${base}/api/services${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { "accept-language": "en" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const res = await fetch(url, { method: method.toUpperCase(), headers, body });
  const text = await res.text();
  // deno-lint-ignore no-explicit-any
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

/** Runs SQL on a database file with a connection of its own (the server may be running). */
export async function withDbFile<T>(
  dataDir: string,
  fn: (
    q: (sql: string, args?: (string | number | null)[]) => Promise<Record<string, unknown>[]>,
  ) => Promise<T>,
): Promise<T> {
  const client = createClient({ url: `file:${join(dataDir, "qmo.db")}` });
  try {
    return await fn(async (sql, args = []) => {
      const rs = await client.execute({ sql, args });
      return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c, i) => [c, r[i]])));
    });
  } finally {
    client.close();
  }
}

/** `PRAGMA integrity_check` and `PRAGMA foreign_key_check` of a database file: "ok" or the detail. */
export async function integrity(dbFile: string): Promise<string> {
  const client = createClient({ url: `file:${dbFile}` });
  try {
    const check = await client.execute("PRAGMA integrity_check");
    const detail = check.rows.map((r) => String(r[0])).join("; ");
    if (detail !== "ok") return detail;
    const fk = await client.execute("PRAGMA foreign_key_check");
    return fk.rows.length ? `foreign keys: ${JSON.stringify(fk.rows)}` : "ok";
  } finally {
    client.close();
  }
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  const f = await Deno.open(path, { read: true });
  for await (const chunk of f.readable) hash.update(chunk);
  return hash.digest("hex");
}

export type FileStoreReport = {
  /** Rows whose stored bytes are missing, of another size, or of another SHA-256. */
  broken: string[];
  checked: number;
  /** Files left in files/tmp (never rows). */
  tempFiles: number;
};

/** Checks every live files row of `purpose` against the bytes in <DATA_DIR>/files. */
export async function checkFileStore(dataDir: string, purpose = "quote"): Promise<FileStoreReport> {
  const rows = await withDbFile(
    dataDir,
    (q) =>
      q("SELECT id, sha256, size FROM files WHERE purpose = ? AND deleted_at IS NULL", [purpose]),
  );
  const broken: string[] = [];
  for (const r of rows) {
    const sha = String(r.sha256);
    const path = join(dataDir, "files", sha.slice(0, 2), sha);
    try {
      const { size } = await Deno.stat(path);
      if (size !== Number(r.size)) broken.push(`file ${r.id}: ${size} bytes, row says ${r.size}`);
      else if (await sha256OfFile(path) !== sha) {
        broken.push(`file ${r.id}: bytes differ from sha256`);
      }
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) broken.push(`file ${r.id}: missing`);
      else throw err;
    }
  }
  let tempFiles = 0;
  try {
    for await (const _ of Deno.readDir(join(dataDir, "files", "tmp"))) tempFiles++;
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return { broken, checked: rows.length, tempFiles };
}

/** The line each reliability test ends with, in one form. */
export function printTally(
  name: string,
  t: { cases: number; failures: number; rowsLost: number; note?: string },
) {
  console.log(
    `tally ${name}: cases tried ${t.cases}, failures ${t.failures}, rows lost ${t.rowsLost}${
      t.note ? ` (${t.note})` : ""
    }`,
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- A 50 MB quote upload streamed chunk by chunk (crash and shutdown tests) ----

export const MB = 1024 * 1024;
export const SIZE = 50 * MB - 64 * 1024; // the file itself, under MAX_UPLOAD_MB with the form around it
export const CHUNK = MB;

/** The bytes of upload number `n`: a PDF header, then a pattern unique to `n`, chunk by chunk. */
export function chunkOf(n: number, index: number): Uint8Array {
  const start = index * CHUNK;
  const len = Math.min(CHUNK, SIZE - start);
  const out = new Uint8Array(len);
  const view = new DataView(out.buffer);
  for (let off = 0; off + 8 <= len; off += 4096) {
    view.setUint32(off, n);
    view.setUint32(off + 4, index * 1000 + off / 4096);
  }
  if (index === 0) out.set(new TextEncoder().encode("%PDF-1.7\n%reliability\n"));
  return out;
}

export const chunks = Math.ceil(SIZE / CHUNK);

export function sha256Of(n: number): string {
  const h = createHash("sha256");
  for (let i = 0; i < chunks; i++) h.update(chunkOf(n, i));
  return h.digest("hex");
}

export type Upload = {
  done: Promise<{ status: number; json?: { result?: { id: number } } } | { error: string }>;
  /** Resolves once `pauseAt` bytes of the file were handed to the connection. */
  paused: Promise<void>;
};

/**
 * POSTs a multipart Submit whose file part streams chunk by chunk, `paceMs` apart; with `pauseAt` it
 * stops sending after that many file bytes and holds the connection open.
 */
export function upload(
  base: string,
  token: string,
  projectId: number,
  n: number,
  opts: { paceMs?: number; pauseAt?: number } = {},
): Upload {
  const boundary = `----qmo-reliability-${n}-${crypto.randomUUID()}`;
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="offProId"\r\n\r\n${projectId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="round"\r\n\r\n0\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="报价-${n}.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  let index = -1;
  let sent = 0;
  let reached!: () => void;
  const paused = new Promise<void>((r) => (reached = r));
  let hold: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index === -1) {
        controller.enqueue(head);
        index = 0;
        return;
      }
      if (opts.pauseAt !== undefined && sent >= opts.pauseAt) {
        reached();
        await new Promise<void>((r) => (hold = r));
        return;
      }
      if (index >= chunks) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      if (opts.paceMs) await sleep(opts.paceMs);
      const c = chunkOf(n, index++);
      sent += c.byteLength;
      controller.enqueue(c);
    },
    cancel() {
      hold?.();
    },
  });
  const done = fetch(`${base}/api/services/QMO/SupplierOffer/Submit`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "accept-language": "en",
    },
    body,
    duplex: "half",
  } as RequestInit).then(
    async (res) => ({ status: res.status, json: await res.json().catch(() => undefined) }),
    (err) => ({ error: String(err) }),
  ).finally(() => hold?.());
  return { done, paused };
}
