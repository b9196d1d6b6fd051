// The OpenAPI document says what the API answers: every GET route of the demo data set is called
// (as admin, and as a demo supplier for the portal's routes) with ids taken from the list answers,
// and each answer's result is validated with ajv against the result schema the document declares
// for it, made strict (an object may hold no property the schema leaves out). Most GET routes must
// be exercised; the ones skipped are printed with the reason.
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { type ErrorObject } from "ajv";
import formats from "ajv-formats";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { allRoutes } from "../../server/http/routes/index.ts";
import { audienceOf, type RouteDef } from "../../server/http/route.ts";

type Schema = Record<string, unknown>;
type Param = { name: string; required: boolean };

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

const ids = (r: { json?: { result?: unknown } }, key = "id"): number[] => {
  const result = r.json?.result as { items?: Record<string, unknown>[] } | unknown[] | undefined;
  const items = Array.isArray(result) ? result : result?.items ?? [];
  return (items as Record<string, unknown>[]).map((i) => i[key]).filter((v): v is number =>
    typeof v === "number"
  );
};

Deno.test("every GET route's live answer in the demo data matches the result schema the OpenAPI document declares", async () => {
  await using env = await testEnv({ demo: true });
  const doc = await (await env.app.request("http://localhost/swagger/v1/swagger.json")).json();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const supplierSignIn = env.demoSignIns.find((d) => d.role === "Supplier") ??
    env.demoSignIns.find((d) => /supplier/i.test(d.role));
  assert.ok(supplierSignIn, "the demo data has a supplier sign-in");
  const supplier = await signIn(env, supplierSignIn.userName, supplierSignIn.password);

  const get = (path: string, token: string, query: Record<string, unknown> = {}) =>
    call(env, "get", path, { token, query: { MaxResultCount: 1000, ...query } });

  // Ids from the list answers.
  const projects = ids(await get("/QMO/OfferProjectManager/GetAll", admin));
  const supplierProjects = ids(await get("/QMO/SupplierOffer/GetAll", supplier));
  const suppliers = ids(await get("/QMO/Supplier/GetAll", admin)).slice(0, 20);
  const byController: Record<string, number[]> = {
    User: ids(await get("/app/User/GetAll", admin)),
    Role: ids(await get("/app/Role/GetAll", admin)),
    Group: ids(await get("/QMO/Group/GetAll", admin)),
    AuditLog: ids(await get("/QMO/AuditLog/GetAll", admin)).slice(0, 20),
    OfferProjectType: ids(await get("/QMO/OfferProjectType/GetAll", admin)),
    SystemCodeType: ids(await get("/QMO/SystemCodeType/GetAll", admin)),
    EmailManager: ids(await get("/QMO/EmailManager/GetAll", admin)),
    AwardApproval: [
      ...ids(await get("/QMO/AwardApproval/GetPending", admin)),
      ...ids(await get("/QMO/AwardApproval/GetMine", admin)),
    ],
    Supplier: suppliers,
    SupplierPerformance: suppliers,
  };
  const typeIds = byController.SystemCodeType;

  const candidatesFor = (r: RouteDef, params: Param[]): Candidates | string => {
    const supplierSide = audienceOf(r) === "supplier";
    const controller = r.path.split("/")[2];
    const out: Candidates = {};
    for (const p of params.filter((p) => p.required)) {
      const name = p.name.toLowerCase();
      if (["offproid", "offpromanagerid", "offerpromanid", "projectid"].includes(name)) {
        out[p.name] = supplierSide ? supplierProjects : projects;
      } else if (name === "supplierid") out[p.name] = suppliers;
      else if (name === "typeid") out[p.name] = typeIds;
      else if (name === "id" && byController[controller]) out[p.name] = byController[controller];
      else if (name === "year") out[p.name] = [2026];
      else if (name === "date") out[p.name] = ["2026-11-23"];
      else if (name === "typecode") out[p.name] = ["Unit", "Factory", "CloseReason"];
      else return `no value for its required parameter ${p.name}`;
      if (!out[p.name].length) return `no ${p.name} in the demo data`;
    }
    return out;
  };

  /** Every combination of the candidates, the first value of each list first, at most `max`. */
  function* combinations(c: Candidates, max = 60) {
    const keys = Object.keys(c);
    const longest = Math.max(1, ...keys.map((k) => c[k].length));
    for (let i = 0; i < Math.min(longest, max); i++) {
      yield Object.fromEntries(keys.map((k) => [k, c[k][i % c[k].length]]));
    }
  }

  // Routes that change something though they are GETs are called last, once.
  const last = new Set(["/QMO/OfferProjectManager/EndOfferProject"]);
  const routes = allRoutes.filter((r) => r.method === "get" && !r.binary && !r.stream);
  routes.sort((a, b) => Number(last.has(a.path)) - Number(last.has(b.path)));
  const exercised: string[] = [];
  const skipped: string[] = [];
  const mismatches: string[] = [];
  for (const r of routes) {
    const op = doc.paths[`/api/services${r.path}`].get;
    const schema = op.responses["200"].content["application/json"].schema.properties.result;
    const validate = ajv.compile(strict(schema) as Schema);
    const params: Param[] = (op.parameters ?? []).map((p: Param) => p);
    const candidates = candidatesFor(r, params);
    if (typeof candidates === "string") {
      skipped.push(`${r.path}: ${candidates}`);
      continue;
    }
    const token = audienceOf(r) === "supplier" ? supplier : admin;
    let answered = 0;
    const statuses = new Set<number>();
    const tries = last.has(r.path) ? combinations(candidates, 1) : combinations(candidates);
    for (const query of tries) {
      const res = await get(r.path, token, query);
      statuses.add(res.status);
      if (res.status !== 200) continue;
      answered++;
      if (!validate(res.json.result)) {
        const errors = (validate.errors ?? []).slice(0, 5).map((e: ErrorObject) =>
          `${e.instancePath || "/"} ${e.message}${
            e.params && "additionalProperty" in e.params
              ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
              : ""
          }`
        );
        mismatches.push(`${r.path} ${JSON.stringify(query)}: ${errors.join("; ")}`);
        break;
      }
    }
    if (answered) exercised.push(r.path);
    else skipped.push(`${r.path}: no call answered 200 (${[...statuses].join(", ")})`);
  }
  console.log(
    `[openapi] GET routes answered and validated: ${exercised.length} of ${routes.length}`,
  );
  for (const s of skipped) console.log(`[openapi] skipped ${s}`);
  assert.deepEqual(mismatches, [], "answers that do not match their declared result");
  assert.ok(
    exercised.length >= Math.ceil(routes.length * 0.85),
    `${exercised.length} of ${routes.length} GET routes exercised`,
  );
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
