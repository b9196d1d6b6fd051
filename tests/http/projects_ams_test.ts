// GetDemandFromAMS against a real HTTP server standing in for the asset system: the documented
// answer, demands already used by a project, and each way the asset system can fail.
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { assetProject, everything } from "../domain/projects_fixtures.ts";
import { createProject, updateProject } from "../../server/domain/projects/edit.ts";

const PATH = "/QMO/OfferProjectManager/GetDemandFromAMS";

/** A small asset system on a free port, answering by path. */
function amsServer(answers: Record<string, () => Response>) {
  const ac = new AbortController();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen() {} },
    (req) => (answers[new URL(req.url).pathname] ?? (() => new Response(null, { status: 404 })))(),
  );
  return {
    url: (path: string) => `http://127.0.0.1:${server.addr.port}${path}`,
    async [Symbol.asyncDispose]() {
      ac.abort();
      await server.finished;
    },
  };
}

Deno.test("GetDemandFromAMS: without AMS_URL the answer says the asset system is not connected", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "get", PATH, { token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.json.result, { connected: false, items: [], totalCount: 0 });
});

Deno.test("GetDemandFromAMS: the open demands as documented, those used by a project marked", async () => {
  await using ams = amsServer({
    "/abp": () =>
      Response.json({
        result: {
          items: [
            {
              DemandCode: "REQ-1",
              EquipmentName: "激光钻孔机",
              EstimatedAmount: "2850000",
              Requester: "王工",
              DemandDate: "2026-11-20T18:30:00Z",
            },
            {
              demandCode: "REQ-2",
              equipmentName: "AOI",
              estimatedAmount: 150000,
              requester: "Li",
              demandDate: "2026-11-02",
            },
            { demandCode: "REQ-3", estimatedAmount: "about 5000", demandDate: "2026-02-30" },
            { equipmentName: "no demand number: skipped" },
          ],
        },
      }),
    "/plain": () => Response.json([{ demandCode: "REQ-9" }]),
  });
  await using env = await testEnv({ env: { AMS_URL: ams.url("/abp") } });
  const used = await createProject(env, everything(), {
    name: "Laser driller",
    kind: "asset",
    offerItemType: "comparePrices",
    demandCode: "REQ-2",
  });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "get", PATH, { token });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.deepEqual(r.json.result, {
    connected: true,
    items: [
      {
        demandCode: "REQ-1",
        equipmentName: "激光钻孔机",
        estimatedAmount: "2850000",
        monthlyPurchase: true,
        requester: "王工",
        // The demand's day in UTC+8.
        demandDate: "2026-11-21",
        used: false,
        usedBy: null,
      },
      {
        demandCode: "REQ-2",
        equipmentName: "AOI",
        estimatedAmount: "150000",
        monthlyPurchase: false,
        requester: "Li",
        demandDate: "2026-11-02",
        used: true,
        usedBy: used.code,
      },
      {
        demandCode: "REQ-3",
        equipmentName: null,
        estimatedAmount: null,
        monthlyPurchase: false,
        requester: null,
        demandDate: null,
        used: false,
        usedBy: null,
      },
    ],
    totalCount: 3,
  });
  await using plain = await testEnv({ env: { AMS_URL: ams.url("/plain") } });
  const token2 = await signIn(plain, "admin", ADMIN_PASSWORD);
  const p = await call(plain, "get", PATH, { token: token2 });
  assert.deepEqual(p.json.result.items.map((d: { demandCode: string }) => d.demandCode), [
    "REQ-9",
  ]);
});

Deno.test("GetDemandFromAMS: an asset system down, failing or answering garbage gets a clear 503", async () => {
  // A port nothing listens on any more: the asset system is down.
  const gone = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, () => new Response());
  const downUrl = `http://127.0.0.1:${gone.addr.port}/demands`;
  await gone.shutdown();
  await using ams = amsServer({
    "/html": () => new Response("<html>Service Unavailable</html>", { status: 200 }),
    "/object": () => Response.json({ message: "maintenance" }),
    "/junk": () => Response.json([1, "two", { name: "no number" }]),
    "/error": () => new Response("boom", { status: 500 }),
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
  });
  const cases: [string, RegExp, RegExp][] = [
    [downUrl, /could not be reached/, /无法连接资产系统/],
    [ams.url("/html"), /not a list of demands/, /不是需求列表/],
    [ams.url("/object"), /not a list of demands/, /不是需求列表/],
    [ams.url("/junk"), /not a list of demands/, /不是需求列表/],
    [ams.url("/error"), /answered with an error \(HTTP 500\)/, /返回错误（HTTP 500）/],
    [ams.url("/huge"), /larger than 8 MB/, /超过 8 MB/],
  ];
  for (const [url, en, zh] of cases) {
    await using env = await testEnv({ env: { AMS_URL: url } });
    const token = await signIn(env, "admin", ADMIN_PASSWORD);
    const r = await call(env, "get", PATH, { token, lang: "en" });
    assert.equal(r.status, 503, url);
    assert.match(r.json.error.message, /^The asset system/, url);
    assert.match(r.json.error.message, en, url);
    const z = await call(env, "get", PATH, { token, lang: "zh" });
    assert.match(z.json.error.message, zh, url);
  }
});

Deno.test("a demand imported from AMS serves one project: a second import of it is refused", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const first = await assetProject(env, everything());
  const body = {
    name: "AOI line",
    kind: "asset" as const,
    offerItemType: "comparePrices" as const,
    demandCode: "REQ-7",
    fromAms: true,
  };
  const created = await call(
    env,
    "post",
    "/QMO/OfferProjectManager/CreateOfferProjectManagerData",
    {
      token,
      body,
    },
  );
  assert.equal(created.status, 200, JSON.stringify(created.json));
  assert.equal(created.json.result.fromAms, true);
  // The project itself may be saved again.
  await updateProject(env, everything(), { ...body, id: created.json.result.id });
  const again = await call(env, "post", "/QMO/OfferProjectManager/CreateOfferProjectManagerData", {
    token,
    lang: "en",
    body: { ...body, name: "AOI line again" },
  });
  assert.equal(again.status, 409);
  assert.equal(
    again.json.error.message,
    `Demand REQ-7 is already used by project ${created.json.result.code}`,
  );
  assert.deepEqual(again.json.error.validationErrors[0].members, ["demandCode"]);
  // Typed by hand, the same number is the buyer's own business.
  const byHand = await call(env, "post", "/QMO/OfferProjectManager/CreateOfferProjectManagerData", {
    token,
    body: { ...body, name: "AOI line by hand", fromAms: false },
  });
  assert.equal(byHand.status, 200);
  // A number typed by hand on a project counts as used too.
  const taken = await call(env, "post", "/QMO/OfferProjectManager/CreateOfferProjectManagerData", {
    token,
    lang: "en",
    body: { ...body, demandCode: "REQ-1" },
  });
  assert.equal(taken.status, 409);
  assert.match(taken.json.error.message, new RegExp(`used by project ${first.code}`));
});
