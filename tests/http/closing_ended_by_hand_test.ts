// A project ended by hand while its early end was pending: two suppliers quoted (quoting would
// close 30 minutes after the last quote), then the buyer pressed End. The project list, the result
// page and the portal (list and project) all answer the end by hand as when quoting closed, with
// its reason, not the early end still to come; the list's closing-time filter finds it there.
import assert from "node:assert/strict";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { closingOf } from "../../server/domain/shared/closing.ts";
import { ADMIN_PASSWORD, call, NOW, signIn, testEnv } from "../helpers.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { agree, pdfFile, submit, supplierWithLogin } from "./quotes_fixtures.ts";

const MIN = 60_000;
const at = (ms: number) => new Date(Date.parse(NOW) + ms);
const iso = (ms: number) => at(ms).toISOString();

type Timing = {
  offerEndTime: string | null;
  closesAt: string | null;
  endedByHandAt: string | null;
  currentRound?: number | null;
  roundEndsAt?: string | null;
};
/** The closing every page shows, built from an answer as the pages build it. */
const shown = (p: Timing, firstClosesAt = p.closesAt, round = p.currentRound, roundEnd?: string) =>
  closingOf({
    deadline: p.offerEndTime,
    firstClosesAt,
    endedByHandAt: p.endedByHandAt,
    round,
    roundEndsAt: roundEnd ?? p.roundEndsAt,
  });

Deno.test("a project ended by hand while its early end was pending: every answer shows the end by hand", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const s1 = await supplierWithLogin(env, "EH1");
  const s2 = await supplierWithLogin(env, "EH2");
  // NOW is Monday 10:00 in UTC+8; the deadline is 13:00 the same day.
  const p = await createProject(env, everything(), {
    name: "Laminate ended by hand",
    kind: "material",
    opiList: [{ itemName: "FR-4 copper clad laminate 1.6 mm", unit: "sheet" }],
  });
  await publishProject(env, everything(), {
    offProManagerId: p.id,
    offerEndTime: at(180 * MIN),
    supList: [{ id: s1.supplier.id }, { id: s2.supplier.id }],
  });
  for (const [s, t] of [[s1, 0], [s2, MIN]] as const) {
    env.clock.set(at(t));
    assert.equal((await agree(env, s.token, p.id)).status, 200);
    assert.equal((await submit(env, s.token, p.id, pdfFile(s.supplier.code))).status, 200);
  }
  // Every invited supplier has quoted: the early end is pending, 30 minutes after the last quote.
  const list = async (query: Record<string, unknown> = {}) => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetAll", {
      token: admin,
      query: { name: "Laminate ended by hand", MaxResultCount: 20, ...query },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.result.items;
  };
  const [pending] = await list();
  assert.equal(pending.closesAt, iso(31 * MIN));
  assert.equal(shown(pending).reason, "earlyEnd");

  // The buyer ends it 8 seconds after the last quote.
  const ended = 8_000 + MIN;
  env.clock.set(at(ended));
  const end = await call(env, "get", "/QMO/OfferProjectManager/EndOfferProject", {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(end.status, 200, JSON.stringify(end.json));

  // Asked at once, and again after the early end would have come: the same answer.
  for (const now of [ended, 45 * MIN]) {
    env.clock.set(at(now));
    const [row] = await list();
    assert.equal(row.status, "ended");
    assert.equal(row.endTime, iso(ended));
    assert.equal(row.endReason, "manual");
    assert.equal(row.closesAt, iso(ended), "the list's when quoting closes");
    assert.equal(row.endedByHandAt, iso(ended));
    assert.deepEqual(shown(row), {
      at: iso(ended),
      deadline: iso(180 * MIN),
      reason: "endedByHand",
      round: 0,
    });

    const result = await call(
      env,
      "get",
      "/QMO/OfferProjectManager/GetSupplierOfferProjectManagerResult",
      { token: admin, query: { offProId: p.id } },
    );
    assert.equal(result.status, 200);
    const project = result.json.result.project;
    assert.equal(project.closesAt, iso(ended), "the result page's when quoting closes");
    assert.equal(shown(project).reason, "endedByHand");

    for (const s of [s1, s2]) {
      const mine = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: s.token });
      const item = mine.json.result.items.find((x: { id: number }) => x.id === p.id);
      const detail = (await call(env, "get", "/QMO/SupplierOffer/Get", {
        token: s.token,
        query: { offProId: p.id },
      })).json.result;
      for (const [what, x] of [["portal list", item], ["portal project", detail]]) {
        assert.equal(x.firstClosesAt, iso(ended), `${what}: when the first quotation closed`);
        assert.equal(x.closesAt, iso(ended), `${what}: when quoting closes`);
        assert.equal(x.endedByHandAt, iso(ended), what);
        const c = shown(x, x.firstClosesAt, x.round, x.round ? x.closesAt : undefined);
        assert.deepEqual([c.at, c.reason], [iso(ended), "endedByHand"], what);
        assert.equal(x.canSubmit, false);
      }
    }

    // The list's closing-time filter finds it at the end by hand, not at the early end.
    assert.equal((await list({ closingTo: iso(ended) })).length, 1);
    assert.equal((await list({ closingFrom: iso(ended + 1000) })).length, 0);
  }
});
