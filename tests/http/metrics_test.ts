// GET /metrics: off without METRICS_TOKEN, refused without the token, and a real scrape (parsed as
// Prometheus' text format) moves with a request, a failed sign-in, a queued email and a job run.
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, NOW, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { writeRendered } from "../../server/domain/email/outbox.ts";
import { runDueJobs } from "../../server/jobs/index.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const env = { METRICS_TOKEN: TOKEN, SMTP_URL: "smtp://127.0.0.1:9" };

/** Every sample of a scrape by its series (`name{label="value",…}`), after checking the format. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line) continue;
    const type = line.match(/^# TYPE (\w+) (counter|gauge|histogram|summary|untyped)$/);
    if (type) typed.add(type[1]);
    if (line.startsWith("#")) continue;
    const m = line.match(/^([a-zA-Z_:][\w:]*)(\{(?:[a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})? (\S+)$/);
    assert.ok(m, `not a sample line: ${line}`);
    const base = m[1].replace(/_(bucket|sum|count)$/, "");
    assert.ok(typed.has(m[1]) || typed.has(base), `no TYPE line before ${m[1]}`);
    samples.set(m[1] + (m[2] ?? ""), Number(m[3]));
  }
  return samples;
}

async function scrape(e: TestEnv, token: string | null = TOKEN) {
  const res = await e.app.request("http://localhost/metrics", {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return { res, text: await res.text() };
}

async function samples(e: TestEnv) {
  const { res, text } = await scrape(e);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  return parse(text);
}

const SIGN_IN = 'route="/api/services/app/TokenAuth/Authenticate",method="POST"';

Deno.test("metrics are off (404) without METRICS_TOKEN", async () => {
  await using e = await testEnv();
  const { res } = await scrape(e);
  assert.equal(res.status, 404);
});

Deno.test("metrics refuse a scrape without the token or with a wrong one (401)", async () => {
  await using e = await testEnv({ env });
  for (const token of [null, "", "wrong-token-0123456789abcdef", TOKEN.slice(0, -1)]) {
    const { res, text } = await scrape(e, token);
    assert.equal(res.status, 401, `token ${token}`);
    assert.doesNotMatch(text, /qmo_/);
  }
});

Deno.test("a request, a failed sign-in, a queued email and a job run move their series", async () => {
  await using e = await testEnv({ env });
  const before = await samples(e);
  const at = (s: Map<string, number>, series: string) => s.get(series) ?? 0;

  // A request and a failed sign-in, counted by route pattern and status.
  await signIn(e, "admin", ADMIN_PASSWORD);
  const failed = await call(e, "post", "/app/TokenAuth/Authenticate", {
    body: { userNameOrEmailAddress: "admin", password: "not-the-password" },
  });
  assert.equal(failed.status, 401);
  // A raw URL never becomes a label.
  assert.equal((await call(e, "get", "/no/such-call-4711")).status, 404);

  // An email written to the outbox, 90 seconds before the scrape.
  await writeRendered(e.db, e, {
    eventKey: "metrics-test",
    code: "TEST",
    recipient: {
      address: "buyer@example.com",
      name: "Buyer",
      language: "en",
      supplierId: null,
      userId: null,
    },
    subject: "Test",
    body: "Test",
  });
  e.clock.advance(90_000);

  // A job run, at the fixed clock's time.
  const [run] = await runDueJobs(e, { only: ["sweepUploads"], force: true });
  assert.equal(run.status, "done");

  const after = await samples(e);
  const moved = (series: string) => at(after, series) - at(before, series);
  assert.equal(moved(`qmo_http_requests_total{${SIGN_IN},status="200"}`), 1);
  assert.equal(moved(`qmo_http_requests_total{${SIGN_IN},status="401"}`), 1);
  assert.equal(moved(`qmo_http_request_duration_seconds_count{${SIGN_IN}}`), 2);
  assert.equal(moved(`qmo_http_request_duration_seconds_bucket{le="+Inf",${SIGN_IN}}`), 2);
  assert.equal(moved('qmo_sign_ins_total{outcome="failure"}'), 1);
  assert.equal(moved('qmo_sign_ins_total{outcome="success"}'), 1);
  assert.equal(moved('qmo_http_requests_total{route="unmatched",method="GET",status="404"}'), 1);
  assert.ok(![...after.keys()].some((k) => k.includes("such-call")), "a raw URL is a label");

  assert.equal(at(after, "qmo_outbox_waiting"), 1);
  assert.equal(at(after, "qmo_outbox_oldest_waiting_seconds"), 90);

  assert.equal(moved('qmo_job_runs_total{job="sweepUploads",outcome="done"}'), 1);
  assert.equal(
    at(after, 'qmo_job_last_success_timestamp_seconds{job="sweepUploads"}'),
    new Date(NOW).getTime() / 1000 + 90,
  );
  assert.ok(at(after, "qmo_database_size_bytes") > 0);
  assert.ok(at(after, 'qmo_process_memory_bytes{kind="rss"}') > 0);
});
