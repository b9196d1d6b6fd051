// Serves the built React client (staff back-office and supplier portal) and rebuilds it when stale.
import type { Hono } from "hono";
import type { AppEnv } from "./route.ts";
import { langFromHeader } from "../i18n.ts";

const repoRoot = decodeURIComponent(new URL("../../", import.meta.url).pathname);
export const defaultClientDir = `${repoRoot}dist/client`;
const HASH_FILE = ".build-hash";

/**
 * What the build depends on: the client sources, the locales, the pinned package versions, and the
 * server's files the client bundles (input schemas, permission names, shared rules such as when
 * quoting closes: all of server/domain, and the enums the schemas use).
 */
async function sourceFiles(): Promise<string[]> {
  const files: string[] = [`${repoRoot}deno.json`, `${repoRoot}db/enums.ts`];
  for (const dir of [`${repoRoot}client`, `${repoRoot}locales`, `${repoRoot}server/domain`]) {
    const walk = async (d: string) => {
      for await (const e of Deno.readDir(d)) {
        const p = `${d}/${e.name}`;
        if (e.isDirectory && e.name !== "node_modules") await walk(p);
        else if (e.isFile) files.push(p);
      }
    };
    await walk(dir);
  }
  return files.sort();
}

/** A SHA-256 over the path and content of every file the client build reads. */
export async function clientSourceHash(): Promise<string> {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const f of await sourceFiles()) {
    parts.push(enc.encode(f.slice(repoRoot.length) + "\0"), await Deno.readFile(f));
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const all = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One build at a time across processes (tests run in parallel, others may start the server). */
async function withLock<T>(lockPath: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      const f = await Deno.open(lockPath, { createNew: true, write: true });
      await f.write(new TextEncoder().encode(String(Deno.pid)));
      f.close();
      break;
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
      // A lock left by a process that has gone (or an old one) is taken over.
      const holder = Number(await readText(lockPath));
      const gone = holder > 0 && Deno.build.os === "linux" &&
        !(await Deno.stat(`/proc/${holder}`).catch(() => null));
      const st = await Deno.stat(lockPath).catch(() => null);
      if (gone || (st?.mtime && Date.now() - st.mtime.getTime() > 3 * 60_000)) {
        await Deno.remove(lockPath).catch(() => {});
      } else await sleep(250);
    }
  }
  try {
    return await fn();
  } finally {
    await Deno.remove(lockPath).catch(() => {});
  }
}

/**
 * Builds the client into `outDir` when the build is missing or older than its sources
 * (by content hash). Answers true when it built.
 */
export async function ensureClientBuild(
  opts: { outDir?: string; log?: (msg: string) => void } = {},
): Promise<boolean> {
  const outDir = opts.outDir ?? defaultClientDir;
  const hash = await clientSourceHash();
  if ((await readText(`${outDir}/${HASH_FILE}`)) === hash) return false;
  const parent = outDir.slice(0, outDir.lastIndexOf("/"));
  await Deno.mkdir(parent, { recursive: true });
  return await withLock(`${outDir}.lock`, async () => {
    if ((await readText(`${outDir}/${HASH_FILE}`)) === hash) return false;
    opts.log?.("building the client…");
    const tmp = `${outDir}.tmp-${Deno.pid}`;
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${repoRoot}client/build.ts`, tmp],
      cwd: repoRoot,
      stdout: "inherit",
      stderr: "piped",
    }).output();
    if (code !== 0) {
      await Deno.remove(tmp, { recursive: true }).catch(() => {});
      throw new Error(`client build failed:\n${new TextDecoder().decode(stderr)}`);
    }
    await Deno.writeTextFile(`${tmp}/${HASH_FILE}`, hash);
    const old = `${outDir}.old-${Deno.pid}`;
    await Deno.rename(outDir, old).catch(() => {});
    await Deno.rename(tmp, outDir);
    await Deno.remove(old, { recursive: true }).catch(() => {});
    return true;
  });
}

const contentTypes: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  woff2: "font/woff2",
  json: "application/json",
  ico: "image/x-icon",
};

/** Paths that never fall back to the client's documents. */
const serverOwned = /^\/(api|swagger|healthz)(\/|$)/;

/**
 * Mounts the client on the app: `/assets/*` (hashed, cached for a year), `/portal…` (the supplier
 * portal's document) and every other page path (the back-office's document, so client routes
 * survive a reload). Documents are never cached.
 */
export function serveClient(opts: { dir?: string } = {}) {
  const dir = opts.dir ?? defaultClientDir;
  const docs = new Map<string, string>();
  const doc = async (name: "admin" | "portal") => {
    let html = docs.get(name);
    if (html === undefined) {
      html = await readText(`${dir}/${name}/index.html`);
      if (html === undefined) return undefined;
      docs.set(name, html);
    }
    return html;
  };

  return (app: Hono<AppEnv>) => {
    app.get("/assets/:file{[A-Za-z0-9._-]+}", async (c) => {
      const file = c.req.param("file");
      if (file.includes("..")) return c.notFound();
      let body: Uint8Array;
      try {
        body = await Deno.readFile(`${dir}/assets/${file}`);
      } catch {
        return c.notFound();
      }
      const ext = file.slice(file.lastIndexOf(".") + 1);
      return c.body(body as Uint8Array<ArrayBuffer>, 200, {
        "content-type": contentTypes[ext] ?? "application/octet-stream",
        "cache-control": "public, max-age=31536000, immutable",
      });
    });

    app.get("*", async (c) => {
      const path = c.req.path;
      if (serverOwned.test(path) || path.startsWith("/assets/")) return c.notFound();
      const last = path.slice(path.lastIndexOf("/") + 1);
      if (last.includes(".")) return c.notFound();
      const name = path === "/portal" || path.startsWith("/portal/") ? "portal" : "admin";
      const html = await doc(name);
      if (html === undefined) {
        return c.text(
          "The client is not built: run `deno task build` (or `deno task start`).",
          503,
        );
      }
      // The document's language follows the saved preference, else the browser's.
      const cookieLang = /(?:^|;\s*)language=(zh|en)/.exec(c.req.header("cookie") ?? "")?.[1];
      const lang = cookieLang ?? langFromHeader(c.req.header("accept-language"));
      return c.html(html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`), 200, {
        "cache-control": "no-cache, no-store, must-revalidate",
      });
    });
  };
}

// `deno task build`: build the client now if it is missing or stale.
if (import.meta.main) {
  const built = await ensureClientBuild({ log: (m) => console.log(m) });
  console.log(built ? `client built into ${defaultClientDir}` : "client build is up to date");
}
