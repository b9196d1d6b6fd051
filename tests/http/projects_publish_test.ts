import assert from "node:assert/strict";
import { call, testEnv } from "../helpers.ts";
import { quoteRefusal } from "../../server/domain/projects/rules.ts";
import { offerProjects, offerRounds } from "../../db/schema.ts";
import { eq } from "drizzle-orm";
import {
  assetProject,
  DEADLINE,
  everything,
  materialProject,
  P,
  quote,
  staff,
  supplier,
} from "../domain/projects_fixtures.ts";

const base = "/QMO/OfferProjectManager";

Deno.test("publish refusals: no supplier, unknown or invalid supplier, past or non-working deadline, no permission, wrong state", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const viewer = await staff(env, "viewer", [P.OfferProjectManagerSearch]);
  const assetPublisher = await staff(env, "amsbuyer", [
    P.AmsOfferProjectManagerSearch,
    P.AmsOfferProjectManagerPublish,
    P.OfferProjectManagerSearch,
  ]);
  const p = await materialProject(env, buyer.actor);
  const good = await supplier(env, "S1");
  const bad = await supplier(env, "S2", "invalid");
  const publish = (token: string, body: Record<string, unknown>) =>
    call(env, "post", `${base}/UpdateSupplierOfferProject`, {
      token,
      lang: "en",
      body: {
        OffProManagerId: p.id,
        OfferEndTime: DEADLINE,
        supList: [{ id: good.id, code: good.code }],
        ...body,
      },
    });

  let r = await publish(buyer.token, { supList: [] });
  assert.equal(r.status, 400);
  assert.equal(r.json.error.message, "Please select a supplier");
  r = await publish(buyer.token, { supList: [{ id: 9999, code: "NOPE" }] });
  assert.equal(r.status, 400);
  assert.match(r.json.error.message, /NOPE does not exist/);
  r = await publish(buyer.token, { supList: [{ id: good.id, code: "WRONG" }] });
  assert.equal(r.status, 400);
  assert.match(r.json.error.message, new RegExp(`is ${good.code}, not WRONG`));
  r = await publish(buyer.token, { supList: [{ id: bad.id, code: bad.code }] });
  assert.equal(r.status, 400);
  assert.match(r.json.error.message, /S2 \(S2 abbr\) is invalid/);
  r = await publish(buyer.token, { OfferEndTime: "2026-11-23T01:59:59.999Z" });
  assert.equal(r.status, 400);
  assert.equal(r.json.error.message, "The deadline must be in the future");
  r = await publish(buyer.token, { OfferEndTime: "2026-11-23 10:00:00" }); // exactly now (UTC+8)
  assert.equal(r.status, 400);
  r = await publish(buyer.token, { OfferEndTime: "2026-11-28 17:00:00" }); // a Saturday
  assert.equal(r.status, 400);
  assert.equal(
    r.json.error.message,
    "The selected date is not a working day: 2026-11-28 falls on a weekend",
  );
  env.clock.set("2026-09-21T02:00:00.000Z"); // before the National Day holiday
  r = await call(env, "post", `${base}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    lang: "zh",
    body: {
      OffProManagerId: p.id,
      OfferEndTime: "2026-10-01T09:00:00+08:00",
      supList: [{ id: good.id }],
    },
  });
  assert.equal(r.status, 400);
  assert.equal(r.json.error.message, "所选日期不是工作日：2026-10-01 是法定节假日（国庆节）");
  env.clock.set("2026-11-23T02:00:00.000Z");
  r = await publish(buyer.token, { OfferEndTime: null });
  assert.equal(r.status, 400);
  assert.equal((await publish(viewer.token, {})).status, 403, "no publish permission at all");
  r = await publish(assetPublisher.token, {});
  assert.equal(r.status, 403, "asset publisher cannot publish a material project");
  assert.match(r.json.error.message, /permission to publish/);

  r = await publish(buyer.token, {});
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.status, "published");
  assert.equal(r.json.result.pubDate, "2026-11-23T02:00:00.000Z");
  assert.deepEqual(r.json.result.supList.map((s: { code: string }) => s.code), ["S1"]);

  await call(env, "get", `${base}/EndOfferProject`, {
    token: buyer.token,
    query: { OffProId: p.id },
  });
  r = await publish(buyer.token, {});
  assert.equal(r.status, 409, "publishing an ended project");
  await call(env, "post", `${base}/CreateOfferProjectCloses`, {
    token: buyer.token,
    body: { offProId: p.id, closeReason: "x" },
  });
  assert.equal((await publish(buyer.token, {})).status, 409, "publishing a closed project");
});

Deno.test("bargaining asset projects publish without a deadline; create-and-launch saves and publishes at once", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "amsbuyer", [
    P.AmsOfferProjectManagerSearch,
    P.AmsOfferProjectManagerPublish,
  ]);
  const s = await supplier(env, "S1");
  const r = await call(env, "post", `${base}/CreateAndLaunchOfferProject`, {
    token: buyer.token,
    body: {
      name: "Plating line",
      kind: "asset",
      offerItemType: "bargaining",
      estimatedAmount: "199999.99",
      opiList: [{ itemName: "Plating line", unit: "set", estimateYearAmount: 1 }],
      supList: [{ id: s.id, code: s.code }],
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.status, "published");
  assert.equal(r.json.result.offerEndTime, null);
  assert.equal(r.json.result.monthlyPurchase, false);
  assert.match(r.json.result.code, /^AMS-20261123-\d{3}$/);
  // A refused launch leaves nothing behind.
  const bad = await call(env, "post", `${base}/CreateAndLaunchOfferProject`, {
    token: buyer.token,
    body: { name: "X", kind: "asset", offerItemType: "tendering", supList: [] },
  });
  assert.equal(bad.status, 400);
  const all = await call(env, "get", `${base}/GetAll`, { token: buyer.token });
  assert.equal(all.json.result.totalCount, 1);
  // Past the last page: no rows, and still the number of matches.
  const past = await call(env, "get", `${base}/GetAll`, {
    token: buyer.token,
    query: { skipCount: 20 },
  });
  assert.deepEqual([past.json.result.items.length, past.json.result.totalCount], [0, 1]);
});

Deno.test("the deadline is judged by the server's clock, one millisecond either side", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const p = await materialProject(env, buyer.actor);
  const s = await supplier(env, "S1");
  await call(env, "post", `${base}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: { offProManagerId: p.id, offerEndTime: DEADLINE, supList: [{ id: s.id, code: s.code }] },
  });
  const status = async () =>
    (await call(env, "get", `${base}/GetOfferProjectManagerData`, {
      token: buyer.token,
      query: { offProId: p.id },
    }))
      .json.result.status;
  const listed = async (st: string) =>
    (await call(env, "get", `${base}/GetAll`, { token: buyer.token, query: { status: st } })).json
      .result.totalCount;
  const row = async () =>
    (await env.db.select().from(offerProjects).where(eq(offerProjects.id, p.id)))[0];

  env.clock.set(new Date(new Date(DEADLINE).getTime() - 1));
  assert.equal(await status(), "published");
  assert.equal(await listed("published"), 1);
  assert.equal(await listed("ended"), 0);
  assert.equal(quoteRefusal(await row(), [], 0, true, env.clock.now()), null);

  env.clock.set(DEADLINE);
  assert.equal(await status(), "ended");
  assert.equal(await listed("ended"), 1);
  assert.equal(await listed("published"), 0);
  assert.equal(quoteRefusal(await row(), [], 0, true, env.clock.now()), "quotes.deadlinePassed");
  const end = await call(env, "get", `${base}/EndOfferProject`, {
    token: buyer.token,
    query: { offProId: p.id },
  });
  assert.equal(end.status, 409, "already ended by the clock, although nothing recorded it");
  assert.equal((await row()).status, "published");
});

Deno.test("ending by hand records who and when; closing needs a reason and shows it in the close info", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const p = await materialProject(env, buyer.actor);
  const s = await supplier(env, "S1");
  await call(env, "post", `${base}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: { offProManagerId: p.id, offerEndTime: DEADLINE, supList: [{ id: s.id }] },
  });
  env.clock.advance(3600_000);
  const end = await call(env, "get", `${base}/EndOfferProject`, {
    token: buyer.token,
    query: { offProId: p.id },
  });
  assert.equal(end.status, 200);
  assert.equal(end.json.result.status, "ended");
  assert.equal(end.json.result.endReason, "manual");
  assert.equal(end.json.result.endTime, "2026-11-23T03:00:00.000Z");
  const row = (await env.db.select().from(offerProjects).where(eq(offerProjects.id, p.id)))[0];
  assert.equal(row.endedBy, buyer.user.id);
  const noReason = await call(env, "post", `${base}/CreateOfferProjectCloses`, {
    token: buyer.token,
    lang: "en",
    body: { offProId: p.id, closeReason: "  " },
  });
  assert.equal(noReason.status, 400);
  assert.match(noReason.json.error.message, /reason for closing/);
  const close = await call(env, "post", `${base}/CreateOfferProjectCloses`, {
    token: buyer.token,
    body: { offProId: p.id, closeReason: "需求取消 demand cancelled" },
  });
  assert.equal(close.status, 200);
  const info = await call(env, "get", `${base}/GetOfferProjectManagerCloseInfo`, {
    token: buyer.token,
    query: { offProId: p.id },
  });
  assert.equal(info.json.result.closeReason, "需求取消 demand cancelled");
  assert.equal(info.json.result.closedByName, "buyer1");
  assert.equal(info.json.result.closeTime, "2026-11-23T03:00:00.000Z");
  const again = await call(env, "post", `${base}/CreateOfferProjectCloses`, {
    token: buyer.token,
    body: { offProId: p.id, closeReason: "again" },
  });
  assert.equal(again.status, 409);
});

Deno.test("early end: once every invited supplier has quoted, quotes stay open 30 minutes, then the project ends", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const actor = everything();
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const p = await materialProject(env, actor);
  const s1 = await supplier(env, "S1");
  const s2 = await supplier(env, "S2");
  await call(env, "post", `${base}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: {
      offProManagerId: p.id,
      offerEndTime: DEADLINE,
      supList: [{ id: s1.id }, { id: s2.id }],
    },
  });
  const get = async () =>
    (await call(env, "get", `${base}/GetOfferProjectManagerData`, {
      token: buyer.token,
      query: { offProId: p.id },
    })).json.result;
  await quote(env, p.id, s1.id);
  env.clock.advance(60 * 60_000);
  assert.equal((await get()).status, "inQuotation", "one of two quoted: still open");
  await quote(env, p.id, s2.id); // the last one: 2026-11-23 03:00Z
  const last = env.clock.now().getTime();
  env.clock.set(new Date(last + 30 * 60_000 - 1));
  assert.equal((await get()).status, "inQuotation");
  const row = (await env.db.select().from(offerProjects).where(eq(offerProjects.id, p.id)))[0];
  assert.equal(quoteRefusal(row, [], 0, true, env.clock.now()), null, "modification still allowed");
  env.clock.set(new Date(last + 30 * 60_000));
  const after = await get();
  assert.equal(after.status, "ended");
  assert.equal(after.endReason, "allQuoted");
  assert.equal(
    quoteRefusal(row, [], 0, true, env.clock.now()),
    "quotes.ended",
    "ended before its deadline",
  );
});

Deno.test("optimisation rounds: round 1 for a subset after the first quotes, round 2 after round 1, results show each", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "amsbuyer", [
    P.AmsOfferProjectManagerSearch,
    P.AmsOfferProjectManagerPublish,
  ]);
  const p = await assetProject(env, buyer.actor);
  const [s1, s2, s3] = [
    await supplier(env, "S1"),
    await supplier(env, "S2"),
    await supplier(env, "S3"),
  ];
  await call(env, "post", `${base}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: {
      offProManagerId: p.id,
      offerEndTime: DEADLINE,
      supList: [s1, s2, s3].map((s) => ({ id: s.id })),
    },
  });
  const open = (body: Record<string, unknown>) =>
    call(env, "post", `${base}/OpenOptimizeRound`, {
      token: buyer.token,
      lang: "en",
      body: { offProId: p.id, ...body },
    });
  assert.equal(
    (await open({ round: 1, endTime: "2026-12-01 17:00:00" })).status,
    409,
    "still quoting",
  );
  await quote(env, p.id, s1.id);
  await quote(env, p.id, s2.id);
  env.clock.set(DEADLINE); // first quotation over
  assert.equal(
    (await open({ round: 2, endTime: "2026-12-01 17:00:00" })).status,
    409,
    "round 1 first",
  );
  assert.equal(
    (await open({ round: 1, endTime: "2026-12-05 17:00:00" })).status,
    400,
    "a Saturday",
  );
  let r = await open({ round: 1, endTime: "2026-12-01 17:00:00", supplierIds: [s1.id] });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.project.status, "inQuotation");
  assert.equal(r.json.result.project.currentRound, 1);
  const rounds = (await env.db.select().from(offerRounds)).map((x) => ({
    ...x,
    openedAt: x.openedAt,
    endTime: x.endTime,
  }));
  const row = (await env.db.select().from(offerProjects).where(eq(offerProjects.id, p.id)))[0];
  assert.equal(quoteRefusal(row, rounds, 1, true, env.clock.now()), null, "S1 may quote round 1");
  assert.equal(quoteRefusal(row, rounds, 1, false, env.clock.now()), "quotes.notInvitedToRound");
  assert.equal(quoteRefusal(row, rounds, 2, true, env.clock.now()), "quotes.roundNotOpen");
  env.clock.advance(3600_000);
  const att1 = await quote(env, p.id, s1.id, 1);
  assert.equal(
    (await open({ round: 2, endTime: "2026-12-03 17:00:00" })).status,
    409,
    "round 1 still open",
  );
  env.clock.set("2026-12-01T09:00:00.000Z");
  r = await open({ round: 2, endTime: "2026-12-03 17:00:00" });
  assert.equal(r.status, 200);
  assert.equal((await open({ round: 2, endTime: "2026-12-03 17:00:00" })).status, 409, "only once");
  env.clock.advance(60_000);
  const att2 = await quote(env, p.id, s1.id, 2);
  const result = await call(env, "get", `${base}/GetSupplierOfferProjectManagerResult`, {
    token: buyer.token,
    query: { OffProId: p.id },
  });
  const bySupplier = Object.fromEntries(
    result.json.result.suppliers.map((s: { code: string }) => [s.code, s]),
  );
  assert.equal(bySupplier.S1.isOffer, true);
  assert.equal(bySupplier.S1.attId1, att1);
  assert.equal(bySupplier.S1.attId2, att2);
  assert.equal(bySupplier.S1.offerTime2, "2026-12-01T09:01:00.000Z");
  assert.equal(bySupplier.S2.isOffer, true);
  assert.equal(bySupplier.S2.round1, false);
  assert.equal(bySupplier.S2.attId1, null);
  assert.equal(bySupplier.S3.isOffer, false);
  assert.equal(bySupplier.S3.attId, null);
  assert.deepEqual(result.json.result.rounds.map((x: { round: number }) => x.round), [1, 2]);
  // Material projects have no rounds.
  const m = await materialProject(env, everything());
  await env.db.update(offerProjects).set({ status: "ended" }).where(eq(offerProjects.id, m.id));
  const mr = await call(env, "post", `${base}/OpenOptimizeRound`, {
    token:
      (await staff(env, "both", [P.OfferProjectManagerSearch, P.OfferProjectManagerPublish])).token,
    body: { offProId: m.id, round: 1, endTime: "2026-12-03 17:00:00" },
  });
  assert.equal(mr.status, 409);
});

Deno.test("a buyer sees only the projects of the kinds they have permission for", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const actor = everything();
  const m = await materialProject(env, actor);
  const a = await assetProject(env, actor);
  const amsOnly = await staff(env, "ams", [P.AmsOfferProjectManagerSearch]);
  const list = await call(env, "get", `${base}/GetAll`, { token: amsOnly.token });
  assert.deepEqual(list.json.result.items.map((p: { id: number }) => p.id), [a.id]);
  assert.equal(
    (await call(env, "get", `${base}/GetAll`, {
      token: amsOnly.token,
      query: { kind: "material" },
    })).status,
    403,
  );
  assert.equal(
    (await call(env, "get", `${base}/GetOfferProjectManagerData`, {
      token: amsOnly.token,
      query: { offProId: m.id },
    })).status,
    403,
  );
  assert.equal(
    (await call(env, "get", `${base}/GetFileListData`, {
      token: amsOnly.token,
      query: { OfferProManId: m.id },
    })).status,
    403,
  );
  assert.equal(
    (await call(env, "get", `${base}/GetFileListData`, {
      token: amsOnly.token,
      query: { OfferProManId: a.id },
    })).status,
    200,
  );
});
