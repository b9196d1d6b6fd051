// Company sign-in's calls without a provider: whether the sign-in page offers it, and the pages of
// the flow refusing what they cannot take, in the reader's language.
import assert from "node:assert/strict";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { loadConfig } from "../../server/config.ts";
import { call, testEnv } from "../helpers.ts";

const COMPANY_SIGN_IN = {
  OIDC_ISSUER: "https://login.example.test/realms/plant",
  OIDC_CLIENT_ID: "qmo",
  OIDC_CLIENT_SECRET: "client-secret",
};
const OPTIONS = "/app/TokenAuth/GetSignInOptions";

Deno.test("the sign-in page is told whether company sign-in is offered", async () => {
  await using off = await testEnv();
  const r = await call(off, "get", OPTIONS);
  assert.equal(r.status, 200);
  assert.equal(r.json.result.companySignIn, false);
  await using on = await testEnv({ env: COMPANY_SIGN_IN });
  const s = await call(on, "get", OPTIONS);
  assert.deepEqual(s.json.result, { companySignIn: true, companySignInUrl: "/auth/oidc/start" });
});

Deno.test("without company sign-in configured, its start page says so (404)", async () => {
  await using env = await testEnv();
  const res = await env.app.request("http://localhost/auth/oidc/start", {
    headers: { "accept-language": "en" },
  });
  assert.equal(res.status, 404);
  assert.ok((await res.text()).includes(en.companySignIn.refused.off));
});

Deno.test("a return with no sign-in started in this browser is refused in the chosen language", async () => {
  await using env = await testEnv({ env: COMPANY_SIGN_IN });
  const res = await env.app.request(
    "http://localhost/auth/oidc/callback?code=abc&state=xyz",
    { headers: { "accept-language": "en", cookie: "language=zh" } },
  );
  assert.equal(res.status, 400);
  const page = await res.text();
  assert.ok(page.includes(zh.companySignIn.refused.state), page);
  assert.ok(page.includes('href="/login"'));
  assert.equal(res.headers.get("set-cookie")?.includes("Admin-Token"), false);
});

Deno.test("company sign-in needs its issuer, client id and secret together", () => {
  assert.throws(
    () =>
      loadConfig({ OIDC_ISSUER: COMPANY_SIGN_IN.OIDC_ISSUER, OIDC_CLIENT_ID: "qmo" }, {
        create: false,
      }),
    /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none/,
  );
});
