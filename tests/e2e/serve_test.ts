// How the server hands out the built client: documents, hashed assets and the SPA fallback.
import assert from "node:assert/strict";
import { createApp } from "../../server/http/app.ts";
import { ensureClientBuild, serveClient } from "../../server/http/client.ts";
import { testEnv } from "../helpers.ts";

Deno.test("documents are never cached, hashed assets for a year, API paths never fall back", async () => {
  await ensureClientBuild();
  await using env = await testEnv();
  const app = createApp(env, { extend: serveClient() });

  const doc = await app.request("/systemManager/userManager?x=1", {
    headers: { "accept-language": "en-US,en;q=0.9" },
  });
  assert.equal(doc.status, 200);
  assert.match(doc.headers.get("cache-control")!, /no-cache/);
  const html = await doc.text();
  assert.match(html, /<html lang="en"/);
  assert.match(html, /<div id="root">/);
  // The CSP allows no inline script: every script is a file.
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/);
  assert.match(doc.headers.get("content-security-policy")!, /script-src 'self'/);

  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
  const js = await app.request(asset);
  assert.equal(js.status, 200);
  assert.equal(js.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert.match(js.headers.get("content-type")!, /javascript/);
  await js.body?.cancel();

  const zh = await app.request("/dashboard", { headers: { cookie: "language=zh" } });
  assert.match(await zh.text(), /<html lang="zh"/);

  const portal = await (await app.request("/portal")).text();
  assert.notEqual(portal, html.replace('lang="en"', 'lang="zh"'));
  assert.match(portal, /\/assets\/portal-/);

  const api = await app.request("/api/services/app/Nothing/Here");
  assert.equal(api.status, 404);
  assert.equal((await api.json()).success, false);
  const health = await app.request("/healthz");
  assert.deepEqual(await health.json(), { status: "ok" });
  assert.equal((await app.request("/assets/missing-abc.js")).status, 404);
  assert.equal((await app.request("/favicon.ico")).status, 404);
});
