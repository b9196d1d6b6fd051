// Hostile input at the door, route by route from the route table (a new route is covered as soon as
// it is listed): ids and whole numbers written any other way than in decimal digits, query keys
// given twice, and control characters in text are each a 400 naming the field, and nothing in the
// database changes; an empty query value is the same as a field left out. Also: someone else's file answers as a missing one, and an avatar is a web link.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { allRoutes } from "../../server/http/routes/index.ts";
import type { RouteDef } from "../../server/http/route.ts";
import { storeUpload } from "../../server/domain/files/service.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv, userWithRoles } from "../helpers.ts";
import { agree, pdfFile, publishedProject, supplierWithLogin } from "../http/quotes_fixtures.ts";
import { isSupplierRoute, label, Tally } from "./support.ts";

type Def = Record<string, unknown> & { type: string };
// deno-lint-ignore no-explicit-any
const defOf = (s: unknown) => (s as any)._zod.def as Def;

/** The schema a field's value is read by, looking through optional, default and pipes. */
function unwrap(schema: unknown): unknown {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === "pipe") return unwrap(defOf(def.in).type === "transform" ? def.out : def.in);
  return schema;
}

const shapeOf = (schema: unknown) => {
  const s = schema && unwrap(schema);
  return s && defOf(s).type === "object" ? defOf(s).shape as Record<string, unknown> : undefined;
};

// deno-lint-ignore no-explicit-any
const parses = (schema: any, value: unknown) => schema.safeParse(value);

/**
 * Fields named as ids (id, offProId, supplierIds…) and fields that read 1 as the number 1, also
 * inside lists of objects (supList[].id, lines[].itemId): `path` leads to the field, `wrap` puts a
 * value there.
 */
const ID_NAME = /(^id|Id|Ids)$/;
type NumberField = { path: string; isId: boolean; wrap: (v: unknown) => unknown };
function numberFields(shape: Record<string, unknown>): NumberField[] {
  const out: NumberField[] = [];
  for (const [field, schema] of Object.entries(shape)) {
    const one = parses(schema, 1);
    const list = parses(schema, [1]);
    const isNumber = one.success && one.data === 1 && !parses(schema, "x").success;
    const isList = list.success && Array.isArray(list.data) && list.data[0] === 1 &&
      !parses(schema, ["x"]).success;
    if (isNumber || isList || ID_NAME.test(field)) {
      out.push({ path: field, isId: ID_NAME.test(field), wrap: (v) => (isNumber ? v : [v]) });
    }
    const inner = defOf(unwrap(schema));
    const element = inner.type === "array" ? shapeOf(inner.element) : undefined;
    for (const sub of element ? numberFields(element) : []) {
      out.push({
        path: `${field}.0.${sub.path}`,
        isId: sub.isId,
        wrap: (v) => [{ [sub.path.split(".")[0]]: sub.wrap(v) }],
      });
    }
  }
  return out;
}

/** Fields read as text. */
const textFields = (shape: Record<string, unknown>) =>
  Object.entries(shape).filter(([, s]) => defOf(unwrap(s)).type === "string").map(([f]) => f);

/** Bad ways to write an id in JSON: none of them is the number it looks like. */
const badJson: unknown[] = ["0x1", true, [1], 1.5, -1, 0, " 1", "1e2", "1 ", "+1", "１"];
/** The same in a query string or form field. */
const badText = ["0x1", "true", "[1]", "1.5", "-1", "0", " 1", "1e2", "1 ", "+1", "１", ""];

type Part = "query" | "body" | "form";
const partsOf = (r: RouteDef) =>
  ([["query", r.query], ["body", r.body], ["form", r.form]] as const)
    .flatMap(([part, schema]) => {
      const shape = shapeOf(schema);
      return shape ? [{ part: part as Part, shape }] : [];
    });

/** Every table but the ones each call writes (its audit entry, sign-in bookkeeping), as text. */
async function snapshot(env: TestEnv): Promise<string> {
  const tables = await env.db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
        and name not like '%audit%' and name not like '%fts%' and name not in ('sessions', 'login_attempts', 'job_leases',
        '__drizzle_migrations') order by name`,
  );
  const out: string[] = [];
  for (const { name } of tables) {
    const rows = await env.db.all(sql.raw(`select * from "${name}" order by rowid`));
    out.push(`${name}: ${JSON.stringify(rows)}`);
  }
  return out.join("\n");
}

async function send(
  env: TestEnv,
  route: RouteDef,
  token: string,
  part: Part,
  input: { query?: string; value?: Record<string, unknown> },
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    "accept-language": "en",
  };
  let body: BodyInit | undefined;
  if (part === "body") {
    body = JSON.stringify(input.value);
    headers["content-type"] = "application/json";
  } else if (part === "form") {
    const fd = new FormData();
    for (const [k, v] of Object.entries(input.value ?? {})) fd.append(k, String(v));
    fd.append("file", new File(["%PDF-1.4\n%%EOF\n"], "a.pdf"));
    body = fd;
  }
  const q = input.query ? `?${input.query}` : "";
  const res = await env.app.request(`http://localhost/api/services${route.path}${q}`, {
    method: route.method.toUpperCase(),
    headers,
    body,
  });
  const json = res.headers.get("content-type")?.includes("json")
    ? await res.json()
    : await res.text();
  return { status: res.status, json };
}

/** What is wrong with an answer that should be a 400 naming `field` (empty when nothing). */
function refusalProblems(
  r: { status: number; json: { error?: { validationErrors?: { members: string[] }[] } } },
  field: string,
): string[] {
  if (r.status !== 400) return [`status ${r.status}: ${JSON.stringify(r.json).slice(0, 200)}`];
  const members = (r.json.error?.validationErrors ?? []).flatMap((e) => e.members);
  return members.some((m) => m === field || m.startsWith(`${field}.`))
    ? []
    : [`400 without ${field}: ${members.join(", ")}`];
}

async function tokens(env: TestEnv) {
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const supplier = (await supplierWithLogin(env, "INPUT01")).token;
  return (r: RouteDef) => (isSupplierRoute(r) ? supplier : admin);
}

/** The signing out route ends the session the next calls use: left out. */
const walked = allRoutes.filter((r) => !r.path.endsWith("/Logout"));

Deno.test("every id and whole number of every route refuses 0x1, true, [1], 1.5, -1, 0, ' 1' and 1e2 with a 400 naming it, and nothing changes", async () => {
  await using env = await testEnv({ demo: true });
  const tokenFor = await tokens(env);
  const before = await snapshot(env);
  const tally = new Tally("ids and whole numbers");
  for (const route of walked) {
    for (const { part, shape } of partsOf(route)) {
      for (const { path, isId, wrap } of numberFields(shape)) {
        // 0 is a fine page start or first round; an id is never 0.
        const bad = part === "body" ? badJson : badText;
        const [field] = path.split(".");
        // An empty query value is a field left out: the walk below checks that.
        const tried = bad.filter((b) => isId || (b !== 0 && b !== "0"))
          .filter((b) => part !== "query" || b !== "");
        for (const b of tried) {
          const value = wrap(b);
          // Query strings and form fields hold one text each: a list there is not walked.
          if (part !== "body" && path !== field) continue;
          const input = part === "query"
            ? { query: `${field}=${encodeURIComponent(String(value))}` }
            : { value: { [field]: value } };
          const r = await send(env, route, tokenFor(route), part, input);
          tally.record(
            `${label(route)} ${part} ${path}: ${JSON.stringify(value)}`,
            r.status,
            refusalProblems(r, path),
          );
        }
      }
    }
  }
  tally.check("database", await snapshot(env) === before, "changed by a refused call");
  tally.done();
});

Deno.test("a query key given twice, also in other casing (Id=1&id=2), is a 400 naming the field on every route, and nothing changes", async () => {
  await using env = await testEnv({ demo: true });
  const tokenFor = await tokens(env);
  const before = await snapshot(env);
  const tally = new Tally("repeated query keys");
  for (const route of walked) {
    const shape = shapeOf(route.query);
    for (const field of Object.keys(shape ?? {})) {
      const other = field[0].toUpperCase() + field.slice(1);
      for (
        const query of [`${field}=1&${field}=2`, `${other}=1&${field}=2`, `${other}=2&${other}=1`]
      ) {
        const r = await send(env, route, tokenFor(route), "query", { query });
        tally.record(`${label(route)} ?${query}`, r.status, refusalProblems(r, field));
      }
    }
  }
  tally.check("database", await snapshot(env) === before, "changed by a refused call");
  tally.done();
});

/** What an answer says, for comparing two: status, error fields, and the result unless a file. */
async function gist(env: TestEnv, route: RouteDef, token: string, query: string) {
  const r = await send(env, route, token, "query", { query });
  const json = r.json as {
    result?: unknown;
    error?: { validationErrors?: { members: string[] }[] | null } | null;
  };
  return JSON.stringify({
    status: r.status,
    members: json?.error?.validationErrors?.map((e) => e.members) ?? null,
    result: route.binary || typeof json !== "object" ? "(file)" : json.result ?? null,
  });
}

Deno.test("an empty query value (GetAll?Status=&Name=) answers as if the field were left out, on every route with a query, field by field and all at once", async () => {
  await using env = await testEnv({ demo: true });
  const tokenFor = await tokens(env);
  const before = await snapshot(env);
  const tally = new Tally("empty query values");
  for (const route of walked) {
    const fields = Object.keys(shapeOf(route.query) ?? {});
    if (!fields.length) continue;
    const token = tokenFor(route);
    const cases = [
      ...fields.map((f) => `${f}=`),
      fields.map((f) => `${f[0].toUpperCase()}${f.slice(1)}=`).join("&"),
      // An empty value beside a given one does not make the field "given twice".
      `${fields[0]}=&${fields[0]}=`,
    ];
    // Asked twice without the field: a list that the calls themselves change (the audit log)
    // is compared by status and error only.
    const without = await gist(env, route, token, "");
    const stable = without === await gist(env, route, token, "");
    const status = (g: string) => JSON.parse(g).status;
    for (const query of cases) {
      const empty = await gist(env, route, token, query);
      const same = stable ? empty === without : status(empty) === status(without);
      tally.record(
        `${label(route)} ?${query}`,
        status(empty),
        same ? [] : [`${empty.slice(0, 160)} but without it ${without.slice(0, 160)}`],
      );
    }
  }
  tally.check("database", await snapshot(env) === before, "changed by a walked call");
  tally.done();
});

Deno.test("the issue's case: the project list with Status= and Name= lists every project, and Status=&Status=published is one status", async () => {
  await using env = await testEnv({ demo: true });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const list = async (query: Record<string, string> | string) => {
    const r = await env.app.request(
      `http://localhost/api/services/QMO/OfferProjectManager/GetAll?${new URLSearchParams(query)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    return { status: r.status, json: await r.json() };
  };
  const all = await list({});
  assert.equal(all.status, 200);
  assert.ok(all.json.result.totalCount > 0);
  const empty = await list({ Status: "", Name: "", Code: "", CreatedFrom: "" });
  assert.equal(empty.status, 200, JSON.stringify(empty.json));
  assert.equal(empty.json.result.totalCount, all.json.result.totalCount);
  const published = await list({ Status: "published" });
  const twice = await list("Status=&status=published");
  assert.equal(twice.status, 200, JSON.stringify(twice.json));
  assert.equal(twice.json.result.totalCount, published.json.result.totalCount);
});

Deno.test("a NUL, BEL or C1 control character in any text field of any route is a 400 naming the field, never a 500", async () => {
  await using env = await testEnv({ demo: true });
  const tokenFor = await tokens(env);
  const before = await snapshot(env);
  const tally = new Tally("control characters");
  for (const route of walked) {
    for (const { part, shape } of partsOf(route)) {
      for (const field of textFields(shape)) {
        for (const bad of ["abc\u0000", "a\u0007b", "a\u009bb", "\u007f"]) {
          const input = part === "query"
            ? { query: `${field}=${encodeURIComponent(bad)}` }
            : { value: { [field]: bad } };
          const r = await send(env, route, tokenFor(route), part, input);
          tally.record(
            `${label(route)} ${part} ${field}=${JSON.stringify(bad)}`,
            r.status,
            refusalProblems(r, field),
          );
        }
      }
    }
  }
  tally.check("database", await snapshot(env) === before, "changed by a refused call");
  tally.done();
});

Deno.test("the issue's cases: Group/Delete?Id=0xc, true / [1] / '0x1' as a project id, '0xfd' to close, id: true to overwrite or reset a supplier all leave the rows alone", async () => {
  await using env = await testEnv({ demo: true });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const created = await call(env, "post", "/QMO/Group/Create", { token, body: { name: "Twelve" } });
  const group = created.json.result as { id: number };
  const hex = `0x${group.id.toString(16)}`;
  let r = await call(env, "delete", "/QMO/Group/Delete", {
    token,
    query: { Id: hex },
    lang: "en",
  });
  assert.equal(r.status, 400);
  assert.deepEqual(r.json.error.validationErrors.map((e: { members: string[] }) => e.members), [[
    "id",
  ]]);
  assert.match(r.json.error.validationErrors[0].message, /id must be a whole number/);
  const kept = await env.db.all(sql`select id from groups where id = ${group.id}`);
  assert.equal(kept.length, 1, "the group is still there");

  const [project] = await env.db.all<{ id: number; status: string }>(
    sql`select id, status from offer_projects where status = 'published' order by id limit 1`,
  );
  for (const offProId of [true, [project.id], `0x${project.id.toString(16)}`]) {
    r = await call(env, "get", "/QMO/OfferProjectManager/GetOfferProjectManagerData", {
      token,
      query: { offProId: JSON.stringify(offProId).replace(/^"|"$/g, "") },
    });
    assert.equal(r.status, 400, `GetOfferProjectManagerData ${JSON.stringify(offProId)}`);
    r = await call(env, "post", "/QMO/OfferProjectManager/CreateOfferProjectCloses", {
      token,
      body: { offProId, closeReason: "probe" },
    });
    assert.equal(r.status, 400, `CreateOfferProjectCloses ${JSON.stringify(offProId)}`);
  }
  const [still] = await env.db.all<{ status: string }>(
    sql`select status from offer_projects where id = ${project.id}`,
  );
  assert.equal(still.status, "published", "the project was not closed");

  const [supplier] = await env.db.all<{ id: number; full_name: string }>(
    sql`select id, full_name from suppliers order by id limit 1`,
  );
  r = await call(env, "put", "/QMO/Supplier/Update", {
    token,
    body: { id: true, abbrName: "Hijacked", fullName: "Hijacked Ltd" },
  });
  assert.equal(r.status, 400);
  r = await call(env, "post", "/QMO/Supplier/UpdateSupplierPassword", {
    token,
    body: { id: true, password: "Another@2026" },
  });
  assert.equal(r.status, 400);
  const [after] = await env.db.all<{ full_name: string }>(
    sql`select full_name from suppliers where id = ${supplier.id}`,
  );
  assert.equal(after.full_name, supplier.full_name);

  // The client's own forms keep working: a number, and digits in a string.
  r = await call(env, "get", "/QMO/Group/Get", { token, query: { Id: String(group.id) } });
  assert.equal(r.status, 200);
  r = await call(env, "get", "/QMO/Supplier/GetSupplierDataByID", { token, query: { id: "01" } });
  assert.equal(r.status === 200 || r.status === 404, true);
});

Deno.test("NUL in a supplier search word answers 400 in both languages, and a multi-line field takes line breaks a one-line field refuses", async () => {
  await using env = await testEnv({ demo: true });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  for (
    const [path, key, enLabel, zhLabel] of [
      ["/QMO/Supplier/GetAll", "Keyword", "Keyword", "关键词"],
      ["/QMO/Supplier/GetAll", "FullName", "Full name", "全称"],
      ["/QMO/Supplier/GetAll", "Code", "Code", "编码"],
      ["/QMO/OfferProjectManager/GetSupplierData", "FullName", "Full name", "全称"],
      ["/QMO/OfferProjectManager/GetSupplierData", "AbbrName", "Abbreviation", "简称"],
      ["/QMO/SupplierOffer/GetAllSubmissions", "Keyword", "Keyword", "关键词"],
    ]
  ) {
    const r = await call(env, "get", path, { token, query: { [key]: "abc\u0000" }, lang: "en" });
    assert.equal(r.status, 400, `${path} ${key}`);
    assert.equal(
      r.json.error.validationErrors[0].message,
      `${enLabel} contains a control character`,
    );
    const zh = await call(env, "get", path, { token, query: { [key]: "abc\u0000" }, lang: "zh" });
    assert.equal(zh.json.error.validationErrors[0].message, `${zhLabel}含有控制字符`);
  }
  const create = (body: Record<string, unknown>) =>
    call(env, "post", "/QMO/OfferProjectType/CreateOfferProjectType", { token, body });
  assert.equal((await create({ name: "Two\nlines" })).status, 400, "a name is one line");
  const ok = await create({ name: "  Tabbed\t", description: "First line\r\n\tsecond line" });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal((await create({ name: "Bell", description: "ding\u0007" })).status, 400);
});

Deno.test("a priced quote line names its item by digits only, and its remark holds no control character", async () => {
  await using env = await testEnv();
  const { supplier, token } = await supplierWithLogin(env, "LINES01");
  const project = await publishedProject(env, [supplier.id]);
  await agree(env, token, project.id);
  const [item] = await env.db.all<{ id: number }>(
    sql`select id from offer_project_items where project_id = ${project.id}`,
  );
  const line = (extra: Record<string, unknown>) => ({
    itemId: item.id,
    unitPrice: "12.5",
    taxRate: "13",
    currency: "CNY",
    tradeTerms: "DDP",
    paymentMethod: "TT",
    paymentTermDays: 60,
    leadTimeDays: 14,
    ...extra,
  });
  const submit = (lines: unknown[]) => {
    const form = new FormData();
    form.set("offProId", String(project.id));
    form.set("file", pdfFile(String(Math.random())));
    form.set("lines", JSON.stringify(lines));
    return call(env, "post", "/QMO/SupplierOffer/Submit", { token, body: form, lang: "en" });
  };
  for (
    const [extra, member] of [
      [{ itemId: `0x${item.id.toString(16)}` }, "lines.0.itemId"],
      [{ itemId: true }, "lines.0.itemId"],
      [{ itemId: [item.id] }, "lines.0.itemId"],
      [{ itemId: ` ${item.id}` }, "lines.0.itemId"],
      [{ remark: "ok\u0000" }, "lines.0.remark"],
    ] as const
  ) {
    const r = await submit([line(extra)]);
    assert.equal(r.status, 400, JSON.stringify(extra));
    assert.deepEqual(r.json.error.validationErrors.map((e: { members: string[] }) => e.members), [[
      member,
    ]]);
  }
  const quotes = await env.db.all(sql`select id from quotes where project_id = ${project.id}`);
  assert.equal(quotes.length, 0, "no quote was kept");
  const ok = await submit([line({ itemId: String(item.id), remark: "first line\nsecond line" })]);
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
});

Deno.test("someone else's file answers 404 exactly like a missing one, to download, delete, attach and certify", async () => {
  await using env = await testEnv();
  const owner = await userWithRoles(env, "owner1", ["Buyer"]);
  const other = await userWithRoles(env, "other1", ["Buyer"]);
  const f = await storeUpload(env, {
    file: new File(["%PDF-1.4\n%%EOF\n"], "mine.pdf"),
    purpose: "other",
    projectId: null,
    uploadedBy: owner.user.id,
  });
  const missing = f.id + 1000;
  for (const id of [f.id, missing]) {
    const get = await call(env, "get", "/QMO/FileService/GetFileStream", {
      token: other.token,
      query: { id },
      lang: "en",
    });
    assert.equal(get.status, 404, `download ${id}`);
    assert.equal(get.json.error.message, `File ${id} was not found`);
    const del = await call(env, "delete", "/QMO/FileService/DeleteFile", {
      token: other.token,
      query: { id },
      lang: "en",
    });
    assert.equal(del.status, 404, `delete ${id}`);
    const attach = await call(env, "post", "/QMO/OfferProjectManager/Create", {
      token: other.token,
      body: { name: "Probe", attList: [id] },
      lang: "en",
    });
    assert.equal(attach.status, 404, `attach ${id}: ${JSON.stringify(attach.json)}`);
  }
  // A certificate cannot take it either, and says the same of both.
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const { supplier } = await supplierWithLogin(env, "CERT01");
  const certify = (fileId: number) =>
    call(env, "post", "/QMO/SupplierCertificate/Create", {
      token: admin,
      lang: "en",
      body: {
        supplierId: supplier.id,
        type: "RoHS-REACH",
        number: "R-1",
        issuedOn: "2025-03-01",
        fileId,
      },
    }).then((r) => [r.status, r.json.error?.validationErrors]);
  const [theirs, none] = [await certify(f.id), await certify(missing)];
  assert.equal(theirs[0], 400);
  assert.deepEqual(
    JSON.stringify(theirs).replaceAll(String(f.id), "N"),
    JSON.stringify(none).replaceAll(String(missing), "N"),
  );
  // The owner still reads it.
  const mine = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: owner.token,
    query: { id: f.id },
  });
  assert.equal(mine.status, 200);
});

Deno.test("an avatar is an http(s) link: javascript:, data: and relative links are refused, and the one kept is unchanged", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const update = (avatar: string) =>
    call(env, "put", "/app/User/UpdateProfile", {
      token,
      lang: "en",
      body: { name: "Admin", avatar },
    });
  assert.equal((await update("https://example.com/me.png")).status, 200);
  for (
    const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(document.cookie)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "/api/services/QMO/FileService/GetFileStream?id=1",
      "vbscript:x",
      "https://",
    ]
  ) {
    const r = await update(bad);
    assert.equal(r.status, 400, bad);
    assert.deepEqual(r.json.error.validationErrors[0], {
      message: "avatar must be a link starting with http:// or https://",
      members: ["avatar"],
    });
  }
  const me = await call(env, "get", "/QMO/SystemUserExt/GetUserInfo", { token });
  assert.equal(JSON.stringify(me.json).includes("https://example.com/me.png"), true);
  // Clearing it stays possible.
  assert.equal((await update("")).status, 200);
});
