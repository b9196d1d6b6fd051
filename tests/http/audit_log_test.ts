// The audit log page's filters (Admin → Audit logs): by user, name, time range, service, method,
// status and error, sorted and paged; each filter shape is a statement built once and bound anew.
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, NOW, signIn, testEnv, userWithRoles } from "../helpers.ts";

type Row = { userName: string | null; methodName: string; httpStatus: number; exception: unknown };

Deno.test("the audit log is filtered by user, name, time, service, method, status and error", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const reader = await userWithRoles(env, "log_reader_1", ["Admin"]);
  await call(env, "get", "/QMO/SystemUserExt/GetUserPermissions", { token: reader.token });
  await call(env, "get", "/QMO/Group/Get", { token: reader.token, query: { id: 98765 } }); // 404
  await call(env, "get", "/QMO/SystemUserExt/GetUserPermissions", { token: admin });

  const list = async (query: Record<string, string | number | boolean>) => {
    const r = await call(env, "get", "/QMO/AuditLog/GetAll", {
      token: admin,
      query: { MaxResultCount: 100, ...query },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.result as { items: Row[]; totalCount: number };
  };
  const methods = (rows: Row[]) => rows.map((r) => `${r.userName} ${r.methodName}`).sort();

  const byReader = await list({ userId: reader.user.id });
  assert.deepEqual(methods(byReader.items), [
    "log_reader_1 Authenticate",
    "log_reader_1 Get",
    "log_reader_1 GetUserPermissions",
  ]);
  assert.equal(byReader.totalCount, 3);
  // The same filters with other values: the statement is bound again, not reused with old values.
  const byAdmin = await list({ userId: 1 });
  assert.ok(byAdmin.items.every((r) => r.userName === "admin") && byAdmin.totalCount > 0);

  assert.deepEqual(methods((await list({ userName: "READER" })).items), methods(byReader.items));
  assert.equal((await list({ userName: "%" })).totalCount, 0, "a wildcard is taken literally");
  const failed = await list({ methodName: "Get", httpStatus: 404, serviceName: "Group" });
  assert.deepEqual(methods(failed.items), ["log_reader_1 Get"]);
  assert.match(String(failed.items[0].exception), /notFound/);
  assert.deepEqual(methods((await list({ hasException: true })).items), ["log_reader_1 Get"]);
  assert.ok(
    (await list({ hasException: false, userId: reader.user.id })).items
      .every((r) => r.exception === null),
  );

  const at = new Date(NOW).getTime(); // the fixed clock: every row was written at this instant
  const iso = (ms: number) => new Date(ms).toISOString();
  const ranged = (await list({ startTime: iso(at), endTime: iso(at + 1) })).totalCount;
  // Every row so far, and the ranged call's own row, written before this one was asked.
  assert.equal((await list({})).totalCount, ranged + 1);
  assert.ok(ranged >= 5);
  assert.equal((await list({ startTime: iso(at + 1) })).totalCount, 0);
  assert.equal((await list({ endTime: iso(at) })).totalCount, 0, "the end is not included");

  const page = await list({ userId: reader.user.id, MaxResultCount: 1, SkipCount: 2 });
  assert.equal(page.items.length, 1);
  assert.equal(page.totalCount, 3);
  const sorted = await list({ userId: reader.user.id, Sorting: "serviceName desc" });
  assert.deepEqual(
    sorted.items.map((r) => (r as unknown as { serviceName: string }).serviceName),
    ["TokenAuth", "SystemUserExt", "Group"],
  );
  const bad = await call(env, "get", "/QMO/AuditLog/GetAll", {
    token: admin,
    query: { Sorting: "password asc" },
  });
  assert.equal(bad.status, 400);
});

Deno.test("a query sent again is answered, refused and logged as the first time it was sent", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const ask = (query: Record<string, string | number>) =>
    call(env, "get", "/QMO/AuditLog/GetAll", { token: admin, query });
  // Keys in any casing and numbers as text, as ABP clients send them.
  const query = { userid: 1, maxresultcount: "2", methodName: "GetAll" };
  const first = await ask(query);
  const again = await ask(query);
  const third = await ask(query);
  for (const r of [first, again, third]) assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.deepEqual(
    [first, again, third].map((r) => r.json.result.totalCount),
    [0, 1, 2],
    "each sees the rows of the calls before it",
  );
  // Both earlier calls' rows hold the same input, as validated: the schema's names, numbers as numbers.
  const rows = third.json.result.items as { id: number; parameters: string }[];
  assert.equal(rows.length, 2);
  assert.equal(rows[0].parameters, rows[1].parameters);
  assert.deepEqual(JSON.parse(rows[0].parameters), {
    userId: 1,
    maxResultCount: 2,
    methodName: "GetAll",
    skipCount: 0,
  });
  // Another page of the same filters is its own query: past the third call's own row.
  const next = await ask({ ...query, SkipCount: 1 });
  assert.deepEqual(next.json.result.items.map((r: { id: number }) => r.id), rows.map((r) => r.id));
  // A refused query is refused each time, with the same message.
  const bad = { userId: "me", MaxResultCount: 2 };
  const [no1, no2] = [await ask(bad), await ask(bad)];
  assert.equal(no1.status, 400);
  assert.deepEqual(no2.json, no1.json);
});
