// Security headers on every kind of answer: API success and each failure status, file downloads and
// exports, the health check, the OpenAPI page and its assets, the client's documents and static
// files, their 404s and the "not built" page. (Every route's answers are also checked by the fuzzer.)
import { createApp } from "../../server/http/app.ts";
import { serveClient } from "../../server/http/client.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv, userWithRoles } from "../helpers.ts";
import { publishedProject } from "../http/quotes_fixtures.ts";
import { fakeClientDir, securityHeaderProblems, Tally } from "./support.ts";

Deno.test("every kind of answer carries CSP without unsafe-inline scripts, nosniff, frame-ancestors 'none' and Referrer-Policy", async () => {
  await using env = await testEnv({ demo: true, env: { MAX_UPLOAD_MB: "1" } });
  const tally = new Tally("security headers");
  const { root, dir } = await fakeClientDir();
  const empty = await Deno.makeTempDir({ prefix: "qmo-empty-" });
  try {
    const app = createApp(env, { extend: serveClient({ dir }) });
    const notBuilt = createApp(env, { extend: serveClient({ dir: empty }) });
    const admin = await signIn(env, "admin", ADMIN_PASSWORD);
    const auth = { authorization: `Bearer ${admin}` };
    const api = "http://localhost/api/services";
    const draft = await publishedProject(env, [], { status: "unpublished" });
    const pdf = new FormData();
    pdf.set("file", new File(["%PDF-1.4\n%%EOF\n"], "a.pdf"));
    pdf.set("projectId", String(draft.id));
    const fileId = (await call(env, "post", "/QMO/FileService/Upload", { token: admin, body: pdf }))
      .json.result.id;
    const exe = new FormData();
    exe.set("file", new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], "a.pdf"));
    for (let i = 0; i < 5; i++) {
      await call(env, "post", "/app/TokenAuth/Authenticate", {
        body: { userNameOrEmailAddress: "locked-out", password: "wrong-password" },
      });
    }

    const cases: [string, number, Promise<Response> | Response][] = [
      ["API success", 200, app.request(`${api}/QMO/SystemUserExt/GetUserInfo`, { headers: auth })],
      ["API 400", 400, app.request(`${api}/app/User/Get?id=abc`, { headers: auth })],
      ["API 401", 401, app.request(`${api}/app/User/GetAll`)],
      [
        "API 403",
        403,
        app.request(`${api}/app/User/GetAll`, {
          headers: { authorization: `Bearer ${(await userWithRoles(env, "no-roles", [])).token}` },
        }),
      ],
      ["API 404 unknown call", 404, app.request(`${api}/app/Nothing/Here`, { headers: auth })],
      ["API 404 unknown id", 404, app.request(`${api}/app/User/Get?id=98765`, { headers: auth })],
      [
        "API 413",
        413,
        app.request(`${api}/app/TokenAuth/Authenticate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: `"${"x".repeat(9 * 1024 * 1024)}"`,
        }),
      ],
      [
        "API 415",
        415,
        app.request(`${api}/QMO/FileService/Upload`, { method: "POST", headers: auth, body: exe }),
      ],
      [
        "API 429",
        429,
        app.request(`${api}/app/TokenAuth/Authenticate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ userNameOrEmailAddress: "locked-out", password: "x" }),
        }),
      ],
      ["OPTIONS on the API", 404, app.request(`${api}/app/User/GetAll`, { method: "OPTIONS" })],
      [
        "file download",
        200,
        app.request(`${api}/QMO/FileService/GetFileStream?id=${fileId}`, { headers: auth }),
      ],
      ["xlsx export", 200, app.request(`${api}/QMO/Supplier/Export`, { headers: auth })],
      ["health check", 200, app.request("http://localhost/healthz")],
      ["OpenAPI page", 200, app.request("http://localhost/swagger")],
      ["OpenAPI redirect", 302, app.request("http://localhost/swagger/")],
      ["OpenAPI document", 200, app.request("http://localhost/swagger/v1/swagger.json")],
      ["OpenAPI script", 200, app.request("http://localhost/swagger/init.js")],
      ["OpenAPI styles", 200, app.request("http://localhost/swagger/swagger-ui.css")],
      ["back-office document", 200, app.request("http://localhost/dashboard")],
      ["portal document", 200, app.request("http://localhost/portal")],
      ["static asset", 200, app.request("http://localhost/assets/app-1.js")],
      ["missing asset", 404, app.request("http://localhost/assets/missing-1.js")],
      ["missing file", 404, app.request("http://localhost/favicon.ico")],
      ["client not built", 503, notBuilt.request("http://localhost/dashboard")],
    ];
    for (const [what, status, pending] of cases) {
      const res = await pending;
      await res.body?.cancel();
      const problems = securityHeaderProblems(res);
      if (res.status !== status) problems.push(`status ${res.status}, not ${status}`);
      tally.record(what, res.status, problems);
    }
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(empty, { recursive: true });
  }
  tally.done();
});
