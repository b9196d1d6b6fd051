// The nightly backup (BACKUP_DIR): when it is due by the fixed clock, what it keeps, what a failure
// leaves (an email to the administrators, the older backups untouched), and a restore of the newest
// backup by the real CLI into a fresh folder holding every quote and file committed before it.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { emailOutbox, users } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { listBackups } from "../../server/domain/backups/service.ts";
import {
  agree,
  pdfFile,
  publishedProject,
  submit,
  supplierWithLogin,
} from "../http/quotes_fixtures.ts";
import { checkFileStore, integrity, runCli, withDbFile } from "../reliability/support.ts";

const runBackup = async (env: Awaited<ReturnType<typeof testEnv>>, force = false) =>
  (await runDueJobs(env, { only: ["backup"], force }))[0];

Deno.test("the nightly backup runs at BACKUP_TIME (UTC+8), keeps BACKUP_KEEP and mails a failure", async () => {
  const backupDir = await Deno.makeTempDir({ prefix: "qmo-backups-" });
  try {
    // 2026-11-23 10:00 UTC+8.
    await using env = await testEnv({
      env: {
        BACKUP_DIR: backupDir,
        BACKUP_TIME: "02:30",
        BACKUP_KEEP: "2",
        SMTP_URL: "smtp://127.0.0.1:9",
        METRICS_TOKEN: "backup-metrics-token-0123",
      },
    });
    // Never run: the first tick takes one.
    assert.equal((await runBackup(env)).status, "done");
    env.clock.set("2026-11-23T10:00:00Z"); // 18:00 UTC+8, same day
    assert.equal((await runBackup(env)).status, "notDue");
    env.clock.set("2026-11-23T18:29:00Z"); // 02:29 UTC+8 the next day
    assert.equal((await runBackup(env)).status, "notDue");
    env.clock.set("2026-11-23T18:30:00Z"); // 02:30
    assert.equal((await runBackup(env)).status, "done");
    env.clock.set("2026-11-23T18:45:00Z");
    assert.equal((await runBackup(env)).status, "notDue");
    // A server down at 02:30 takes it at its next tick, once.
    env.clock.set("2026-11-24T23:00:00Z"); // 07:00 UTC+8 on the 25th
    assert.equal((await runBackup(env)).status, "done");
    assert.equal((await runBackup(env)).status, "notDue");

    // Three taken, the last two kept, each with its database and manifest.
    const kept = await listBackups(backupDir);
    assert.deepEqual(kept.map((b) => b.name), ["qmo-20261125-070000", "qmo-20261124-023000"]);
    for (const b of kept) assert.equal(await integrity(join(b.path, "qmo.db")), "ok");

    // A backup that cannot be finished (its name is taken by a backup already there): the job
    // fails, the administrators are mailed, and no backup is removed or left half-made.
    await env.db.update(users).set({ emailAddress: "it@example.com", language: "en" })
      .where(eq(users.userName, "admin"));
    const [failed] = await runDueJobs(env, { only: ["backup"], force: true });
    assert.equal(failed.status, "failed");
    const mails = await env.db.select().from(emailOutbox)
      .where(eq(emailOutbox.templateCode, "BACKUP_FAILED"));
    assert.equal(mails.length, 1);
    assert.equal(mails[0].recipient, "it@example.com");
    assert.equal(mails[0].status, "pending");
    assert.match(mails[0].subject, /^\[Backup failed\] QMO 2026-11-25 07:00/);
    assert.deepEqual((await listBackups(backupDir)).map((b) => b.name), kept.map((b) => b.name));
    const left = [];
    for await (const e of Deno.readDir(backupDir)) left.push(e.name);
    assert.deepEqual(left.sort(), kept.map((b) => b.name).sort());
    // … and the failure shows in the metrics, at the clock's time.
    const scrape = await (await env.app.request("http://localhost/metrics", {
      headers: { authorization: "Bearer backup-metrics-token-0123" },
    })).text();
    assert.match(scrape, /^qmo_job_runs_total\{job="backup",outcome="failed"\} 1$/m);
    assert.match(scrape, /^qmo_job_runs_total\{job="backup",outcome="done"\} 3$/m);
    const failedAt = Date.parse("2026-11-24T23:00:00Z") / 1000;
    assert.match(
      scrape,
      new RegExp(`^qmo_job_last_failure_timestamp_seconds\\{job="backup"\\} ${failedAt}$`, "m"),
    );
  } finally {
    await Deno.remove(backupDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("the newest backup restores into a fresh folder with every quote and file committed before it", async () => {
  const backupDir = await Deno.makeTempDir({ prefix: "qmo-backups-" });
  const restoreDir = await Deno.makeTempDir({ prefix: "qmo-restore-" });
  try {
    await using env = await testEnv({ env: { BACKUP_DIR: backupDir } });
    const suppliers = await Promise.all(
      ["B01", "B02", "B03"].map((c) => supplierWithLogin(env, c)),
    );
    const project = await publishedProject(env, suppliers.map((s) => s.supplier.id));
    for (const s of suppliers) assert.equal((await agree(env, s.token, project.id)).status, 200);

    const acknowledged: { id: number; sha256: string }[] = [];
    let stop = false;
    const load = Promise.all(suppliers.map(async (s, w) => {
      for (let i = 0; !stop && i < 200; i++) {
        const text = `backup ${w} ${i} ${crypto.randomUUID()}`;
        const r = await submit(env, s.token, project.id, pdfFile(text, `q-${w}-${i}.pdf`));
        assert.equal(r.status, 200, JSON.stringify(r.json));
        const bytes = `%PDF-1.4\n% ${text}\n%%EOF\n`;
        acknowledged.push({
          id: r.json.result.id,
          sha256: createHash("sha256").update(bytes).digest("hex"),
        });
      }
    }));
    while (acknowledged.length < 15) await new Promise((r) => setTimeout(r, 5));
    const before = [...acknowledged];
    const [run] = await runDueJobs(env, { only: ["backup"] });
    const during = acknowledged.length - before.length;
    stop = true;
    await load;
    assert.equal(run.status, "done", run.error);

    const [newest] = await listBackups(backupDir);
    const list = await runCli(restoreDir, ["db", "backups", "list"], { BACKUP_DIR: backupDir });
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, new RegExp(`^${newest.name}\\s+2026-11-23 10:00`, "m"));
    const restore = await runCli(restoreDir, ["db", "restore", newest.name, "--force"], {
      BACKUP_DIR: backupDir,
    });
    assert.equal(restore.code, 0, restore.stderr);
    assert.equal(await integrity(join(restoreDir, "qmo.db")), "ok");
    const restored = new Map(
      await withDbFile(
        restoreDir,
        async (q) =>
          (await q("SELECT q.id, f.sha256 FROM quotes q JOIN files f ON f.id = q.file_id"))
            .map((r) => [Number(r.id), String(r.sha256)] as const),
      ),
    );
    for (const a of before) assert.equal(restored.get(a.id), a.sha256, `quote ${a.id}`);
    const store = await checkFileStore(restoreDir);
    assert.deepEqual(store.broken, []);
    assert.ok(store.checked >= before.length);
    console.log(
      `${before.length} quotes before the backup, ${during} during it, ${restored.size} restored`,
    );
  } finally {
    await Deno.remove(backupDir, { recursive: true }).catch(() => {});
    await Deno.remove(restoreDir, { recursive: true }).catch(() => {});
  }
});
