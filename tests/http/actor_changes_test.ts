// Every call checks who is calling from the users the server keeps (keptActorRows, migration 0016):
// each change to a signed-in user, their roles, the roles' permissions or their session applies to
// that user's very next call, while the user is kept from the calls before it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv, userWithRoles } from "../helpers.ts";

const info = async (env: TestEnv, token: string) => {
  const r = await call(env, "get", "/QMO/SystemUserExt/GetUserInfo", { token });
  return { status: r.status, user: r.json.result };
};
const permissions = async (env: TestEnv, token: string) =>
  (await call(env, "get", "/QMO/SystemUserExt/GetUserPermissions", { token })).json.result;

Deno.test("a change to a signed-in user's roles, permissions, name or account applies to their next call", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const created = await call(env, "post", "/app/Role/Create", {
    token: admin,
    body: { name: "Auditor", displayName: "Auditor", grantedPermissions: ["System.Log.Search"] },
  });
  assert.equal(created.status, 200);
  const auditorRole = created.json.result.id;
  const amy = await userWithRoles(env, "amy", ["Auditor"]);
  const bob = await userWithRoles(env, "bob", ["Buyer"]);
  // Both are kept after their first calls; each call after a change must see it.
  assert.deepEqual(await permissions(env, amy.token), ["System.Log.Search"]);
  const bobBefore = await permissions(env, bob.token);
  assert.deepEqual((await info(env, amy.token)).user.roleNames, ["Auditor"]);

  // The role's permissions.
  await call(env, "put", "/app/Role/Update", {
    token: admin,
    body: {
      id: auditorRole,
      name: "Auditor",
      displayName: "Auditor",
      grantedPermissions: ["System.Log.Search", "System.User.Search"],
    },
  });
  assert.deepEqual(await permissions(env, amy.token), ["System.Log.Search", "System.User.Search"]);
  assert.equal((await call(env, "get", "/app/User/GetAll", { token: amy.token })).status, 200);

  // The role's name.
  await call(env, "put", "/app/Role/Update", {
    token: admin,
    body: {
      id: auditorRole,
      name: "LogReader",
      displayName: "Log reader",
      grantedPermissions: ["System.Log.Search"],
    },
  });
  assert.deepEqual((await info(env, amy.token)).user.roleNames, ["LogReader"]);
  assert.equal((await call(env, "get", "/app/User/GetAll", { token: amy.token })).status, 403);

  // The user's roles and name.
  await call(env, "put", "/app/User/Update", {
    token: admin,
    body: { id: amy.user.id, userName: "amy", name: "Amy Li", roleNames: ["Buyer"] },
  });
  const amyNow = (await info(env, amy.token)).user;
  assert.deepEqual(amyNow.roleNames, ["Buyer"]);
  assert.equal(amyNow.name, "Amy Li");
  assert.deepEqual(await permissions(env, amy.token), bobBefore);
  assert.equal((await call(env, "get", "/QMO/AuditLog/GetAll", { token: amy.token })).status, 403);

  // The role, deleted while held.
  await call(env, "put", "/app/User/Update", {
    token: admin,
    body: { id: bob.user.id, userName: "bob", name: "bob", roleNames: ["Buyer", "LogReader"] },
  });
  assert.ok((await permissions(env, bob.token)).includes("System.Log.Search"));
  assert.equal(
    (await call(env, "delete", "/app/Role/Delete", { token: admin, query: { id: auditorRole } }))
      .status,
    200,
  );
  assert.deepEqual(await permissions(env, bob.token), bobBefore);

  // The account, deactivated: every call of its open sessions is refused from then on.
  await call(env, "put", "/app/User/Update", {
    token: admin,
    body: { id: bob.user.id, userName: "bob", name: "bob", roleNames: ["Buyer"], isActive: false },
  });
  assert.equal((await info(env, bob.token)).status, 401);
  // The other user's session is untouched.
  assert.equal((await info(env, amy.token)).status, 200);

  // Signing out ends that session only.
  const amyElsewhere = await signIn(env, "amy", amy.password);
  assert.equal((await info(env, amyElsewhere)).status, 200);
  assert.equal((await call(env, "post", "/app/User/Logout", { token: amy.token })).status, 200);
  assert.equal((await info(env, amy.token)).status, 401);
  assert.equal((await info(env, amyElsewhere)).status, 200);
});

Deno.test("a kept session still ends at its expiry, judged at each call's time", async () => {
  await using env = await testEnv();
  const { user, token } = await userWithRoles(env, "cai", ["Buyer"]);
  // The session ends in an hour, well before its token does.
  await env.db.update(sessions).set({ expiresAt: new Date(env.clock.now().getTime() + 3600_000) })
    .where(eq(sessions.userId, user.id));
  assert.equal((await info(env, token)).status, 200);
  // The hour passes by the server's clock alone: nothing changes in the database.
  env.clock.advance(3600_000 - 1);
  assert.equal((await info(env, token)).status, 200);
  env.clock.advance(1);
  assert.equal((await info(env, token)).status, 401);
});

Deno.test("a user changed by another instance on the same database is seen at the next call", async () => {
  await using env = await testEnv();
  const { user, token } = await userWithRoles(env, "dai", ["Buyer"]);
  assert.equal((await info(env, token)).status, 200);
  // A second server (here a second connection, as the CLI or another instance would be).
  const other = await openDatabase(`file:${join(env.dataDir, "qmo.db")}`);
  try {
    await other.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
  } finally {
    other.close();
  }
  assert.equal((await info(env, token)).status, 401);
});
