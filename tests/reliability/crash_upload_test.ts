// Crash safety of quote uploads: the real server is killed with SIGKILL while a 50 MB quote is on its
// way in (at several points of the body, with the whole file received but not yet in the store, as
// it lands in the store) and just after answering one. After each restart the database passes its
// integrity check, every quote's file is whole (size and SHA-256 as its row says), files left
// half-written are never quotes, and no acknowledged quote is lost.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  api,
  checkFileStore,
  CHUNK,
  chunks,
  integrity,
  MB,
  prepareDataDir,
  printTally,
  quotingProject,
  sha256Of,
  signInHttp,
  SIZE,
  sleep,
  startServerProcess,
  SUPPLIER_PASSWORD,
  upload,
} from "./support.ts";
import { testEnv } from "../helpers.ts";
import { STALE_UPLOAD_MS } from "../../server/domain/files/service.ts";
import { runDueJobs } from "../../server/jobs/index.ts";

/** Names in a folder (none when it does not exist). */
async function namesIn(dir: string): Promise<Set<string>> {
  const out = new Set<string>();
  try {
    for await (const e of Deno.readDir(dir)) out.add(e.name);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return out;
}

/** Polls until `cond` answers true (or `ms` passes); answers whether it did. */
async function waitFor(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await sleep(1);
  }
  return false;
}

Deno.test("SIGKILL during a 50 MB quote upload never leaves a quote without its whole file", async () => {
  const { dataDir, value: setup } = await prepareDataDir((deps) => quotingProject(deps));
  const { projectId, supplierUsers: [supplier] } = setup;
  const tmpDir = join(dataDir, "files", "tmp");
  const sha4 = sha256Of(4);
  /** Uploads answered 200 (their quote ids): each must be there after every restart. */
  const acknowledged = new Map<number, string>();
  const outcomes: string[] = [];
  let failures = 0;
  let cases = 0;
  let server = await startServerProcess(dataDir);
  try {
    const cycle = async (
      name: string,
      n: number,
      act: (base: string, token: string) => Promise<string | void>,
    ) => {
      cases++;
      const token = await signInHttp(server.base, supplier.userName, SUPPLIER_PASSWORD);
      const note = await act(server.base, token);
      await server.kill();
      server = await startServerProcess(dataDir);
      const check = await integrity(join(dataDir, "qmo.db"));
      const store = await checkFileStore(dataDir);
      const token2 = await signInHttp(server.base, supplier.userName, SUPPLIER_PASSWORD);
      const mine = await api(server.base, "get", "/QMO/SupplierOffer/GetMyQuotes", {
        token: token2,
        query: { OffProId: projectId },
      });
      const listed: { id: number; sha256: string; size: number }[] = mine.json?.result?.items ??
        mine.json?.result ?? [];
      const lost = [...acknowledged.keys()].filter((id) => !listed.some((q) => q.id === id));
      const ok = check === "ok" && store.broken.length === 0 && lost.length === 0 &&
        listed.every((q) => q.size === SIZE);
      if (!ok) failures++;
      outcomes.push(
        `${name} (#${n}): integrity ${check}, quote files ${store.checked} whole ${
          store.checked - store.broken.length
        }, temp files ${store.tempFiles}, quotes listed ${listed.length}${note ? `; ${note}` : ""}`,
      );
      assert.equal(check, "ok", name);
      assert.deepEqual(store.broken, [], name);
      assert.deepEqual(lost, [], `${name}: acknowledged quotes lost`);
      for (const q of listed) assert.equal(q.size, SIZE, `${name}: quote ${q.id} is partial`);
    };

    // Killed while the body is still arriving: at 10 %, half-way and one chunk before the end.
    for (const [i, fraction] of [[1, 0.1], [2, 0.5], [3, (chunks - 1) / chunks]] as const) {
      await cycle(`body ${Math.round(fraction * 100)}%`, i, async (base, token) => {
        const up = upload(base, token, projectId, i, {
          paceMs: 2,
          pauseAt: Math.floor(SIZE * fraction / CHUNK) * CHUNK,
        });
        await up.paused;
        await sleep(100);
        queueMicrotask(() => void up.done);
      });
    }

    // Killed with the whole file received into its temporary file (written once, as it arrived),
    // while it is synced and before it is renamed into the store.
    await cycle("whole file received, not yet in the store", 4, async (base, token) => {
      const before = await namesIn(tmpDir);
      const up = upload(base, token, projectId, 4);
      let state = "";
      const seen = await waitFor(async () => {
        for (const name of await namesIn(tmpDir)) {
          if (before.has(name)) continue;
          const { size } = await Deno.stat(join(tmpDir, name)).catch(() => ({ size: 0 }));
          if (size === SIZE) {
            state = `killed with all ${(SIZE / MB).toFixed(1)} MiB in the temporary file`;
            return true;
          }
        }
        // Taken in already (the window is a sync and a rename): still a crash point worth having.
        if (
          await Deno.stat(join(dataDir, "files", sha4.slice(0, 2), sha4)).then(
            () => true,
            () => false,
          )
        ) {
          state = "killed just after the rename into the store";
          return true;
        }
        return false;
      }, 30_000);
      assert.ok(seen, "the upload never reached its temporary file's full size");
      void up.done;
      return state;
    });

    // Killed the moment the bytes appear in the store under their hash (before or after the row).
    const sha5 = sha256Of(5);
    await cycle("moved into the store", 5, async (base, token) => {
      const up = upload(base, token, projectId, 5);
      const blob = join(dataDir, "files", sha5.slice(0, 2), sha5);
      const seen = await waitFor(() => Deno.stat(blob).then(() => true, () => false), 30_000);
      assert.ok(seen, "the upload never reached the store");
      void up.done;
    });

    // Killed right after the answer: the acknowledged quote and its file are kept.
    await cycle("just acknowledged", 6, async (base, token) => {
      const r = await upload(base, token, projectId, 6).done;
      assert.ok("status" in r && r.status === 200, JSON.stringify(r));
      acknowledged.set(r.json!.result!.id, sha256Of(6));
    });

    // The server still takes quotes after all that, and the acknowledged one is byte-exact.
    const token = await signInHttp(server.base, supplier.userName, SUPPLIER_PASSWORD);
    const last = await upload(server.base, token, projectId, 7).done;
    assert.ok("status" in last && last.status === 200, JSON.stringify(last));
    const mine = await api(server.base, "get", "/QMO/SupplierOffer/GetMyQuotes", {
      token,
      query: { OffProId: projectId },
    });
    const items: { id: number; sha256: string }[] = mine.json.result.items ?? mine.json.result;
    for (const [id, sha] of acknowledged) {
      assert.equal(items.find((q) => q.id === id)?.sha256, sha);
    }
    const lost = [...acknowledged.keys()].filter((id) => !items.some((q) => q.id === id)).length;
    for (const o of outcomes) console.log(`  ${o}`);
    printTally("crash during upload", { cases, failures, rowsLost: lost });
  } finally {
    await server.kill();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("the upload sweep removes temporary files a killed upload left, never one in progress", async () => {
  await using env = await testEnv();
  const tmp = join(env.dataDir, "files", "tmp");
  await Deno.mkdir(tmp, { recursive: true });
  const left = join(tmp, "left-by-a-kill");
  const writing = join(tmp, "being-written");
  await Deno.writeFile(left, new Uint8Array(1024));
  await Deno.writeFile(writing, new Uint8Array(1024));
  // The clock of the job is the test's; the files' times are the disk's.
  env.clock.set(new Date(Date.now() + STALE_UPLOAD_MS - 60_000));
  await Deno.utime(left, new Date(Date.now() - 2 * 60_000), new Date(Date.now() - 2 * 60_000));
  const outcomes = await runDueJobs(env, { only: ["sweepUploads"] });
  const kept = [...await namesIn(tmp)];
  printTally("upload sweep", {
    cases: 2,
    failures: (kept.includes("left-by-a-kill") ? 1 : 0) + (kept.includes("being-written") ? 0 : 1),
    rowsLost: 0,
  });
  assert.deepEqual(outcomes.map(({ ms: _, ...o }) => o), [
    { job: "sweepUploads", status: "done", result: { removed: 1 } },
  ]);
  assert.deepEqual(kept, ["being-written"]);
});
