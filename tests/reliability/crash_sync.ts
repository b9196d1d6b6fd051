// Crash safety of the ERP supplier sync (the scenario; crash_sync_test.ts runs it small, the soak
// big): a local ERP serves thousands of supplier records slowly, and the real server is killed with
// SIGKILL while it reads them and at several points while it applies them. After each restart the
// database passes its integrity check and holds either none of the run or all of it (never a part),
// and the sync run again reports exactly the created / updated / unchanged counts that the state it
// found calls for.
import assert from "node:assert/strict";
import { join } from "node:path";
import { syncSuppliers } from "../../server/domain/suppliers/sync.ts";
import { jobLeases } from "../../db/schema.ts";
import {
  ADMIN_PASSWORD,
  api,
  integrity,
  prepareDataDir,
  printTally,
  signInHttp,
  sleep,
  startServerProcess,
  withDbFile,
} from "./support.ts";

const PIECES = 40;

type Rec = Record<string, string | null>;

function erpRecord(i: number, edited: boolean): Rec {
  const code = `ERP${String(i).padStart(5, "0")}`;
  return {
    code,
    abbrName: i % 2 ? `华${i}` : `Sup${i}`,
    fullName: `${i % 2 ? "深圳市第" : "Supplier No. "}${i}${edited ? " (2027)" : ""} 电路有限公司`,
    contactPerson: `联系人${i}`,
    contactNumber: `+86 755 ${String(10000000 + i)}`,
    email1: `sales${i}@erp.test`,
    email2: null,
    email3: null,
    status: "effective",
    editDate: edited ? "2026-11-20T00:00:00Z" : "2026-01-01T00:00:00Z",
  };
}

/** A local ERP that sends its list in PIECES parts, `gapMs` apart; `served` counts the parts sent. */
function startErp(records: Rec[], gapMs: number) {
  const body = new TextEncoder().encode(JSON.stringify(records));
  const state = { served: 0, finishedAt: 0, requests: 0 };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, () => {
    state.requests++;
    state.served = 0;
    state.finishedAt = 0;
    const size = Math.ceil(body.byteLength / PIECES);
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (i >= PIECES) {
          state.finishedAt = performance.now();
          controller.close();
          return;
        }
        if (gapMs) await sleep(gapMs);
        controller.enqueue(body.subarray(i * size, (i + 1) * size));
        state.served = ++i;
      },
    });
    return new Response(stream, { headers: { "content-type": "application/json" } });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/suppliers`,
    state,
    close: () => server.shutdown(),
  };
}

/** The state of the suppliers table: how many, and how many carry the ERP's edited names. */
function snapshot(dataDir: string) {
  return withDbFile(dataDir, async (q) => {
    const [all] = await q("SELECT count(*) AS n FROM suppliers WHERE code LIKE 'ERP%'");
    const [edited] = await q(
      "SELECT count(*) AS n FROM suppliers WHERE code LIKE 'ERP%' AND full_name LIKE '%(2027)%'",
    );
    return { suppliers: Number(all.n), edited: Number(edited.n) };
  });
}

async function copyDir(from: string): Promise<string> {
  // The folder's last connection may still be closing (folding its -wal file into the database
  // and removing it): a file gone mid-copy means the copy is not whole, so it is taken again.
  for (let attempt = 1;; attempt++) {
    const to = await Deno.makeTempDir({ prefix: "qmo-reliability-" });
    try {
      for await (const e of Deno.readDir(from)) {
        if (e.isFile) await Deno.copyFile(join(from, e.name), join(to, e.name));
      }
      return to;
    } catch (err) {
      await Deno.remove(to, { recursive: true }).catch(() => {});
      if (!(err instanceof Deno.errors.NotFound) || attempt >= 5) throw err;
      await sleep(200);
    }
  }
}

const counts = (r: { created: number; updated: number; unchanged: number }) => ({
  created: r.created,
  updated: r.updated,
  unchanged: r.unchanged,
});

async function runSync(base: string) {
  const token = await signInHttp(base, "admin", ADMIN_PASSWORD);
  return await api(base, "post", "/QMO/Supplier/AutoInductSupplierData", { token });
}

export type SyncCrashOptions = {
  /** Records the ERP holds. */
  total: number;
  /** Already here before the run: the first `known` codes, half of them edited in the ERP since. */
  known: number;
  /** Kill points while the server applies the list, as fractions of its time to apply it. */
  fractions: number[];
  name: string;
};

/**
 * The scenario: for each kill point a fresh copy of the same data folder, the real server, a sync
 * over HTTP from the slow local ERP, SIGKILL, restart, checks, the sync again and once more.
 */
export async function syncCrashScenario(opts: SyncCrashOptions) {
  const { total, known } = opts;
  /** What the ERP holds now: every record; the upper half of the known ones edited since. */
  const erpNow = Array.from(
    { length: total },
    (_, i) => erpRecord(i, i < known && i >= known / 2),
  );
  const EXPECTED_FRESH = { created: total - known, updated: known / 2, unchanged: known / 2 };
  const EXPECTED_DONE = { created: 0, updated: 0, unchanged: total };
  const BEFORE = { suppliers: known, edited: 0 };
  const AFTER = { suppliers: total, edited: known / 2 };

  /** A data folder holding the known suppliers as the ERP had them before (copied per case). */
  const pristine = async (): Promise<string> => {
    const { dataDir } = await prepareDataDir(async (deps) => {
      const before = Array.from(
        { length: known },
        (_, i) => ({ row: i + 1, data: erpRecord(i, false) }),
      );
      const r = await syncSuppliers(deps, before, "erp");
      assert.equal(r.created, known);
      // The server's own hourly sync job has "just run", so only the test's calls fetch the ERP.
      await deps.db.insert(jobLeases).values({ name: "supplierSync", lastRunAt: new Date() });
    });
    return dataDir;
  };

  const erp = startErp(erpNow, 15);
  const template = await pristine();
  const dirs: string[] = [template];
  const lines: string[] = [];
  let cases = 0;
  let failures = 0;
  let rowsLost = 0;
  try {
    const env = { ERP_SUPPLIERS_URL: erp.url };

    // Calibration, not killed: how long the server takes from the ERP's last byte to its answer.
    const calDir = await copyDir(template);
    dirs.push(calDir);
    let applyMs: number;
    {
      await using server = await startServerProcess(calDir, env);
      const r = await runSync(server.base);
      applyMs = performance.now() - erp.state.finishedAt;
      assert.equal(erp.state.requests, 1, "something else fetched the ERP");
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(counts(r.json.result), EXPECTED_FRESH);
      assert.deepEqual(await snapshot(calDir), AFTER);
    }

    const kills: { name: string; when: () => Promise<void> }[] = [
      {
        name: "reading the ERP's list (half served)",
        when: async () => {
          while (erp.state.served < PIECES / 2) await sleep(2);
        },
      },
      ...opts.fractions.map((f) => ({
        name: `applying, ${Math.round(f * 100)}% of ${Math.round(applyMs)} ms after the last byte`,
        when: async () => {
          while (!erp.state.finishedAt) await sleep(1);
          await sleep(Math.max(0, erp.state.finishedAt + f * applyMs - performance.now()));
        },
      })),
    ];

    for (const kill of kills) {
      cases++;
      const dir = await copyDir(template);
      dirs.push(dir);
      let server = await startServerProcess(dir, env);
      let answered = false;
      const run = runSync(server.base).then(() => (answered = true), () => {});
      await kill.when();
      await server.kill();
      await run;
      server = await startServerProcess(dir, env);
      try {
        const check = await integrity(join(dir, "qmo.db"));
        const state = await snapshot(dir);
        const committed = state.suppliers === AFTER.suppliers;
        const whole = JSON.stringify(state) === JSON.stringify(committed ? AFTER : BEFORE);
        // Rows the ERP run had already committed (or that were there before) and are now gone.
        const lost = Math.max(0, BEFORE.suppliers - state.suppliers);
        const again = await runSync(server.base);
        const expected = committed ? EXPECTED_DONE : EXPECTED_FRESH;
        const rightCounts = again.status === 200 &&
          JSON.stringify(counts(again.json.result)) === JSON.stringify(expected);
        const third = await runSync(server.base);
        const settled = third.status === 200 &&
          JSON.stringify(counts(third.json.result)) === JSON.stringify(EXPECTED_DONE);
        const after = await snapshot(dir);
        const ok = check === "ok" && whole && rightCounts && settled &&
          JSON.stringify(after) === JSON.stringify(AFTER);
        if (!ok) failures++;
        rowsLost += lost;
        lines.push(
          `${kill.name}: answered before the kill ${answered}, found ${
            committed ? "all" : "none"
          } of the run (${state.suppliers} suppliers), integrity ${check}, rerun ${
            JSON.stringify(again.json?.result ? counts(again.json.result) : again.text)
          }`,
        );
        assert.equal(check, "ok", kill.name);
        assert.ok(whole, `${kill.name}: a part of the sync was kept: ${JSON.stringify(state)}`);
        assert.deepEqual(counts(again.json.result), expected, kill.name);
        assert.ok(settled, `${kill.name}: a third run still changed something`);
        assert.deepEqual(after, AFTER);
      } finally {
        await server.kill();
      }
    }
    for (const l of lines) console.log(`  ${l}`);
    // At least one kill must have landed before the commit, or nothing was tested.
    assert.ok(lines.some((l) => l.includes("found none")), "no kill landed before the commit");
    printTally(opts.name, { cases, failures, rowsLost });
  } finally {
    await erp.close();
    for (const d of dirs) await Deno.remove(d, { recursive: true }).catch(() => {});
  }
}
