// Online backup: `db backup` (the real CLI, a process of its own) taken while twenty suppliers keep
// submitting quotes to the real server, then `db restore` into a fresh data folder with a copy of the
// file store. The restored database passes its integrity check, holds every quote acknowledged before
// the backup started, each with its whole file, and a server started on it lists them.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import {
  api,
  checkFileStore,
  integrity,
  prepareDataDir,
  printTally,
  quotingProject,
  runCli,
  signInHttp,
  sleep,
  startServerProcess,
  SUPPLIER_PASSWORD,
  withDbFile,
} from "./support.ts";

const WORKERS = 20;
const MAX_PER_WORKER = 40;

async function copyTree(from: string, to: string) {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    // Uploads still arriving are spooled under tmp and removed when done: not part of the store.
    if (e.isDirectory && e.name === "tmp") continue;
    if (e.isDirectory) await copyTree(join(from, e.name), join(to, e.name));
    else if (e.isFile) await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

Deno.test("db backup under a quote load restores to a sound database holding every committed quote", async () => {
  const { dataDir, value: setup } = await prepareDataDir((deps) =>
    quotingProject(deps, { count: WORKERS })
  );
  const restoreDir = await Deno.makeTempDir({ prefix: "qmo-reliability-restore-" });
  const backupFile = join(await Deno.makeTempDir({ prefix: "qmo-reliability-bak-" }), "qmo.bak");
  try {
    await using server = await startServerProcess(dataDir);
    const tokens = await Promise.all(
      setup.supplierUsers.map((s) => signInHttp(server.base, s.userName, SUPPLIER_PASSWORD)),
    );

    // The load: each supplier submits small quotes one after another until told to stop.
    const acknowledged: { id: number; sha256: string; at: number }[] = [];
    const refused: string[] = [];
    let dropped = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; i < MAX_PER_WORKER && !stop; i++) {
        const text = `%PDF-1.4\n% worker ${w} quote ${i} ${crypto.randomUUID()}\n%%EOF\n`;
        const form = new FormData();
        form.set("offProId", String(setup.projectId));
        form.set("round", "0");
        form.set("file", new File([text], `q-${w}-${i}.pdf`));
        let r;
        try {
          r = await api(server.base, "post", "/QMO/SupplierOffer/Submit", {
            token: tokens[w],
            body: form,
          });
        } catch (err) {
          // A connection dropped before any answer (seen on a loaded machine when a kept-alive
          // connection is closed as the next request goes out): never acknowledged, so nothing the
          // backup must hold. Counted, and the worker goes on.
          if (!(err instanceof TypeError)) throw err;
          dropped++;
          continue;
        }
        if (r.status === 200) {
          acknowledged.push({
            id: r.json.result.id,
            sha256: createHash("sha256").update(text).digest("hex"),
            at: performance.now(),
          });
        } else refused.push(`${r.status} ${r.text}`);
      }
    };
    const load = Promise.all(tokens.map((_, w) => worker(w)));

    // Let the load run, then back up while it goes on.
    while (acknowledged.length < 60 && !stop) await sleep(10);
    const beforeBackup = acknowledged.map((a) => a.id);
    const backup = await runCli(dataDir, ["db", "backup", backupFile]);
    const afterBackup = acknowledged.length;
    // The file store is copied after the database: files are written before their rows and never
    // rewritten, so every file the backup names is in the copy.
    await copyTree(join(dataDir, "files"), join(restoreDir, "files"));
    await sleep(200);
    stop = true;
    await load;
    assert.equal(backup.code, 0, backup.stderr);
    assert.deepEqual(refused, []);
    assert.ok(afterBackup > beforeBackup.length, "the load did not go on during the backup");

    // The backup file itself.
    assert.equal(await integrity(backupFile), "ok");

    // Restored into a fresh data folder (the real CLI), and served from there.
    const restore = await runCli(restoreDir, ["db", "restore", backupFile, "--force"]);
    assert.equal(restore.code, 0, restore.stderr);
    const check = await integrity(join(restoreDir, "qmo.db"));
    const restoredIds = new Set(
      await withDbFile(
        restoreDir,
        async (q) => (await q("SELECT id FROM quotes")).map((r) => Number(r.id)),
      ),
    );
    const lost = beforeBackup.filter((id) => !restoredIds.has(id));
    const store = await checkFileStore(restoreDir);

    await using restored = await startServerProcess(restoreDir);
    let listed = 0;
    for (const s of setup.supplierUsers) {
      const token = await signInHttp(restored.base, s.userName, SUPPLIER_PASSWORD);
      const mine = await api(restored.base, "get", "/QMO/SupplierOffer/GetMyQuotes", {
        token,
        query: { OffProId: setup.projectId },
      });
      assert.equal(mine.status, 200, mine.text);
      listed += mine.json.result.items.length;
    }
    // What a restored quote's bytes are: the very ones the supplier sent.
    const sample = acknowledged.find((a) => restoredIds.has(a.id))!;
    const shaOf = await withDbFile(
      restoreDir,
      (q) =>
        q("SELECT f.sha256 FROM quotes q JOIN files f ON f.id = q.file_id WHERE q.id = ?", [
          sample.id,
        ]),
    );

    printTally("backup under load", {
      cases: acknowledged.length,
      failures: (check === "ok" ? 0 : 1) + store.broken.length +
        (listed === restoredIds.size ? 0 : 1),
      rowsLost: lost.length,
      note: `${beforeBackup.length} acknowledged before the backup, ${
        afterBackup - beforeBackup.length
      } during it, ${restoredIds.size} in the backup, ${dropped} connections dropped unanswered`,
    });
    assert.equal(check, "ok");
    assert.deepEqual(lost, [], "quotes acknowledged before the backup are missing");
    assert.deepEqual(store.broken, []);
    // Every quote's file is among those checked (a file row may precede its quote in the snapshot).
    assert.ok(store.checked >= restoredIds.size);
    assert.equal(listed, restoredIds.size);
    assert.equal(shaOf[0].sha256, sample.sha256);
  } finally {
    for (const d of [dataDir, restoreDir, join(backupFile, "..")]) {
      await Deno.remove(d, { recursive: true }).catch(() => {});
    }
  }
});
