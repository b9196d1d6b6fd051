import assert from "node:assert/strict";
import { call, testEnv, userWithRoles } from "../helpers.ts";

Deno.test("a buyer introduces suppliers from a local ERP over HTTP and from an uploaded file", async () => {
  const records = [
    {
      code: "E001",
      abbrName: "沪电",
      fullName: "沪士电子股份有限公司",
      email1: "buy@wus.example.com",
      status: "effective",
      editDate: "2026-11-10T00:00:00Z",
    },
    { code: "E002", abbrName: "x", fullName: "x", status: "effective", editDate: "bad" },
  ];
  // The ERP answers only with the configured token.
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (req) =>
      req.headers.get("authorization") === "Bearer erp-secret"
        ? Response.json(records)
        : new Response("unauthorised", { status: 401 }),
  );
  try {
    await using env = await testEnv({
      env: {
        ERP_SUPPLIERS_URL: `http://127.0.0.1:${server.addr.port}/suppliers`,
        ERP_SUPPLIERS_TOKEN: "erp-secret",
      },
    });
    const { token } = await userWithRoles(env, "buyer1", ["Buyer"]);
    const connection = await call(env, "get", "/QMO/Supplier/GetErpConnection", { token });
    assert.deepEqual(connection.json.result, { connected: true });
    const codes = await call(env, "get", "/QMO/Supplier/GetSuppCodeByEditDate", {
      token,
      query: { EditDate: "2026-11-01" },
    });
    assert.deepEqual(codes.json.result.items.map((c: { code: string }) => c.code), [
      "E001",
      "E002",
    ]);

    const run = await call(env, "post", "/QMO/Supplier/AutoInductSupplierData", {
      token,
      lang: "en",
    });
    assert.equal(run.status, 200);
    assert.deepEqual([run.json.result.created, run.json.result.rejected], [1, 1]);
    assert.equal(run.json.result.rows[1].reason, "editDate is not valid");
    const again = await call(env, "post", "/QMO/Supplier/AutoInductSupplierData", { token });
    assert.equal(again.json.result.unchanged, 1);

    const one = await call(env, "post", "/QMO/Supplier/IntroduceSupplier", {
      token,
      body: { code: "E001" },
    });
    assert.equal(one.json.result.outcome, "unchanged");
    const missing = await call(env, "post", "/QMO/Supplier/IntroduceSupplier", {
      token,
      body: { code: "E404" },
    });
    assert.equal(missing.status, 404);

    const form = new FormData();
    form.set(
      "file",
      new File([
        "code,abbrName,fullName,email1,status,editDate\nF001,Kinwong,景旺电子,k@kw.example.com,effective,2026-11-11\n",
      ], "erp.csv"),
    );
    const imported = await call(env, "post", "/QMO/Supplier/ImportSupplierData", {
      token,
      body: form,
    });
    assert.equal(imported.status, 200);
    assert.equal(imported.json.result.created, 1);
    const list = await call(env, "get", "/QMO/Supplier/GetAll", { token });
    assert.deepEqual(list.json.result.items.map((s: { code: string }) => s.code), ["E001", "F001"]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("without ERP_SUPPLIERS_URL the batch introduction answers 503 with a message, not a crash", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer1", ["Buyer"]);
  const r = await call(env, "post", "/QMO/Supplier/AutoInductSupplierData", { token, lang: "en" });
  assert.equal(r.status, 503);
  assert.match(r.json.error.message, /ERP_SUPPLIERS_URL/);
  // The page asks first, and turns its ERP buttons off.
  const c = await call(env, "get", "/QMO/Supplier/GetErpConnection", { token });
  assert.deepEqual(c.json.result, { connected: false });
});
