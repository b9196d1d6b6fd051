// The OpenAPI document is one clients can generate from: Stoplight Spectral's `spectral:oas`
// ruleset (its recommended rules, what `spectral lint` applies to an OpenAPI document) finds
// nothing in it at any severity; every operationId follows the documented rule and every tag says
// what its calls are for.
import assert from "node:assert/strict";
import { allRoutes } from "../../server/http/routes/index.ts";
import { testEnv } from "../helpers.ts";

type Finding = { code: string | number; message: string; path: (string | number)[] };
type SpectralApi = {
  Spectral: new () => {
    setRuleset(r: unknown): void;
    run(doc: unknown): Promise<Finding[]>;
  };
  Document: new (text: string, parser: unknown) => unknown;
};

// Loaded by a name the type checker does not follow: Spectral's packages bring an older copy of
// the Node types, which would break the type check of the whole tree (Buffer, setTimeout).
const load = (name: string) => import(name);
const { Spectral, Document } = (await load("@stoplight/spectral-core")).default as SpectralApi;
const { oas } = await load("@stoplight/spectral-rulesets");
const { Json } = await load("@stoplight/spectral-parsers");

Deno.test("spectral:oas finds nothing in the OpenAPI document", async () => {
  await using env = await testEnv();
  const res = await env.app.request("http://localhost/swagger/v1/swagger.json");
  const text = await res.text();
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas, "recommended"]] });
  const findings = await spectral.run(new Document(text, Json));
  const lines = findings.map((f) => `${f.code} ${f.path.join(".")}: ${f.message}`);
  console.log(`[openapi] spectral:oas findings: ${lines.length}`);
  assert.deepEqual(lines.slice(0, 30), [], `${lines.length} findings`);
});

Deno.test("each operationId is the controller and the call name (Supplier_GetAll), and each tag is declared with a description", async () => {
  await using env = await testEnv();
  const res = await env.app.request("http://localhost/swagger/v1/swagger.json");
  const doc = await res.json();
  const ids: string[] = [];
  for (const r of allRoutes) {
    const [, , controller, call] = r.path.split("/");
    const op = doc.paths[`/api/services${r.path}`][r.method];
    assert.equal(op.operationId, `${controller}_${call}`, r.path);
    assert.deepEqual(op.tags, [controller], r.path);
    ids.push(op.operationId);
  }
  assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
  const tags = doc.tags as { name: string; description?: string }[];
  assert.deepEqual(
    tags.map((t) => t.name).sort(),
    [...new Set(allRoutes.map((r) => r.path.split("/")[2]))].sort(),
    "the tags declared are the ones used",
  );
  for (const t of tags) assert.ok(t.description?.trim(), `tag ${t.name} has a description`);
});
