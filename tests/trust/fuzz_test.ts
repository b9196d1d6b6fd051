// Property-based fuzzing of every API route (fast-check, fixed seed, bounded runs): malformed JSON,
// wrong types, huge strings, unknown keys, broken multipart and odd Unicode in query and body,
// sent with a token that holds the route's permission. No answer may be a 5xx, and every answer
// must be the JSON envelope (or, for a file, an attachment) with the security headers.
import fc from "fast-check";
import { allPermissions } from "../../server/domain/auth/permissions.ts";
import { allRoutes } from "../../server/http/routes/index.ts";
import { MAX_JSON_BODY_MB, type RouteDef } from "../../server/http/route.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv, userWithRoles } from "../helpers.ts";
import { supplierWithLogin } from "../http/quotes_fixtures.ts";
import { answerProblems, isSupplierRoute, label, Tally } from "./support.ts";

/** Fixed, so every run tries the same cases; FUZZ_SEED picks other ones for a longer hunt. */
const SEED = Number(Deno.env.get("FUZZ_SEED") ?? 20261123);
/** Cases per route; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 24);

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

const oddStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\uDC00\uD800",
  "\u202Egnp.exe",
  "\u200B\u200D\uFEFF",
  "مرحبا بالعالم",
  "𠜎𠜱𠝹",
  "👩‍👩‍👧‍👦",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE users; --",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  '=HYPERLINK("http://x","y")',
  "-1",
  "0",
  "1",
  "2",
  "3",
  "99999999999999999999999",
  "1e309",
  "NaN",
  "Infinity",
  "true",
  "null",
  "[]",
  "{}",
  "2026-13-45",
  "2026-11-23T02:00:00Z",
  "%00",
  "%ZZ",
  "\r\n\r\n",
  "ＡＢＣ",
  "İ",
  "__proto__",
  "constructor",
];
const huge = fc.constantFrom("x".repeat(70_000), "中".repeat(40_000), "\uD800".repeat(5_000));
const text = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...oddStrings) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 24 }) },
  { weight: 1, arbitrary: huge },
);
const num = fc.oneof(
  fc.integer({ min: -2, max: 6 }),
  fc.constantFrom(-0, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63)),
  fc.double(),
);
const leaf = fc.oneof(text, num, fc.boolean(), fc.constant(null));
const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...oddStrings, "id", "name"), tie("v"), { maxKeys: 3 }),
  ),
})).v;

// ---------------------------------------------------------------------------------------------
// Inputs shaped like the route's schema, with wrong types mixed in at every depth
// ---------------------------------------------------------------------------------------------

type Def = Record<string, unknown> & { type: string };
// deno-lint-ignore no-explicit-any
const defOf = (s: unknown) => (s as any)._zod.def as Def;

/** The keys of an object schema (looking through optional, pipes and the like). */
function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === "object") return def.shape as Record<string, unknown>;
  for (const inner of ["innerType", "in", "schema"]) {
    if (def[inner]) return shapeOf(def[inner]);
  }
  return undefined;
}

function shaped(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const wrong = depth > 3 ? leaf : anyValue;
  let right: fc.Arbitrary<unknown>;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const known = Object.fromEntries(
        Object.entries(shape).map(([k, s]) => [k, shaped(s, depth + 1)]),
      );
      right = fc.tuple(
        fc.record(known, { requiredKeys: [] }),
        fc.dictionary(fc.constantFrom(...oddStrings, "unknownKey", "ID", "Id"), leaf, {
          maxKeys: 2,
        }),
      ).map(([k, extra]) => ({ ...extra, ...k }));
      break;
    }
    case "array":
      right = fc.array(shaped(def.element, depth + 1), { maxLength: 3 });
      break;
    case "string":
      right = text;
      break;
    case "number":
    case "bigint":
      right = num;
      break;
    case "boolean":
      right = fc.boolean();
      break;
    case "date":
      right = fc.constantFrom("2026-11-23T02:00:00Z", "2026-02-30", "yesterday", "0", "");
      break;
    case "enum":
      right = fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      break;
    case "literal":
      right = fc.constantFrom(...(def.values as unknown[]));
      break;
    case "union":
      right = fc.oneof(...(def.options as unknown[]).map((o) => shaped(o, depth + 1)));
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      right = shaped(def.innerType, depth);
      break;
    case "pipe":
      right = def.in && defOf(def.in).type !== "transform"
        ? shaped(def.in, depth)
        : shaped(def.out, depth);
      break;
    default:
      right = leaf;
  }
  return fc.oneof({ weight: 4, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

/** One request's input, described so that it can be printed when it fails. */
type Input =
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string; contentType?: string }
  | { kind: "form"; fields: [string, unknown][]; fileName?: string; bytes?: string }
  | { kind: "brokenForm"; text: string; contentType: string }
  | { kind: "none" };

const brokenJson = fc.constantFrom(
  "{",
  '{"a":',
  "[",
  "]",
  "\u0000",
  '{"a":1}}',
  "nul",
  "{'a':1}",
  '{"id":1,"id":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"\\ud800"',
  '{"name":"\\ud800\\u0000"}',
  "\uFEFF{}",
  "1".repeat(5000),
  "[".repeat(5000),
  '{"a":' + "[".repeat(3000) + "]".repeat(3000) + "}",
);

function inputFor(route: RouteDef): fc.Arbitrary<{ query: string; input: Input }> {
  const queryShape = shapeOf(route.query);
  const bodySchema = route.body ?? route.form;
  const bodyShape = shapeOf(bodySchema);
  const pairs = (shape: Record<string, unknown> | undefined) =>
    (shape ? shaped(route.query ?? route.body ?? route.form) : anyValue).map((v) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? Object.entries(v as Record<string, unknown>)
        : [["value", v] as [string, unknown]]
    );
  const rawQuery = fc.constantFrom(
    "id=%ED%A0%80",
    "id=%",
    "id=%E0%A4%A",
    "id=1&id=2",
    "id=%00",
    "offProId=1%00",
    "skipCount=-1&maxResultCount=100000",
    "sorting=name%3BDROP%20TABLE%20users",
    "sorting=%28select%201%29",
    "&&&==&",
    "a[b][c]=1",
    "id[]=1",
  );
  const query = fc.oneof(
    {
      weight: 3,
      arbitrary: (queryShape ? shaped(route.query) : fc.dictionary(fc.string(), leaf)).map(
        (v) => {
          const params = new URLSearchParams();
          const entries = v && typeof v === "object" && !Array.isArray(v)
            ? Object.entries(v as Record<string, unknown>)
            : [["q", v]];
          for (const [k, val] of entries) {
            for (const one of Array.isArray(val) ? val : [val]) {
              params.append(
                String(k),
                one !== null && typeof one === "object" ? JSON.stringify(one) : String(one),
              );
            }
          }
          return params.toString();
        },
      ),
    },
    { weight: 1, arbitrary: rawQuery },
    { weight: 1, arbitrary: fc.constant("") },
  );
  const json = (bodyShape ? shaped(bodySchema) : anyValue).map((value): Input => ({
    kind: "json",
    value,
  }));
  const raw = fc.tuple(
    fc.oneof(brokenJson, text),
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-16",
      "text/plain",
      "application/x-www-form-urlencoded",
      undefined,
    ),
  ).map(([t, contentType]): Input => ({ kind: "raw", text: t, contentType }));
  const form = fc.tuple(
    pairs(bodyShape),
    fc.option(
      fc.constantFrom(...oddStrings, "报价单.pdf", "a.pdf", "../../x.pdf", "C:\\a\\b.xlsx"),
    ),
    fc.constantFrom(
      "%PDF-1.4\n%%EOF\n",
      "",
      "not a pdf",
      "PK\u0003\u0004garbage",
      "code,abbrName,fullName\n=1+1,<b>,x\n",
    ),
  ).map(([fields, fileName, bytes]): Input => ({
    kind: "form",
    fields,
    fileName: fileName ?? undefined,
    bytes,
  }));
  const brokenForm = fc.tuple(
    fc.constantFrom(
      "garbage",
      '--X\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
      "--X\r\nContent-Disposition: form-data\r\n\r\nx\r\n--X--\r\n",
      "--X--",
      "--X\r\n\r\n\r\n--X--\r\n",
      "",
    ),
    fc.constantFrom(
      "multipart/form-data; boundary=X",
      "multipart/form-data",
      "multipart/form-data; boundary=",
      'multipart/form-data; boundary="a b"',
    ),
  ).map(([t, contentType]): Input => ({ kind: "brokenForm", text: t, contentType }));
  const none = fc.constant<Input>({ kind: "none" });
  const body = route.form
    ? fc.oneof(
      { weight: 4, arbitrary: form },
      { weight: 2, arbitrary: brokenForm },
      json,
      raw,
      none,
    )
    : route.method === "get" || route.method === "delete"
    ? fc.oneof({ weight: 3, arbitrary: none }, json, raw, brokenForm)
    : fc.oneof(
      { weight: 4, arbitrary: json },
      { weight: 2, arbitrary: raw },
      form,
      brokenForm,
      none,
    );
  return fc.record({ query, input: body });
}

function requestInit(input: Input): { body?: BodyInit; headers: Record<string, string> } {
  switch (input.kind) {
    case "json":
      return {
        body: JSON.stringify(input.value) ?? "null",
        headers: { "content-type": "application/json" },
      };
    case "raw":
      return {
        body: input.text,
        headers: input.contentType ? { "content-type": input.contentType } : {},
      };
    case "form": {
      const fd = new FormData();
      for (const [k, v] of input.fields) {
        fd.append(k, v !== null && typeof v === "object" ? JSON.stringify(v) : String(v));
      }
      if (input.fileName !== undefined) {
        fd.append("file", new File([input.bytes ?? ""], input.fileName));
      }
      return { body: fd, headers: {} };
    }
    case "brokenForm":
      return { body: input.text, headers: { "content-type": input.contentType } };
    case "none":
      return { headers: {} };
  }
}

const describe = (c: { query: string; input: Input }) =>
  JSON.stringify(c, (_k, v) => (typeof v === "string" && v.length > 80 ? `${v.slice(0, 80)}…` : v));

// ---------------------------------------------------------------------------------------------
// Callers: a staff user with every permission, and a supplier with its portal sign-in
// ---------------------------------------------------------------------------------------------

/** Keeps a token that holds every permission (a fuzzed call may revoke or weaken its holder). */
class Callers {
  private n = 0;
  staff = "";
  supplier = "";
  constructor(private env: TestEnv) {}

  async staffToken(): Promise<string> {
    if (this.staff && await this.holdsAll(this.staff)) return this.staff;
    const role = `FuzzAll${++this.n}`;
    const { createRole } = await import("../../server/domain/roles/service.ts");
    await createRole(this.env, {
      name: role,
      displayName: role,
      grantedPermissions: allPermissions,
    });
    this.staff = (await userWithRoles(this.env, `fuzz-staff-${this.n}`, [role])).token;
    return this.staff;
  }

  async supplierToken(): Promise<string> {
    if (this.supplier && (await this.info(this.supplier)).status === 200) return this.supplier;
    this.supplier = (await supplierWithLogin(this.env, `FZ${String(++this.n).padStart(3, "0")}`))
      .token;
    return this.supplier;
  }

  private info = (token: string) =>
    call(this.env, "get", "/QMO/SystemUserExt/GetUserPermissions", { token });
  private async holdsAll(token: string) {
    const r = await this.info(token);
    return r.status === 200 && r.json.result.length === allPermissions.length;
  }
}

/** A local ERP and asset system, so the routes that read them run to the end. */
function fakeUpstream() {
  return Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (req) =>
      new URL(req.url).pathname === "/ams"
        ? Response.json([{
          demandCode: "D-1",
          equipmentName: "<b>drill</b>",
          estimatedAmount: "-5",
        }])
        : Response.json([{
          code: "E001",
          abbrName: "=1+1",
          fullName: "<script>x</script>",
          status: "effective",
          editDate: "2026-11-10T00:00:00Z",
        }]),
  );
}

/** A demo database whose ERP and asset system answer from a local server. */
async function withFuzzEnv(fn: (env: TestEnv) => Promise<void>) {
  const upstream = fakeUpstream();
  try {
    const base = `http://127.0.0.1:${upstream.addr.port}`;
    await using env = await testEnv({
      demo: true,
      env: { AMS_URL: `${base}/ams`, ERP_SUPPLIERS_URL: `${base}/erp`, MAX_UPLOAD_MB: "1" },
    });
    await fn(env);
  } finally {
    await upstream.shutdown();
  }
}

function fuzzRoutes(name: string, routes: RouteDef[]) {
  return withFuzzEnv(async (env) => {
    const callers = new Callers(env);
    const tally = new Tally(`${name} (seed ${SEED}, ${RUNS} cases per route)`);
    for (const [i, route] of routes.entries()) {
      const cases = fc.sample(inputFor(route), { seed: SEED + i, numRuns: RUNS });
      for (const [n, c] of cases.entries()) {
        // Routes open to any signed-in user are tried by staff and suppliers in turn.
        const asSupplier = isSupplierRoute(route) || (route.access === "signedIn" && n % 2 === 1);
        const token = asSupplier ? await callers.supplierToken() : await callers.staffToken();
        // A GET carries no body (fetch refuses one).
        const { body, headers } = route.method === "get" ? { headers: {} } : requestInit(c.input);
        const url = `http://localhost/api/services${route.path}${c.query ? `?${c.query}` : ""}`;
        const what = `${label(route)} ${describe(c)}`;
        let res: Response;
        try {
          res = await env.app.request(url, {
            method: route.method.toUpperCase(),
            headers: {
              ...headers,
              authorization: `Bearer ${token}`,
              "accept-language": n % 3 ? "en" : "zh",
            },
            body,
          });
        } catch (err) {
          tally.record(what, 0, [`threw ${err}`]);
          continue;
        }
        tally.record(what, res.status, await answerProblems(res, route.binary));
        // Signing out ends the session the next case would use.
        if (route.path.endsWith("/Logout")) callers.staff = callers.supplier = "";
      }
    }
    tally.done();
  });
}

const third = Math.ceil(allRoutes.length / 3);
Deno.test("fuzz: every route, part 1 of 3, answers no 5xx and always the envelope", () =>
  fuzzRoutes("fuzz 1/3", allRoutes.slice(0, third)));
Deno.test("fuzz: every route, part 2 of 3, answers no 5xx and always the envelope", () =>
  fuzzRoutes("fuzz 2/3", allRoutes.slice(third, 2 * third)));
Deno.test("fuzz: every route, part 3 of 3, answers no 5xx and always the envelope", () =>
  fuzzRoutes("fuzz 3/3", allRoutes.slice(2 * third)));

Deno.test("keys named after Object.prototype members (constructor, __proto__, toString) are plain unknown keys on every route", async () => {
  await withFuzzEnv(async (env) => {
    const callers = new Callers(env);
    const tally = new Tally("prototype keys");
    const keys = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"];
    const query = keys.map((k) => `${k}=1`).join("&");
    const body = `{${keys.map((k) => `"${k}":{"x":1}`).join(",")},"id":1,"name":"n"}`;
    for (const route of allRoutes.filter((r) => !r.path.endsWith("/Logout"))) {
      const token = isSupplierRoute(route)
        ? await callers.supplierToken()
        : await callers.staffToken();
      const res = await env.app.request(
        `http://localhost/api/services${route.path}?${query}`,
        {
          method: route.method.toUpperCase(),
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: route.method === "get" ? undefined : body,
        },
      );
      tally.record(label(route), res.status, await answerProblems(res, route.binary));
    }
    // Nothing reached the shared prototype.
    tally.check("Object.prototype", !("x" in Object.prototype), "polluted");
    tally.done();
  });
});

Deno.test("an oversized JSON body is refused with 413 in the envelope, without reading it to the end", async () => {
  await using env = await testEnv();
  const tally = new Tally("oversized bodies");
  const mb = 1024 * 1024;
  const over = (MAX_JSON_BODY_MB + 1) * mb;
  // A body that says its length, and a chunked one that would go on for 64 MB.
  const sized = `{"userNameOrEmailAddress":"${"x".repeat(over)}","password":"p"}`;
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode('{"name":"'));
    },
    pull(c) {
      if (pulled >= 64 * mb) return c.close();
      pulled += mb;
      c.enqueue(new Uint8Array(mb).fill(0x61));
    },
  });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  for (
    const [path, body, auth] of [
      ["/app/TokenAuth/Authenticate", sized, ""],
      ["/QMO/OfferProjectType/CreateOfferProjectType", endless, token],
    ] as const
  ) {
    const res = await env.app.request(`http://localhost/api/services${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "accept-language": "en",
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      },
      body,
      // deno-lint-ignore no-explicit-any
      ...({ duplex: "half" } as any),
    });
    const problems = await answerProblems(res.clone());
    if (res.status !== 413) problems.push(`status ${res.status}, not 413`);
    const json = await res.json().catch(() => ({}));
    if (json.error?.message !== `The request is too large: at most ${MAX_JSON_BODY_MB} MB`) {
      problems.push(`message ${json.error?.message}`);
    }
    tally.record(path, res.status, problems);
  }
  tally.check("chunked body", pulled <= over + 2 * mb, `read ${pulled / mb} MB of it`);
  // A large body within the limit is read (and refused for its content, not its size).
  const big = await call(env, "post", "/QMO/OfferProjectType/CreateOfferProjectType", {
    token,
    body: { name: "x".repeat(2 * mb) },
  });
  tally.record("2 MB name", big.status, big.status === 400 ? [] : [`status ${big.status}`]);
  tally.done();
});

Deno.test("a multipart body cut off inside a file part answers 400 every time, leaves no temporary file, and the server lives on", async () => {
  await using env = await testEnv();
  const tally = new Tally("cut-off uploads");
  const staff = await signIn(env, "admin", ADMIN_PASSWORD);
  const supplier = await supplierWithLogin(env, "CUT01");
  const head = (name: string) =>
    `--X\r\nContent-Disposition: form-data; name="${name}"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`;
  // Cut at many points, so the cut lands before, while and after each part's copy starts.
  for (let i = 0; i < 120; i++) {
    for (
      const [path, token, prefix] of [
        ["/QMO/FileService/Upload", staff, ""],
        [
          "/QMO/SupplierOffer/Submit",
          supplier.token,
          '--X\r\nContent-Disposition: form-data; name="offProId"\r\n\r\n1\r\n',
        ],
      ] as const
    ) {
      const res = await env.app.request(`http://localhost/api/services${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "multipart/form-data; boundary=X",
        },
        body: prefix + head("file") + "x".repeat(i * 97),
      });
      const problems = await answerProblems(res);
      if (res.status !== 400) problems.push(`status ${res.status}`);
      tally.record(`${path} cut at ${i}`, res.status, problems);
    }
  }
  // Give any late stream error the chance to surface (it would fail this test as uncaught).
  await new Promise((r) => setTimeout(r, 200));
  const left = [...Deno.readDirSync(`${env.dataDir}/files/tmp`)].map((e) => e.name);
  tally.check("temporary files", left.length === 0, `${left.length} left: ${left.slice(0, 3)}`);
  tally.done();
});
