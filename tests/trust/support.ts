// Shared by the trust tests: who may call each route, what a well-formed answer looks like, and a
// tally printed by every test (cases tried, failures, rows lost).
import assert from "node:assert/strict";
import { z } from "zod";
import type { RouteDef } from "../../server/http/route.ts";
import { audienceOf } from "../../server/http/route.ts";
import type { TestEnv } from "../helpers.ts";

export const label = (r: RouteDef) => `${r.method.toUpperCase()} ${r.path}`;
export const isSupplierRoute = (r: RouteDef) => audienceOf(r) === "supplier";

/** Like helpers' call(), but answers the Response unread (for answerProblems). */
export function send(
  env: TestEnv,
  method: string,
  path: string,
  opts: { token?: string; query?: string; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "accept-language": "en" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === "string") body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const q = opts.query ? `?${opts.query}` : "";
  return Promise.resolve(
    env.app.request(`http://localhost/api/services${path}${q}`, {
      method: method.toUpperCase(),
      headers,
      body,
    }),
  );
}

/** What is wrong with the security headers of an answer (empty when nothing). */
export function securityHeaderProblems(res: Response): string[] {
  const problems: string[] = [];
  const csp = res.headers.get("content-security-policy") ?? "";
  const scriptSrc = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"));
  if (!scriptSrc) problems.push(`no script-src in CSP "${csp}"`);
  else if (/'unsafe-(inline|eval)'/.test(scriptSrc)) {
    problems.push(`unsafe script-src: ${scriptSrc}`);
  }
  if (!/frame-ancestors 'none'/.test(csp)) problems.push("no frame-ancestors 'none'");
  if (res.headers.get("x-content-type-options") !== "nosniff") problems.push("no nosniff");
  if (!res.headers.get("referrer-policy")) problems.push("no Referrer-Policy");
  return problems;
}

/**
 * What is wrong with an API answer (empty when nothing): a 5xx, a body that is not the JSON
 * envelope, or a file answer that a browser could render in place.
 */
export async function answerProblems(res: Response, binary = false): Promise<string[]> {
  const problems = securityHeaderProblems(res);
  if (res.status >= 500) problems.push(`status ${res.status}`);
  const type = res.headers.get("content-type") ?? "";
  if (binary && res.status === 200) {
    if (!/^attachment;/.test(res.headers.get("content-disposition") ?? "")) {
      problems.push("file answer without Content-Disposition: attachment");
    }
    if (/html|xml|javascript/i.test(type)) problems.push(`file served as ${type}`);
    try {
      await res.arrayBuffer();
    } catch (err) {
      problems.push(`file stream broke: ${err}`);
    }
    return problems;
  }
  const text = await res.text();
  if (!type.startsWith("application/json")) {
    problems.push(`content-type ${type || "(none)"}: ${text.slice(0, 120)}`);
    return problems;
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    problems.push(`not JSON: ${text.slice(0, 120)}`);
    return problems;
  }
  const envelope = z.union([
    z.object({
      success: z.literal(true),
      result: z.unknown(),
      error: z.null(),
      unAuthorizedRequest: z.literal(false),
    }).strict(),
    z.object({
      success: z.literal(false),
      result: z.null(),
      error: z.object({
        code: z.literal(res.status),
        message: z.string().min(1),
        details: z.string().nullable(),
        validationErrors: z.array(z.object({ message: z.string(), members: z.array(z.string()) }))
          .nullable(),
      }).strict(),
      unAuthorizedRequest: z.literal(res.status === 401),
    }).strict(),
  ]);
  const parsed = envelope.safeParse(json);
  if (!parsed.success) {
    problems.push(`not the envelope (${res.status}): ${text.slice(0, 160)}`);
  } else if (json.success !== (res.status < 400)) {
    problems.push(`success=${json.success} with status ${res.status}`);
  }
  return problems;
}

/**
 * A built client of a few files in a temp folder (no Vite build needed), with a secret file beside
 * it and in it that must never be served. Remove `root` when done.
 */
export async function fakeClientDir() {
  const root = await Deno.makeTempDir({ prefix: "qmo-client-" });
  const dir = `${root}/client`;
  const secret = `SECRET-${crypto.randomUUID()}`;
  for (const d of ["assets", "admin", "portal"]) {
    await Deno.mkdir(`${dir}/${d}`, { recursive: true });
  }
  await Deno.writeTextFile(`${dir}/assets/app-1.js`, "console.log(1)");
  await Deno.writeTextFile(`${dir}/admin/index.html`, '<html lang="zh"><div id="root">');
  await Deno.writeTextFile(`${dir}/portal/index.html`, '<html lang="zh">portal');
  await Deno.writeTextFile(`${root}/secret.txt`, secret);
  await Deno.writeTextFile(`${dir}/secret.txt`, secret);
  return { root, dir, secret };
}

/** Counts and prints what a test tried; fails it when anything went wrong. */
export class Tally {
  cases = 0;
  failures: string[] = [];
  statuses = new Map<number, number>();
  constructor(readonly name: string) {}

  record(what: string, status: number, problems: string[]) {
    this.cases++;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    for (const p of problems) this.failures.push(`${what}: ${p}`);
  }

  check(what: string, ok: boolean, problem: string) {
    this.cases++;
    if (!ok) this.failures.push(`${what}: ${problem}`);
  }

  /** Prints the tally and fails with the first problems found. */
  done(rowsLost = 0) {
    const byStatus = [...this.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`)
      .join(" ");
    console.log(
      `[trust] ${this.name}: cases tried ${this.cases}, failures ${this.failures.length}, rows lost ${rowsLost}${
        byStatus ? ` (${byStatus})` : ""
      }`,
    );
    assert.deepEqual(this.failures.slice(0, 20), [], `${this.failures.length} failures`);
    assert.equal(rowsLost, 0, "rows lost");
  }
}
