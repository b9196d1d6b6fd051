// Sign-ins at a deadline: 500 suppliers sign in within one minute from 20 office addresses (the
// server trusts X-Forwarded-For, as behind a proxy), none may be refused; then 50 sign in at the
// same moment. Prints latency, refusals, wall time and the server's peak memory.
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { users } from "../db/schema.ts";
import { openDatabase } from "../db/client.ts";
import { needsRehash } from "../server/domain/shared/password.ts";
import { type Generated, loadAverage, type Server } from "./server.ts";

type Outcome = { status: number; ms: number };

async function signInFrom(
  base: string,
  userName: string,
  password: string,
  address: string,
): Promise<Outcome> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/services/app/TokenAuth/Authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
    });
    await res.body?.cancel();
    return { status: res.status, ms: performance.now() - t0 };
  } catch {
    return { status: 0, ms: performance.now() - t0 };
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

function summary(outcomes: Outcome[]) {
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const byStatus = new Map<number, number>();
  for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
  const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s}`).join(
    ", ",
  );
  return `${statuses}; p50 ${pct(ms, 0.5).toFixed(0)} ms, p95 ${pct(ms, 0.95).toFixed(0)} ms, max ${
    ms[ms.length - 1].toFixed(0)
  } ms`;
}

/** The scenario; the server must run with TRUST_PROXY=1. */
export async function signInRush(
  server: Server,
  dir: string,
  generated: Generated,
  log: (s: string) => void,
) {
  const total = 500, addresses = 20, windowS = 60, burst = 50;
  const { db, close } = await openDatabase(`file:${join(dir, "qmo.db")}`);
  let suppliers: { userName: string; passwordHash: string }[];
  try {
    suppliers = await db.select({ userName: users.userName, passwordHash: users.passwordHash })
      .from(users).where(eq(users.kind, "supplier")).limit(total);
  } finally {
    close();
  }
  const older = suppliers.filter((s) => needsRehash(s.passwordHash)).length;
  log("");
  log(
    `## Sign-ins: ${suppliers.length} suppliers within ${windowS} s from ${addresses} addresses, then ${burst} at once`,
  );
  log(`(${older} of them stored with older scrypt parameters: rehashed at this sign-in)`);

  server.resetPeak();
  const cpu0 = server.cpuMs();
  const load = loadAverage();
  const start = performance.now() + 500;
  const spread = await Promise.all(suppliers.map(async (s, i) => {
    await new Promise((r) =>
      setTimeout(
        r,
        Math.max(0, start + (i / suppliers.length) * windowS * 1000 - performance.now()),
      )
    );
    return await signInFrom(
      server.base,
      s.userName,
      generated.password,
      `198.51.100.${1 + (i % addresses)}`,
    );
  }));
  log(
    `spread over ${windowS} s: ${summary(spread)} (target: none refused, p95 < 2 s); server CPU ${
      ((server.cpuMs() - cpu0) / spread.length).toFixed(0)
    } ms per sign-in, peak memory ${server.peakMb().toFixed(0)} MiB; load average ${
      load.toFixed(1)
    }`,
  );

  server.resetPeak();
  const t0 = performance.now();
  const together = await Promise.all(
    suppliers.slice(0, burst).map((s, i) =>
      signInFrom(server.base, s.userName, generated.password, `203.0.113.${1 + (i % addresses)}`)
    ),
  );
  log(
    `${burst} at once: wall time ${((performance.now() - t0) / 1000).toFixed(1)} s; ${
      summary(together)
    }; server peak memory ${server.peakMb().toFixed(0)} MiB`,
  );
}
