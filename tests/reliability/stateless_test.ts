// Several instances, one database: two real server processes started at the same moment on one
// data folder (empty, or migrated but not seeded; no JWT_SECRET given) both come up; a token signed
// in at one works at the other and stops working at both the moment it is revoked at one; failed
// sign-ins count across both, so the lockouts per account and per client address hold whichever
// instance a client reaches, even for guesses sent all at once.
import assert from "node:assert/strict";
import { createUser } from "../../server/domain/users/service.ts";
import { LOCKOUT } from "../../server/domain/auth/service.ts";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import {
  ADMIN_PASSWORD,
  api,
  printTally,
  runCli,
  signInHttp,
  startServerProcess,
  withDbFile,
} from "./support.ts";

async function attempt(base: string, userName: string, password: string, ip?: string) {
  const res = await fetch(`${base}/api/services/app/TokenAuth/Authenticate`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
    body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
  });
  await res.body?.cancel();
  return res.status;
}

Deno.test("two instances on one database share sign-ins, revocations and lockouts", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-reliability-" });
  let cases = 0;
  let failures = 0;
  const check = (ok: boolean, what: string) => {
    cases++;
    if (!ok) failures++;
    return [ok, what] as const;
  };
  const results: (readonly [boolean, string])[] = [];
  try {
    // Instances started at the same moment on one database: the migrations, the first admin and the
    // signing secret are made once, whether the folder is empty or the schema is already migrated.
    const env = { JWT_SECRET: "", TRUST_PROXY: "1" };
    const migratedOnly = await Deno.makeTempDir({ prefix: "qmo-reliability-" });
    try {
      const migrate = await runCli(migratedOnly, ["db", "migrate"]);
      assert.equal(migrate.code, 0, migrate.stderr);
      const pair = await Promise.allSettled([
        startServerProcess(migratedOnly, env),
        startServerProcess(migratedOnly, env),
      ]);
      for (const p of pair) if (p.status === "fulfilled") await p.value.kill();
      const down = pair.filter((p) => p.status === "rejected");
      results.push(check(
        down.length === 0,
        `both started together on a migrated, empty database${
          down.length ? `: ${String((down[0] as PromiseRejectedResult).reason).slice(0, 300)}` : ""
        }`,
      ));
    } finally {
      await Deno.remove(migratedOnly, { recursive: true }).catch(() => {});
    }
    const [a, b] = await Promise.all([
      startServerProcess(dataDir, env),
      startServerProcess(dataDir, env),
    ]);
    try {
      const [{ n: admins }] = await withDbFile(
        dataDir,
        (q) => q("SELECT count(*) AS n FROM users WHERE user_name = 'admin'"),
      );
      results.push(check(Number(admins) === 1, `both started together on an empty folder`));

      const token = await signInHttp(a.base, "admin", ADMIN_PASSWORD);
      const atB = await api(b.base, "get", "/QMO/SystemUserExt/GetUserInfo", { token });
      results.push(check(atB.status === 200, `token from A accepted at B (${atB.status})`));

      const out = await api(a.base, "post", "/app/User/Logout", { token });
      const afterB = await api(b.base, "get", "/QMO/SystemUserExt/GetUserInfo", { token });
      results.push(check(
        out.status === 200 && afterB.status === 401,
        `signed out at A (${out.status}), refused at B at once (${afterB.status})`,
      ));

      // Lockouts: the attempts spread over both instances and sent at once.
      const deps = await openDeps(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(32) }));
      try {
        for (const userName of ["victim", "bystander"]) {
          await createUser(deps, {
            userName,
            name: userName,
            password: "Right@Pass1",
            roleNames: ["Buyer"],
          });
        }
      } finally {
        deps.close();
      }
      const tries = LOCKOUT.accountFailures * 3;
      const statuses = await Promise.all(
        Array.from(
          { length: tries },
          (_, i) => attempt(i % 2 ? a.base : b.base, "victim", `wrong-${i}`, `198.51.100.${i}`),
        ),
      );
      const guesses = statuses.filter((s) => s === 401).length;
      const right = await Promise.all([
        attempt(a.base, "victim", "Right@Pass1", "203.0.113.9"),
        attempt(b.base, "victim", "Right@Pass1", "203.0.113.10"),
      ]);
      results.push(check(
        guesses === LOCKOUT.accountFailures && right.every((s) => s === 429),
        `${tries} wrong passwords at once over both: ${guesses} checked, the rest refused; then the right one: ${
          right.join(", ")
        }`,
      ));

      // Per client address: many names from one address, spread over both instances.
      const ip = "192.0.2.55";
      const names = Array.from({ length: LOCKOUT.ipFailures + 5 }, (_, i) => `nobody${i}`);
      await Promise.all(names.map((n, i) => attempt(i % 2 ? a.base : b.base, n, "x", ip)));
      const fromIp = await attempt(a.base, "bystander", "Right@Pass1", ip);
      const elsewhere = await attempt(b.base, "bystander", "Right@Pass1", "192.0.2.56");
      results.push(check(
        fromIp === 429 && elsewhere === 200,
        `${names.length} names from one address over both: that address ${fromIp}, another ${elsewhere}`,
      ));

      // Behind the proxy, what the client itself puts in X-Forwarded-For does not change its address.
      const real = "192.0.2.77";
      await Promise.all(
        names.map((n, i) => attempt(i % 2 ? a.base : b.base, n, "x", `10.9.${i}.1, ${real}`)),
      );
      const spoofed = await attempt(a.base, "bystander", "Right@Pass1", `172.16.0.1, ${real}`);
      results.push(check(
        spoofed === 429,
        `the same with a made-up first X-Forwarded-For entry each time: ${spoofed}`,
      ));
    } finally {
      await a.kill();
      await b.kill();
    }
    for (const [ok, what] of results) console.log(`  ${ok ? "ok " : "BAD"} ${what}`);
    printTally("two instances, one database", { cases, failures, rowsLost: 0 });
    for (const [ok, what] of results) assert.ok(ok, what);
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
