// Job leases across processes: two real server processes run on one database file, and four
// cron-style `jobs run --force` processes start at the same moment on it while a deadline reminder is
// due. Each invited supplier gets that reminder once, not once per process. (The same with only the
// two servers' own schedules, at a minute boundary: `deno task soak`.)
import assert from "node:assert/strict";
import { publishedProject, startSmtp, until } from "../email_fixtures.ts";
import { testEnv } from "../helpers.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { acquireLease, acquireLeaseWithin, releaseLease } from "../../server/jobs/leases.ts";
import { enqueue } from "../../server/domain/email/service.ts";
import {
  prepareDataDir,
  printTally,
  quotingProject,
  runCli,
  startServerProcess,
  withDbFile,
} from "./support.ts";
import { transaction } from "../../db/client.ts";

const SUPPLIERS = 3;

Deno.test("two servers and four cron runs on one database send a due reminder once", async () => {
  await using smtp = await startSmtp();
  const env = { SMTP_URL: smtp.url };
  // Deadline in an hour: the 2-hour reminder is due now for every invited supplier.
  const { dataDir } = await prepareDataDir((deps) =>
    quotingProject(deps, { count: SUPPLIERS, deadlineHours: 1 })
  );
  try {
    await using a = await startServerProcess(dataDir, env);
    await using b = await startServerProcess(dataDir, env);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => runCli(dataDir, ["jobs", "run", "--force", "--json"], env)),
    );
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const statuses = runs.map((r) =>
      (JSON.parse(r.stdout) as { job: string; status: string }[])
        .find((o) => o.job === "reminders")?.status
    );
    await until(() => smtp.received.length >= SUPPLIERS, 5000);
    await new Promise((r) => setTimeout(r, 500));

    const reminders = smtp.received.filter((m) => /DEADLINE_REMINDER|reminder/i.test(m.raw));
    const perRecipient = new Map<string, number>();
    for (const m of reminders) {
      for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const expected = Array.from(
      { length: SUPPLIERS },
      (_, i) => `r${String(i + 1).padStart(3, "0")}@suppliers.test`,
    );
    const missing = expected.filter((e) => !perRecipient.has(e));
    const twice = [...perRecipient].filter(([, n]) => n > 1).map(([to]) => to);
    const leases = await withDbFile(
      dataDir,
      (q) => q("SELECT name, holder, last_error FROM job_leases WHERE name = 'reminders'"),
    );
    console.log(`  reminder job status per cron run: ${statuses.join(", ")}`);
    printTally("leases, 2 servers + 4 cron runs", {
      cases: expected.length,
      failures: missing.length + twice.length,
      rowsLost: missing.length,
      note: `${reminders.length} reminders received for ${expected.length} suppliers`,
    });
    assert.deepEqual(missing, []);
    assert.deepEqual(twice, []);
    assert.equal(reminders.length, SUPPLIERS);
    // Every runner gave the lease back.
    assert.deepEqual(leases, [{ name: "reminders", holder: null, last_error: null }]);
    void a;
    void b;
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("an every-minute job runs at every minute's tick, though the last run ended just after its tick", async () => {
  await using env = await testEnv();
  const tick = new Date("2026-11-23T02:00:00.000Z").getTime();
  const statuses: string[] = [];
  for (let minute = 0; minute < 3; minute++) {
    // Deno.cron wakes a few milliseconds after the minute; the run ends a few hundred later.
    env.clock.set(new Date(tick + minute * 60_000 + (minute === 1 ? 5 : 250)));
    const outcomes = await runDueJobs(env, { only: ["endProjects", "reminders"] });
    statuses.push(...outcomes.map((o) => `${minute}:${o.job}:${o.status}`));
  }
  printTally("every-minute jobs", {
    cases: statuses.length,
    failures: statuses.filter((x) => !x.endsWith(":done")).length,
    rowsLost: 0,
  });
  assert.deepEqual(statuses, [
    "0:endProjects:done",
    "0:reminders:done",
    "1:endProjects:done",
    "1:reminders:done",
    "2:endProjects:done",
    "2:reminders:done",
  ]);
});

Deno.test("a runner waits while another flushes the outbox, then sends what was written meanwhile", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env, { deadlineHours: 48 });
  const lease = (holder: string) =>
    acquireLease(env.db, "flushOutbox", holder, env.clock.now(), 15 * 60_000);
  // Another runner is flushing; it read the outbox before these emails were committed.
  assert.ok(await lease("other runner"));
  await transaction(
    env.db,
    (tx) => enqueue(tx, env, { kind: "published", projectId: f.projectId }),
  );
  const run = runDueJobs(env, { only: ["flushOutbox"] });
  await new Promise((r) => setTimeout(r, 400));
  assert.equal(smtp.received.length, 0, "nothing is sent while the other runner holds the lease");
  await releaseLease(env.db, "flushOutbox", "other runner", env.clock.now(), null);
  const [outcome] = await run;
  assert.equal(outcome.status, "done", JSON.stringify(outcome));
  assert.equal((outcome.result as { sent: number }).sent, 3);
  assert.equal(smtp.received.length, 3);
  // A lease that stays taken: the wait ends, the lease is left to its holder.
  assert.ok(await lease("slow runner"));
  const taken = await acquireLeaseWithin(
    env.db,
    "flushOutbox",
    "me",
    () => env.clock.now(),
    60_000,
    300,
  );
  assert.equal(taken, false);
  assert.equal(await lease("slow runner"), true, "still the slow runner's");
});
