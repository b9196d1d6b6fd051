// Soak (minutes, `deno task soak`): two real server processes on one database, nothing else. Both
// wake at the same minute boundary (Deno.cron) with a deadline reminder due; each invited supplier
// gets it once. Then one server is killed with SIGKILL (between two runs) and a second reminder falls
// due: the other one alone sends it at the next boundary, once.
import assert from "node:assert/strict";
import { startSmtp, until } from "../email_fixtures.ts";
import {
  prepareDataDir,
  printTally,
  quotingProject,
  sleep,
  startServerProcess,
  withDbFile,
} from "../reliability/support.ts";

const SUPPLIERS = 4;

/** Sleeps until `seconds` past the next minute boundary. */
async function pastNextMinute(seconds: number) {
  const now = Date.now();
  await sleep(60_000 - (now % 60_000) + seconds * 1000);
}

Deno.test("two servers' own schedules send each due reminder once; one carries on when the other is killed", async () => {
  await using smtp = await startSmtp();
  const env = { SMTP_URL: smtp.url };
  const { dataDir } = await prepareDataDir((deps) =>
    quotingProject(deps, { count: SUPPLIERS, deadlineHours: 1 })
  );
  let cases = 0;
  let failures = 0;
  let lost = 0;
  const perRecipient = () => {
    const m = new Map<string, number>();
    for (const msg of smtp.received) for (const to of msg.to) m.set(to, (m.get(to) ?? 0) + 1);
    return m;
  };
  /** On a failure: what the servers said, the leases and the outbox. */
  const explain = async (output: string) => {
    console.log(output);
    console.log(await withDbFile(dataDir, (q) => q("SELECT * FROM job_leases")));
    console.log(
      await withDbFile(dataDir, (q) => q("SELECT event_key, recipient, status FROM email_outbox")),
    );
  };
  try {
    const a = await startServerProcess(dataDir, env);
    const b = await startServerProcess(dataDir, env);
    try {
      // Both wake at the boundary; give the job and the flush time to finish.
      await pastNextMinute(5);
      await until(() => smtp.received.length >= SUPPLIERS, 20_000);
      await sleep(3000);
      const first = perRecipient();
      cases += SUPPLIERS;
      const once = [...first.values()].filter((n) => n === 1).length;
      failures += SUPPLIERS - once;
      lost += SUPPLIERS - first.size;
      console.log(`  boundary 1, both servers: ${smtp.received.length} reminders`);
      if (first.size !== SUPPLIERS) await explain(a.output() + b.output());
      assert.equal(first.size, SUPPLIERS);
      assert.ok([...first.values()].every((n) => n === 1), JSON.stringify([...first]));

      // Server A dies with SIGKILL, and a second reminder falls due (the deadline moves to 90
      // minutes from now: a new 2-hour reminder).
      await a.kill();
      await withDbFile(dataDir, async (q) => {
        await q("UPDATE offer_projects SET offer_end_time = ? WHERE code = ?", [
          Date.now() + 90 * 60_000,
          "QP-RELIABILITY-001",
        ]);
      });
      await pastNextMinute(5);
      await until(() => smtp.received.length >= 2 * SUPPLIERS, 20_000);
      await sleep(3000);
      const second = perRecipient();
      cases += SUPPLIERS;
      const twiceEach = [...second.values()].filter((n) => n === 2).length;
      failures += SUPPLIERS - twiceEach;
      lost += 2 * SUPPLIERS - Math.min(smtp.received.length, 2 * SUPPLIERS);
      console.log(`  boundary 2, server B alone: ${smtp.received.length} reminders in all`);
      if (smtp.received.length !== 2 * SUPPLIERS) await explain(b.output());
      assert.ok([...second.values()].every((n) => n === 2), JSON.stringify([...second]));
    } finally {
      await a.kill();
      await b.kill();
    }
    printTally("leases, two servers' schedules", { cases, failures, rowsLost: lost });
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
