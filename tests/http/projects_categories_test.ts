import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { everything, materialProject } from "../domain/projects_fixtures.ts";
import { updateProject } from "../../server/domain/projects/edit.ts";

const base = "/QMO/OfferProjectType";

Deno.test("categories: unique names; a category in use cannot be deleted", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const a = await call(env, "post", `${base}/CreateOfferProjectType`, {
    token,
    body: { name: "覆铜板" },
  });
  assert.equal(a.status, 200);
  const dup = await call(env, "post", `${base}/CreateOfferProjectType`, {
    token,
    lang: "en",
    body: { Name: "覆铜板" },
  });
  assert.equal(dup.status, 400);
  assert.match(dup.json.error.message, /already exists/);
  const b = await call(env, "post", `${base}/CreateOfferProjectType`, {
    token,
    body: { name: "设备" },
  });
  assert.equal(
    (await call(env, "put", `${base}/UpdateOfferProjectType`, {
      token,
      body: { id: b.json.result.id, name: "覆铜板" },
    })).status,
    400,
  );
  assert.equal(
    (await call(env, "put", `${base}/UpdateOfferProjectType`, {
      token,
      body: { id: b.json.result.id, name: "生产设备" },
    })).json.result.name,
    "生产设备",
  );
  const p = await materialProject(env, everything());
  await updateProject(env, everything(), {
    id: p.id,
    name: p.name,
    kind: "material",
    category: a.json.result.id,
  });
  const del = await call(env, "delete", `${base}/Delete`, {
    token,
    lang: "en",
    query: { Id: a.json.result.id },
  });
  assert.equal(del.status, 409);
  assert.match(del.json.error.message, /used by 1 project/);
  assert.equal(
    (await call(env, "delete", `${base}/Delete`, { token, query: { id: b.json.result.id } }))
      .status,
    200,
  );
  const list = await call(env, "get", `${base}/GetAll`, { token });
  assert.equal(list.json.result.totalCount, 1);
});

Deno.test("GetDemandFromAMS: a clear message when unset; demands fetched from AMS_URL when set", async () => {
  {
    await using env = await testEnv();
    const token = await signIn(env, "admin", ADMIN_PASSWORD);
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetDemandFromAMS", {
      token,
      lang: "en",
    });
    assert.equal(r.status, 503);
    assert.match(r.json.error.message, /AMS_URL/);
  }
  const ac = new AbortController();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen() {} },
    () =>
      Response.json({
        result: {
          items: [
            { DemandCode: "REQ-1", EquipmentName: "激光钻孔机", EstimatedAmount: "2850000" },
            { demandCode: "REQ-2", equipmentName: "AOI", estimatedAmount: 150000 },
          ],
        },
      }),
  );
  try {
    await using env = await testEnv({
      env: { AMS_URL: `http://127.0.0.1:${server.addr.port}/demands` },
    });
    const token = await signIn(env, "admin", ADMIN_PASSWORD);
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetDemandFromAMS", { token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(r.json.result.items, [
      {
        demandCode: "REQ-1",
        equipmentName: "激光钻孔机",
        estimatedAmount: "2850000",
        monthlyPurchase: true,
        used: false,
      },
      {
        demandCode: "REQ-2",
        equipmentName: "AOI",
        estimatedAmount: "150000",
        monthlyPurchase: false,
        used: false,
      },
    ]);
  } finally {
    ac.abort();
    await server.finished;
  }
});

Deno.test("GetDemandFromAMS: an asset system answering garbage or past 8 MB gets a clear 503", async () => {
  const answers: Record<string, () => Response> = {
    "/garbage": () => new Response("<html>Service Unavailable</html>", { status: 200 }),
    // Streamed without a length, so only the bytes read can tell it is too large.
    "/huge": () =>
      new Response(
        new ReadableStream({
          start(c) {
            const chunk = new TextEncoder().encode(`[${'{"demandCode":"X"},'.repeat(5000)}`);
            for (let i = 0; i < 100; i++) c.enqueue(chunk);
            c.close();
          },
        }),
      ),
  };
  const ac = new AbortController();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen() {} },
    (req) => answers[new URL(req.url).pathname](),
  );
  try {
    for (const [path, message] of [["/garbage", /did not answer/], ["/huge", /8 MB/]] as const) {
      await using env = await testEnv({
        env: { AMS_URL: `http://127.0.0.1:${server.addr.port}${path}` },
      });
      const token = await signIn(env, "admin", ADMIN_PASSWORD);
      const r = await call(env, "get", "/QMO/OfferProjectManager/GetDemandFromAMS", {
        token,
        lang: "en",
      });
      assert.equal(r.status, 503, path);
      assert.match(r.json.error.message, /The asset system did not answer/, path);
      assert.match(r.json.error.message, message, path);
    }
  } finally {
    ac.abort();
    await server.finished;
  }
});
