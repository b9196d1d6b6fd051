// Stopping and scaling the real server process: SIGTERM in the middle of a 50 MB quote upload lets
// that upload finish and be recorded whole while new calls are answered 503 (try again), then the
// process exits 0; with WORKERS=2 two listeners share the port, both answer, and SIGTERM stops them
// all.
import assert from "node:assert/strict";
import {
  api,
  checkFileStore,
  childEnv,
  integrity,
  prepareDataDir,
  printTally,
  quotingProject,
  ROOT,
  sha256Of,
  signInHttp,
  SIZE,
  sleep,
  startServerProcess,
  SUPPLIER_PASSWORD,
  upload,
  withDbFile,
} from "./support.ts";
import { join } from "node:path";

/** Whether a fresh TCP connection to the port is accepted. */
async function accepts(port: number): Promise<boolean> {
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    conn.close();
    return true;
  } catch {
    return false;
  }
}

/** Listening TCP sockets on `port` (state 0A in /proc/net/tcp). */
async function listeners(port: number): Promise<number> {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const table = await Deno.readTextFile("/proc/net/tcp");
  return table.split("\n").slice(1).filter((line) => {
    const f = line.trim().split(/\s+/);
    return f[1]?.endsWith(`:${hex}`) && f[3] === "0A";
  }).length;
}

Deno.test("SIGTERM lets a quote upload in flight finish, answers new calls 503, exits 0", async () => {
  const { dataDir, value: setup } = await prepareDataDir((deps) => quotingProject(deps));
  const server = await startServerProcess(dataDir);
  let exit: Promise<number> | undefined;
  try {
    const token = await signInHttp(server.base, setup.supplierUsers[0].userName, SUPPLIER_PASSWORD);
    // 50 chunks of 1 MiB, 40 ms apart: about two seconds on the wire.
    const up = upload(server.base, token, setup.projectId, 1, { paceMs: 40 });
    await sleep(500);
    exit = server.stop();
    await sleep(200);
    // A call made while the upload finishes: refused for now, in the caller's language.
    const client = Deno.createHttpClient({});
    const during = await fetch(`${server.base}/api/services/QMO/SupplierOffer/GetAll`, {
      headers: { authorization: `Bearer ${token}`, "accept-language": "zh-CN" },
      client,
    } as RequestInit);
    const duringJson = await during.json();
    client.close();
    const answer = await up.done;
    const code = await exit;

    assert.equal(during.status, 503);
    assert.equal(during.headers.get("retry-after"), "5");
    assert.equal(duringJson.error.message, "服务器正在重启，请几秒钟后重试");
    assert.equal(await accepts(server.port), false, "still listening after the exit");
    assert.ok("status" in answer, `the upload was cut: ${JSON.stringify(answer)}`);
    assert.equal(answer.status, 200, JSON.stringify(answer));
    assert.equal(code, 0, server.output());
    assert.match(server.output(), /Stopping/);
    assert.equal(await integrity(join(dataDir, "qmo.db")), "ok");
    const quotes = await withDbFile(
      dataDir,
      (q) => q("select q.id, f.size, f.sha256 from quotes q join files f on f.id = q.file_id"),
    );
    assert.equal(quotes.length, 1);
    assert.equal(Number(quotes[0].size), SIZE);
    assert.equal(quotes[0].sha256, sha256Of(1));
    const store = await checkFileStore(dataDir);
    assert.deepEqual(store.broken, []);
    printTally("graceful stop during an upload", {
      cases: 1,
      failures: 0,
      rowsLost: 0,
      note: `upload answered ${answer.status}, exit ${code}`,
    });
  } finally {
    if (!exit) await server.kill();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("WORKERS=2: two listeners share the port, every caller is answered, SIGTERM stops them all", async () => {
  const { dataDir, value: setup } = await prepareDataDir((deps) => quotingProject(deps));
  const server = await startServerProcess(dataDir, { WORKERS: "2" });
  let stopped = false;
  try {
    // The extra worker starts after the main thread listens: wait for its socket.
    let count = 0;
    for (let i = 0; i < 200 && count < 2; i++) {
      count = await listeners(server.port);
      if (count < 2) await sleep(50);
    }
    assert.equal(count, 2, "expected two listening sockets on the port");

    // Forty callers, each on a connection of its own: the kernel spreads them over both listeners,
    // and every one gets the supplier's own project list.
    const token = await signInHttp(server.base, setup.supplierUsers[0].userName, SUPPLIER_PASSWORD);
    const answers = await Promise.all(Array.from({ length: 40 }, async () => {
      const client = Deno.createHttpClient({});
      try {
        const res = await fetch(`${server.base}/api/services/QMO/SupplierOffer/GetAll`, {
          headers: { authorization: `Bearer ${token}`, "accept-language": "en" },
          client,
        } as RequestInit);
        const json = await res.json();
        return { status: res.status, ids: json.result?.items?.map((p: { id: number }) => p.id) };
      } finally {
        client.close();
      }
    }));
    for (const a of answers) {
      assert.equal(a.status, 200);
      assert.deepEqual(a.ids, [setup.projectId]);
    }
    const status = await api(server.base, "GET", "/QMO/SupplierOffer/GetAll", { token });
    assert.equal(status.status, 200);

    const code = await server.stop();
    stopped = true;
    assert.equal(code, 0, server.output());
    assert.equal(await listeners(server.port), 0);
    assert.equal(await accepts(server.port), false);
    printTally("two workers on one port", {
      cases: answers.length,
      failures: 0,
      rowsLost: 0,
      note: `${count} listeners, exit ${code}`,
    });
  } finally {
    if (!stopped) await server.kill();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("WORKERS=2 without --unstable-net stops at once with a message saying how to start", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-reliability-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "server/main.ts"],
      cwd: ROOT,
      env: childEnv(dataDir, { WORKERS: "2", PORT: "1" }),
      stdin: "null",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 1);
    assert.match(stderr, /WORKERS above 1 needs Deno's --unstable-net flag/);
    // Nothing was touched: not even the database was created.
    await assert.rejects(() => Deno.stat(join(dataDir, "qmo.db")));
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
