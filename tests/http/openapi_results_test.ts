// The OpenAPI document says what the API answers: every GET operation of the document is called
// over the demo data set, with a few records added so that each has something to answer (a reset
// link, a group, an award waiting for approval, a running auction, a project still quoting, an ERP
// and an asset system standing in on a local port). Ids come from the list answers. Each JSON
// answer's result is validated with ajv against the result schema the document declares for it,
// made strict (an object may hold no property the schema leaves out); a file or event stream must
// answer 200 with its declared kind of content; a failure status must be one the document declares
// for the operation. An operation that no call answers 200 fails the test.
import assert from "node:assert/strict";
import { like } from "drizzle-orm";
import { Ajv2020 } from "ajv/dist/2020.js";
import { type ErrorObject } from "ajv";
import formats from "ajv-formats";
import { emailOutbox } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { allRoutes } from "../../server/http/routes/index.ts";
import { audienceOf } from "../../server/http/route.ts";
import { AA, awardReady, PM } from "./award_fixtures.ts";
import { publishedProject } from "./quotes_fixtures.ts";
import { EV, scoreAndSubmit, weightedReady } from "./evaluation_fixtures.ts";

type Schema = Record<string, unknown>;
type Param = { name: string; required: boolean };
type Query = Record<string, string | number>;
/** One call to make: whose token, and the query. */
/** One call to make; `env` when it is made in a database of its own (a set-up the demo data cannot hold). */
type Try = { token: string; query: Query; env?: TestEnv };

/** The schema with every object closed: a property the document does not name fails. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== "object") return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    out[k] = k === "properties"
      ? Object.fromEntries(Object.entries(v as Schema).map(([p, s]) => [p, strict(s)]))
      : strict(v);
  }
  if (out.type === "object" && out.properties && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is a CommonJS module: its default export is the plugin itself.
(formats as unknown as (a: Ajv2020) => void)(ajv);

/** The values to try for a route's required parameters: each a list of candidates. */
type Candidates = Record<string, (string | number)[]>;

type Listed = { json?: { result?: unknown } };
const itemsOf = (r: Listed): Record<string, unknown>[] => {
  const result = r.json?.result as { items?: unknown[] } | unknown[] | undefined;
  return (Array.isArray(result) ? result : result?.items ?? []) as Record<string, unknown>[];
};
const ids = (r: Listed, key = "id"): number[] =>
  itemsOf(r).map((i) => i[key]).filter((v): v is number => typeof v === "number");

/** A local ERP (supplier records) and asset system (equipment demands) for the sync routes. */
function otherSystems() {
  const ac = new AbortController();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen() {} },
    (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/erp/suppliers") {
        return Response.json([
          {
            code: "E001",
            abbrName: "沪电",
            fullName: "沪士电子股份有限公司",
            email1: "buy@wus.example.com",
            status: "effective",
            editDate: "2026-11-10T00:00:00Z",
          },
          { code: "SY001", abbrName: "生益", fullName: "生益科技", editDate: "2026-11-12" },
        ]);
      }
      if (path === "/ams") {
        return Response.json({
          result: {
            items: [{
              demandCode: "REQ-1",
              equipmentName: "激光钻孔机",
              estimatedAmount: "2850000",
              requester: "王工",
              demandDate: "2026-11-20T18:30:00Z",
            }],
          },
        });
      }
      return new Response(null, { status: 404 });
    },
  );
  const base = `http://127.0.0.1:${server.addr.port}`;
  return {
    env: { ERP_SUPPLIERS_URL: `${base}/erp/suppliers`, AMS_URL: `${base}/ams` },
    async [Symbol.asyncDispose]() {
      ac.abort();
      await server.finished;
    },
  };
}

/**
 * Set-ups that take a database of their own (their fixtures name the same users and suppliers as
 * awardReady's): a weighted evaluation signed off, and an ended project with a saved award scenario.
 */
async function ownDatabases(stack: AsyncDisposableStack): Promise<Record<string, Try[]>> {
  const evalEnv = stack.use(await testEnv());
  const w = await weightedReady(evalEnv);
  await scoreAndSubmit(evalEnv, w, "ev1");
  await scoreAndSubmit(evalEnv, w, "ev2");
  const signed = await call(evalEnv, "post", `${EV}/SignOff`, {
    token: w.leader.token,
    body: { offProId: w.project.id },
  });
  assert.equal(signed.status, 200, JSON.stringify(signed.json));
  const evaluation = { env: evalEnv, token: w.buyer.token, query: { offProId: w.project.id } };

  const scenarioEnv = stack.use(await testEnv());
  const r = await awardReady(scenarioEnv);
  const created = await call(scenarioEnv, "post", `${PM}/CreateAwardScenario`, {
    token: r.buyer.token,
    body: { offProId: r.project.id, name: "Two at most", rules: { maxSuppliers: 2 } },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const buyer = (query: Query) => ({ env: scenarioEnv, token: r.buyer.token, query });
  return {
    [`${EV}/Get`]: [evaluation],
    [`${EV}/Export`]: [evaluation],
    [`${PM}/GetAwardScenarios`]: [buyer({ offProId: r.project.id })],
    [`${PM}/SolveAwardScenario`]: [buyer({ id: created.json.result.id })],
  };
}

/**
 * What the demo data lacks: an award ready project (tests/http/award_fixtures.ts) whose award is
 * proposed above the approval threshold, then a reverse auction set up on it and running (S1 has
 * bid); a group; a password reset link; a project still quoting, for EndOfferProject. Answers the
 * calls only these records make possible, by path.
 */
async function addRecords(env: TestEnv, admin: string): Promise<Record<string, Try[]>> {
  const r = await awardReady(env);
  const offProId = r.project.id;
  const buyerCall = async (path: string, body: Record<string, unknown>) => {
    const res = await call(env, "post", path, { token: r.buyer.token, body });
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.json)}`);
    return res.json.result;
  };
  const award = await buyerCall(`${PM}/AwardOfferProject`, {
    offProId,
    scope: "project",
    supplierId: r.s1.supplier.id,
    reason: "Lowest bid",
  });
  assert.equal(award.status, "pendingApproval");
  await buyerCall("/QMO/Auction/Create", {
    offProId,
    startAt: "2026-11-23T10:05:00.000Z",
    endAt: "2026-11-23T10:25:00.000Z",
    step: "1000",
    visibility: "best",
  });
  env.clock.set("2026-11-23T10:05:00.000Z");
  const bid = await call(env, "post", "/QMO/SupplierOffer/Bid", {
    token: r.s1.token,
    body: { offProId, bidKey: "openapi-bid-1", amount: "206000" },
  });
  assert.equal(bid.status, 200, JSON.stringify(bid.json));

  const group = await call(env, "post", "/QMO/Group/Create", {
    token: admin,
    body: {
      name: "Laminate buyers",
      description: "Who buys laminates",
      userIds: [r.buyer.user.id],
    },
  });
  assert.equal(group.status, 200, JSON.stringify(group.json));

  // The reset link's secret is read from the email written to the outbox.
  const asked = await call(env, "post", "/app/TokenAuth/SendPasswordResetLink", {
    body: { userNameOrEmailAddress: "buyer1" },
  });
  assert.equal(asked.status, 200);
  const [mail] = await env.db.select({ body: emailOutbox.body }).from(emailOutbox)
    .where(like(emailOutbox.eventKey, "password-reset:%"));
  const secret = mail?.body.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1];
  assert.ok(secret, "the reset email holds the link");

  const quoting = await publishedProject(env, [r.s1.supplier.id]);
  const notInvited = await publishedProject(env, []);
  const s1Quotes = itemsOf(
    await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
      token: r.s1.token,
      query: { offProId },
    }),
  );
  assert.ok(s1Quotes.length, "S1 has a quote");
  const manual = await call(env, "get", `${PM}/GetEmailManualData`, {
    token: admin,
    query: { offProId },
  });
  const templates = (manual.json.result.templates as { code: string }[]).map((t) => t.code);
  assert.ok(templates.length, "the project has templates to send by hand");

  const s1 = (query: Query) => ({ token: r.s1.token, query });
  return {
    "/app/TokenAuth/CheckPasswordResetLink": [{ token: "", query: { token: secret } }],
    "/QMO/OfferProjectManager/EndOfferProject": [{ token: admin, query: { offProId: quoting.id } }],
    "/QMO/OfferProjectManager/PreviewEmailManual": templates.flatMap((templateCode) =>
      [r.s1, r.s2].map((s) => ({
        token: admin,
        query: { offProId, templateCode, supplierId: s.supplier.id },
      }))
    ),
    "/QMO/SupplierOffer/GetQuoteReceipt": s1Quotes.map((q) => s1({ quoteId: q.id as number })),
    "/QMO/FileService/GetFileStream": s1Quotes.map((q) => s1({ id: q.fileId as number })),
    // A project S1 is not invited to answers 404, as the document must say.
    "/QMO/SupplierOffer/GetInstruction": [s1({ offProId }), s1({ offProId: notInvited.id })],
    "/QMO/SupplierOffer/GetAuction": [s1({ offProId })],
    "/QMO/SupplierOffer/AuctionEvents": [s1({ offProId })],
    "/QMO/Auction/Events": [{ token: r.buyer.token, query: { offProId } }],
    [`${AA}/Get`]: [{ token: r.leader.token, query: { id: award.proposal.id } }],
  };
}

Deno.test("every GET operation of the OpenAPI document answers the demo data as its declared result says", async () => {
  await using systems = otherSystems();
  await using env = await testEnv({ demo: true, env: systems.env });
  const doc = await (await env.app.request("http://localhost/swagger/v1/swagger.json")).json();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const supplierSignIn = env.demoSignIns.find((d) => d.role === "Supplier") ??
    env.demoSignIns.find((d) => /supplier/i.test(d.role));
  assert.ok(supplierSignIn, "the demo data has a supplier sign-in");
  const supplier = await signIn(env, supplierSignIn.userName, supplierSignIn.password);
  await using stack = new AsyncDisposableStack();
  const extra = { ...await addRecords(env, admin), ...await ownDatabases(stack) };

  const get = (path: string, token: string, query: Record<string, unknown> = {}) =>
    call(env, "get", path, { token, query: { MaxResultCount: 1000, ...query } });

  // Ids from the list answers.
  const projects = ids(await get("/QMO/OfferProjectManager/GetAll", admin));
  const supplierProjects = ids(await get("/QMO/SupplierOffer/GetAll", supplier));
  const suppliers = ids(await get("/QMO/Supplier/GetAll", admin)).slice(0, 20);
  const myQuotes: number[] = [];
  for (const offProId of supplierProjects) {
    myQuotes.push(...ids(await get("/QMO/SupplierOffer/GetMyQuotes", supplier, { offProId })));
  }
  const byController: Record<string, number[]> = {
    User: ids(await get("/app/User/GetAll", admin)),
    Role: ids(await get("/app/Role/GetAll", admin)),
    Group: ids(await get("/QMO/Group/GetAll", admin)),
    AuditLog: ids(await get("/QMO/AuditLog/GetAll", admin)).slice(0, 20),
    OfferProjectType: ids(await get("/QMO/OfferProjectType/GetAll", admin)),
    SystemCodeType: ids(await get("/QMO/SystemCodeType/GetAll", admin)),
    EmailManager: ids(await get("/QMO/EmailManager/GetAll", admin)),
    AwardApproval: [
      ...ids(await get(`${AA}/GetPending`, admin)),
      ...ids(await get(`${AA}/GetMine`, admin)),
    ],
    Supplier: suppliers,
    SupplierPerformance: suppliers,
  };
  const typeIds = byController.SystemCodeType;

  const candidatesFor = (path: string, supplierSide: boolean, params: Param[]) => {
    const controller = path.split("/")[2];
    const out: Candidates = {};
    for (const p of params.filter((p) => p.required)) {
      const name = p.name.toLowerCase();
      if (["offproid", "offpromanagerid", "offerpromanid", "projectid"].includes(name)) {
        out[p.name] = supplierSide ? supplierProjects : projects;
      } else if (name === "supplierid") out[p.name] = suppliers;
      else if (name === "typeid") out[p.name] = typeIds;
      else if (name === "id" && byController[controller]) out[p.name] = byController[controller];
      else if (name === "quoteid" && supplierSide) out[p.name] = myQuotes;
      else if (name === "year") out[p.name] = [2026];
      else if (name === "date") out[p.name] = ["2026-11-23"];
      else if (name === "editdate") out[p.name] = ["2026-11-01"];
      else if (name === "typecode") out[p.name] = ["Unit", "Factory", "CloseReason"];
      else return undefined;
    }
    return out;
  };

  /** Every combination of the candidates, the first value of each list first, at most `max`. */
  function* combinations(c: Candidates, max = 60): Generator<Query> {
    const keys = Object.keys(c);
    if (keys.some((k) => !c[k].length)) return;
    const longest = Math.max(1, ...keys.map((k) => c[k].length));
    for (let i = 0; i < Math.min(longest, max); i++) {
      yield Object.fromEntries(keys.map((k) => [k, c[k][i % c[k].length]]));
    }
  }

  const routeOf = new Map(allRoutes.map((r) => [`/api/services${r.path}`, r]));
  // Every GET operation of the document; those that change something are called last, once.
  const last = new Set(["/api/services/QMO/OfferProjectManager/EndOfferProject"]);
  const operations = Object.entries(doc.paths as Record<string, { get?: Schema }>)
    .filter(([, ops]) => ops.get).map(([path, ops]) => ({ path, op: ops.get as Schema }))
    .sort((a, b) => Number(last.has(a.path)) - Number(last.has(b.path)));
  assert.ok(operations.length > 80, `${operations.length} GET operations in the document`);

  const exercised: string[] = [];
  const unanswered: string[] = [];
  const mismatches: string[] = [];
  const undeclared: string[] = [];
  for (const { path, op } of operations) {
    const route = routeOf.get(path);
    assert.ok(route, `${path} is a declared route`);
    const short = route.path;
    const supplierSide = audienceOf(route) === "supplier";
    const content = (op.responses as Record<string, { content?: Schema }>)["200"]?.content ?? {};
    const json = content["application/json"] as { schema: Schema } | undefined;
    const validate = json &&
      ajv.compile(strict((json.schema.properties as Schema).result) as Schema);
    const candidates = candidatesFor(short, supplierSide, (op.parameters ?? []) as Param[]);
    const token = supplierSide ? supplier : admin;
    const tries: Try[] = [
      ...extra[short] ?? [],
      ...[...combinations(candidates ?? {})].filter(() => candidates).map((query) => ({
        token,
        query,
      })),
    ].slice(0, last.has(path) ? 1 : undefined);
    let answered = 0;
    const statuses = new Set<number>();
    for (const { token, query, env: own } of tries) {
      const res = own
        ? await call(own, "get", short, { token, query })
        : await get(short, token, query);
      statuses.add(res.status);
      if (!(String(res.status) in (op.responses as Schema))) {
        undeclared.push(`${short} ${JSON.stringify(query)}: ${res.status}`);
      }
      if (res.status !== 200) {
        if (!res.res.bodyUsed) await res.res.body?.cancel();
        continue;
      }
      if (!validate) {
        // A file or an event stream: its declared kind of content, not the JSON envelope.
        const type = res.res.headers.get("content-type") ?? "";
        const stream = "text/event-stream" in content;
        await res.res.body?.cancel();
        if (stream ? !type.startsWith("text/event-stream") : type.includes("application/json")) {
          mismatches.push(`${short} ${JSON.stringify(query)}: answered ${type}`);
          break;
        }
        answered++;
        continue;
      }
      answered++;
      if (!validate(res.json.result)) {
        const errors = (validate.errors ?? []).slice(0, 5).map((e: ErrorObject) =>
          `${e.instancePath || "/"} ${e.message}${
            e.params && "additionalProperty" in e.params
              ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
              : ""
          }`
        );
        mismatches.push(`${short} ${JSON.stringify(query)}: ${errors.join("; ")}`);
        break;
      }
    }
    if (answered) exercised.push(short);
    else if (!tries.length) unanswered.push(`${short}: no value for its required parameters`);
    else unanswered.push(`${short}: no call answered 200 (${[...statuses].join(", ")})`);
  }
  console.log(
    `[openapi] GET operations answered and checked: ${exercised.length} of ${operations.length}`,
  );
  assert.deepEqual(mismatches, [], "answers that do not match their declared result");
  assert.deepEqual(undeclared, [], "failure statuses the document does not declare");
  assert.deepEqual(unanswered, [], "GET operations of the document left unexercised");
});

/** Every schema object in the document that has properties, with where it is. */
function* propertyHolders(node: unknown, where: string): Generator<[string, Schema]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* propertyHolders(v, `${where}[${i}]`);
    return;
  }
  if (!node || typeof node !== "object") return;
  const o = node as Schema;
  if (o.properties && typeof o.properties === "object") yield [where, o];
  for (const [k, v] of Object.entries(o)) yield* propertyHolders(v, `${where}.${k}`);
}

Deno.test("every query parameter and every property in the OpenAPI document has a description", async () => {
  await using env: TestEnv & AsyncDisposable = await testEnv();
  const doc = await (await env.app.request("http://localhost/swagger/v1/swagger.json")).json();
  const missing: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const p of (op.parameters ?? []) as { name: string; description?: string }[]) {
        if (!p.description?.trim()) missing.push(`${method} ${path} parameter ${p.name}`);
      }
    }
  }
  for (const [where, holder] of propertyHolders(doc, "")) {
    for (const [name, s] of Object.entries(holder.properties as Record<string, Schema>)) {
      const d = s.description ?? (s.$ref ? "ref" : undefined);
      if (typeof d !== "string" || !d.trim()) missing.push(`${where}.properties.${name}`);
    }
  }
  const show = missing.slice(0, 40);
  console.log(`[openapi] without a description: ${missing.length}`);
  assert.deepEqual(show, [], `${missing.length} parameters or properties lack a description`);
});
