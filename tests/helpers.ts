// Test fixtures: a fresh migrated database in a temp folder, a fixed clock, the app, and sign-in.
import { loadConfig } from "../server/config.ts";
import { openDeps } from "../server/bootstrap.ts";
import { seed, type SeedReport } from "../server/seed.ts";
import { type Deps, fixedClock } from "../server/domain/context.ts";
import { createApp } from "../server/http/app.ts";
import { createUser } from "../server/domain/users/service.ts";

export const ADMIN_PASSWORD = "Admin@12345";
/** The default fixed "now" of tests: a Monday, 10:00 in UTC+8. */
export const NOW = "2026-11-23T02:00:00.000Z";

export type TestEnv = Deps & {
  clock: ReturnType<typeof fixedClock>;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** The demo sign-ins seeded with `demo: true`, with their generated passwords. */
  demoSignIns: SeedReport["demoSignIns"];
  close: () => Promise<void>;
};

/**
 * A fresh database (file in a temp folder) with the seeded roles and `admin` / ADMIN_PASSWORD.
 * `demo: true` also seeds the demo rows. Use with `await using env = await testEnv()`.
 */
export async function testEnv(
  opts: { demo?: boolean; now?: string; env?: Record<string, string> } = {},
) {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-test-" });
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    DEMO_DATA: opts.demo ? "1" : "0",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    ...opts.env,
  });
  const clock = fixedClock(opts.now ?? NOW);
  const deps = await openDeps(config, clock);
  const { demoSignIns } = await seed(deps);
  const app = createApp(deps);
  const env: TestEnv & AsyncDisposable = {
    ...deps,
    clock,
    app,
    dataDir,
    demoSignIns,
    close: async () => {
      deps.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
    [Symbol.asyncDispose]: () => env.close(),
  };
  return env;
}

export type CallOptions = {
  token?: string;
  lang?: "zh" | "en";
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Calls the API through app.request(); answers the HTTP status and the parsed envelope. */
export async function call(env: TestEnv, method: string, path: string, opts: CallOptions = {}) {
  const url = new URL(`http://localhost/api/services${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers["accept-language"] = opts.lang;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === "string") body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const res = await env.app.request(url.toString(), {
    method: method.toUpperCase(),
    headers,
    body,
  });
  const type = res.headers.get("content-type") ?? "";
  // deno-lint-ignore no-explicit-any
  const json: any = type.includes("application/json") ? await res.json() : undefined;
  return { status: res.status, json, res };
}

/** Signs in and answers the access token. */
export async function signIn(env: TestEnv, userName: string, password: string): Promise<string> {
  const r = await call(env, "post", "/app/TokenAuth/Authenticate", {
    body: { userNameOrEmailAddress: userName, password, rememberClient: false },
  });
  if (r.status !== 200) {
    throw new Error(`sign-in of ${userName} failed: ${r.status} ${JSON.stringify(r.json)}`);
  }
  return r.json.result.accessToken;
}

/** Creates a user with the given roles (and kind) and signs them in. */
export async function userWithRoles(
  env: TestEnv,
  userName: string,
  roleNames: string[],
  extra: { kind?: "staff" | "supplier"; supplierId?: number } = {},
) {
  const password = "Passw0rd!x";
  const user = await createUser(env, { userName, name: userName, password, roleNames, ...extra });
  return { user, token: await signIn(env, userName, password), password };
}
