// LOG_FORMAT=json: the real server writes one JSON line per request (its X-Request-Id, the route
// pattern, status, time, user and address) and per job run or failure, and never a password, a
// token or a quote's contents; by default it writes the human-readable lines and no request lines.
import assert from "node:assert/strict";
import {
  ADMIN_PASSWORD,
  api,
  freePort,
  prepareDataDir,
  quotingProject,
  signInHttp,
  startServerProcess,
  SUPPLIER_PASSWORD,
} from "../reliability/support.ts";
import { testEnv } from "../helpers.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { logOutcomes } from "../../server/jobs/schedule.ts";

type Line = Record<string, unknown>;

const jsonLines = (output: string): Line[] =>
  output.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));

Deno.test("LOG_FORMAT=json writes one line per request with its id, and no secret", async () => {
  const { dataDir, value: setup } = await prepareDataDir((deps) => quotingProject(deps));
  try {
    await using server = await startServerProcess(dataDir, { LOG_FORMAT: "json" });
    const marker = `SECRET-QUOTE-${crypto.randomUUID()}`;

    const adminToken = await signInHttp(server.base, "admin", ADMIN_PASSWORD);
    const info = await fetch(`${server.base}/api/services/QMO/SystemUserExt/GetUserInfo`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const requestId = info.headers.get("x-request-id");
    const adminId = (await info.json()).result.id;
    assert.match(requestId ?? "", /^[0-9a-f-]{36}$/);
    const wrong = await api(server.base, "post", "/app/TokenAuth/Authenticate", {
      body: { userNameOrEmailAddress: "admin", password: "Wrong-Password-1" },
    });
    assert.equal(wrong.status, 401);
    const supplierToken = await signInHttp(
      server.base,
      setup.supplierUsers[0].userName,
      SUPPLIER_PASSWORD,
    );
    const form = new FormData();
    form.set("offProId", String(setup.projectId));
    form.set("round", "0");
    form.set("file", new File([`%PDF-1.4\n% ${marker}\n%%EOF\n`], `${marker}.pdf`));
    const quote = await api(server.base, "post", "/QMO/SupplierOffer/Submit", {
      token: supplierToken,
      body: form,
    });
    assert.equal(quote.status, 200, quote.text);
    // Every answer has an id, a page that does not exist too.
    const missing = await fetch(`${server.base}/no/such/file.txt`);
    await missing.body?.cancel();
    assert.match(missing.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    // An id a proxy gave is kept.
    const given = await fetch(`${server.base}/healthz`, { headers: { "x-request-id": "lb-42" } });
    await given.body?.cancel();
    assert.equal(given.headers.get("x-request-id"), "lb-42");
    await server.stop();

    const output = server.output();
    const requests = jsonLines(output).filter((l) => l.msg === "request");
    const line = requests.find((l) => l.requestId === requestId);
    assert.ok(line, `no line for ${requestId} in:\n${output}`);
    assert.equal(line.level, "info");
    assert.equal(line.method, "GET");
    assert.equal(line.route, "/api/services/QMO/SystemUserExt/GetUserInfo");
    assert.equal(line.status, 200);
    assert.equal(line.userId, adminId);
    assert.equal(line.clientIp, "127.0.0.1");
    assert.equal(typeof line.ms, "number");
    assert.ok(!Number.isNaN(Date.parse(String(line.time))));
    const signIns = requests.filter((l) => l.route === "/api/services/app/TokenAuth/Authenticate");
    assert.deepEqual(signIns.map((l) => l.status).sort(), [200, 200, 401]);
    assert.ok(requests.some((l) => l.route === "/api/services/QMO/SupplierOffer/Submit"));
    assert.ok(requests.some((l) => l.route === "unmatched" && l.status === 404));
    for (const secret of [ADMIN_PASSWORD, "Wrong-Password-1", SUPPLIER_PASSWORD, marker]) {
      assert.ok(!output.includes(secret), `the log holds ${secret}`);
    }
    for (const token of [adminToken, supplierToken]) {
      assert.ok(!output.includes(token.slice(-20)), "the log holds a token");
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("by default the server writes no request lines and stays human-readable", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    await using server = await startServerProcess(dataDir);
    const res = await fetch(`${server.base}/healthz`);
    await res.body?.cancel();
    assert.match(res.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    await signInHttp(server.base, "admin", ADMIN_PASSWORD);
    await server.stop();
    assert.deepEqual(jsonLines(server.output()), []);
    assert.match(server.output(), /http:\/\/localhost/);
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("job runs and failures are JSON lines with LOG_FORMAT=json, failures text otherwise", async () => {
  const erp = `http://127.0.0.1:${freePort()}/suppliers`;
  for (const format of ["json", "text"] as const) {
    await using env = await testEnv({ env: { LOG_FORMAT: format, ERP_SUPPLIERS_URL: erp } });
    const outcomes = await runDueJobs(env, { only: ["sweepUploads", "supplierSync"], force: true });
    assert.deepEqual(outcomes.map((o) => o.status), ["failed", "done"]);
    const written: string[] = [];
    const { log, error } = console;
    console.log = (s: string) => written.push(s);
    console.error = (s: string) => written.push(s);
    try {
      logOutcomes(env, outcomes);
    } finally {
      Object.assign(console, { log, error });
    }
    if (format === "text") {
      assert.equal(written.length, 1);
      assert.match(written[0], /^job supplierSync failed: /);
      continue;
    }
    const lines = written.map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => [l.level, l.msg, l.job]), [
      ["error", "job failed", "supplierSync"],
      ["info", "job done", "sweepUploads"],
    ]);
    assert.equal(typeof lines[0].error, "string");
    assert.equal(typeof lines[1].ms, "number");
  }
});
