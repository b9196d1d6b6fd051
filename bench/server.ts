// The bench's data folder (a generated database, made once per scale and copied for each run) and
// the real server started on it as a child process on 127.0.0.1, with its memory read from /proc.
import { join } from "node:path";

export const repoRoot = decodeURIComponent(new URL("../", import.meta.url).pathname);
export const ADMIN_PASSWORD = "Bench-Admin@2026";
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-01";

export type Generated = {
  suppliers: number;
  projects: number;
  items: number;
  quotes: number;
  logs: number;
  portalUsers: number;
  password: string;
  buyerUserNames: string[];
  ms: number;
};

async function exists(path: string) {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Runs the CLI with DATA_DIR set; answers its stdout, throws with its stderr on failure. */
export async function cli(dataDir: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "cli/main.ts", ...args],
    cwd: repoRoot,
    env: { DATA_DIR: dataDir, LANG: "en_US.UTF-8", NO_COLOR: "1", JWT_SECRET },
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error(`cli ${args.join(" ")} failed (${out.code})`);
  return new TextDecoder().decode(out.stdout);
}

/**
 * A generated database for `scale`, made once under `root/pristine` (minutes at full size) and
 * copied to a fresh `root/run` for each bench run, so every run starts from the same data.
 */
export async function preparedData(root: string, scale: number, log: (s: string) => void) {
  const pristine = join(root, "pristine");
  const marker = join(pristine, "generated.json");
  if (!await exists(marker)) {
    await Deno.remove(pristine, { recursive: true }).catch(() => {});
    await Deno.mkdir(pristine, { recursive: true });
    log(`generating data at scale ${scale} into ${pristine} …`);
    const t0 = performance.now();
    const report = await cli(pristine, ["demo", "generate", "--scale", String(scale), "--json"]);
    const json = JSON.parse(report.slice(report.indexOf("{")));
    await Deno.writeTextFile(marker, JSON.stringify(json, null, 2));
    log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const generated = JSON.parse(await Deno.readTextFile(marker)) as Generated;
  const run = join(root, "run");
  await Deno.remove(run, { recursive: true }).catch(() => {});
  await new Deno.Command("cp", { args: ["-a", pristine, run] }).output();
  // A copy taken without the WAL would lose the last transactions: cp -a copied it too.
  return { dir: run, generated };
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

export type Server = {
  base: string;
  pid: number;
  /** Peak resident memory since start or the last resetPeak(), in MiB (VmHWM). */
  peakMb(): number;
  rssMb(): number;
  /** Starts a new peak measurement (writes 5 to /proc/<pid>/clear_refs). */
  resetPeak(): void;
  stop(): Promise<void>;
};

const statusField = (pid: number, field: string) => {
  const text = Deno.readTextFileSync(`/proc/${pid}/status`);
  const m = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return m ? Number(m[1]) / 1024 : NaN;
};

export async function startServer(dataDir: string, env: Record<string, string> = {}) {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/main.ts"],
    cwd: repoRoot,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      ADMIN_PASSWORD,
      JWT_SECRET,
      CLIENT_BUILD: "0",
      LANG: "en_US.UTF-8",
      NO_COLOR: "1",
      ...env,
    },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await fetch(`${base}/healthz`);
      await res.body?.cancel();
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error("the server did not start within 2 minutes");
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid;
  const server: Server = {
    base,
    pid,
    peakMb: () => statusField(pid, "VmHWM"),
    rssMb: () => statusField(pid, "VmRSS"),
    resetPeak: () => {
      try {
        Deno.writeTextFileSync(`/proc/${pid}/clear_refs`, "5");
      } catch { /* not permitted: the peak then runs from the start */ }
    },
    stop: async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.status;
    },
  };
  return server;
}

/** Signs in over HTTP and answers the bearer token. */
export async function signIn(base: string, userName: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/services/app/TokenAuth/Authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`sign-in of ${userName}: ${res.status} ${JSON.stringify(json)}`);
  return json.result.accessToken;
}
