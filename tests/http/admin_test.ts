// Users, roles and groups administered through the API.
import assert from "node:assert/strict";
import en from "../../locales/en.json" with { type: "json" };
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv, userWithRoles } from "../helpers.ts";

async function admin(env: TestEnv) {
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const info = await call(env, "get", "/QMO/SystemUserExt/GetUserInfo", { token });
  return { token, id: info.json.result.id as number };
}

Deno.test("users: create, list, duplicate name 400, update roles, delete", async () => {
  await using env = await testEnv();
  const { token } = await admin(env);
  const created = await call(env, "post", "/app/User/Create", {
    token,
    body: {
      userName: "wang.fang",
      name: "王芳",
      emailAddress: "wang@example.com",
      password: "Buyer#2026x",
      roleNames: ["Buyer"],
    },
  });
  assert.equal(created.status, 200);
  const id = created.json.result.id;
  assert.deepEqual(created.json.result.roleNames, ["Buyer"]);
  assert.equal(created.json.result.passwordHash, undefined);

  const list = await call(env, "get", "/app/User/GetAll", { token, query: { keyword: "wang" } });
  assert.equal(list.json.result.totalCount, 1);
  assert.equal(list.json.result.items[0].name, "王芳");

  // The new user can sign in with the given password.
  await signIn(env, "wang.fang", "Buyer#2026x");

  const dup = await call(env, "post", "/app/User/Create", {
    token,
    lang: "en",
    body: { userName: "WANG.FANG", name: "Other", password: "Another#2026" },
  });
  assert.equal(dup.status, 400);
  assert.deepEqual(dup.json.error.validationErrors[0].members, ["userName"]);
  assert.equal(dup.json.error.message, en.users.userNameTaken.replace("{{userName}}", "WANG.FANG"));

  const updated = await call(env, "put", "/app/User/Update", {
    token,
    body: { id, userName: "wang.fang", name: "王芳", roleNames: ["Buyer", "Admin"] },
  });
  assert.equal(updated.status, 200);
  assert.deepEqual(updated.json.result.roleNames, ["Admin", "Buyer"]);
  const got = await call(env, "get", "/app/User/Get", { token, query: { id } });
  assert.deepEqual(got.json.result.roleNames, ["Admin", "Buyer"]);

  const unknownRole = await call(env, "put", "/app/User/Update", {
    token,
    body: { id, userName: "wang.fang", name: "王芳", roleNames: ["NoSuchRole"] },
  });
  assert.equal(unknownRole.status, 400);

  assert.equal(
    (await call(env, "delete", "/app/User/Delete", { token, query: { id } })).status,
    200,
  );
  assert.equal((await call(env, "get", "/app/User/Get", { token, query: { id } })).status, 404);
});

Deno.test("users: an admin cannot delete themself, and the last admin is protected (409)", async () => {
  await using env = await testEnv();
  const { token, id: adminId } = await admin(env);
  const self = await call(env, "delete", "/app/User/Delete", {
    token,
    lang: "en",
    query: { id: adminId },
  });
  assert.equal(self.status, 409);
  assert.equal(self.json.error.message, en.users.cannotDeleteSelf);

  // A user manager who is not an admin tries to remove the only admin.
  await call(env, "post", "/app/Role/Create", {
    token,
    body: { name: "UserManager", displayName: "User manager", grantedPermissions: ["Pages.Users"] },
  });
  const manager = await userWithRoles(env, "manager", ["UserManager"]);
  const del = await call(env, "delete", "/app/User/Delete", {
    token: manager.token,
    lang: "en",
    query: { id: adminId },
  });
  assert.equal(del.status, 409);
  assert.equal(del.json.error.message, en.users.lastAdmin);
  const demote = await call(env, "put", "/app/User/Update", {
    token: manager.token,
    body: { id: adminId, userName: "admin", name: "Administrator", roleNames: ["Buyer"] },
  });
  assert.equal(demote.status, 409);
  const deactivate = await call(env, "put", "/app/User/Update", {
    token: manager.token,
    body: {
      id: adminId,
      userName: "admin",
      name: "Administrator",
      roleNames: ["Admin"],
      isActive: false,
    },
  });
  assert.equal(deactivate.status, 409);
  // The admin is untouched.
  assert.equal((await call(env, "get", "/app/User/GetAll", { token })).status, 200);

  // With a second admin, the first may be removed by someone else.
  const second = await userWithRoles(env, "admin2", ["Admin"]);
  const ok = await call(env, "delete", "/app/User/Delete", {
    token: second.token,
    query: { id: adminId },
  });
  assert.equal(ok.status, 200);
  // The deleted admin's token no longer works.
  assert.equal((await call(env, "get", "/app/User/GetAll", { token })).status, 401);
});

Deno.test("users: a reset password works at once and ends the user's sessions", async () => {
  await using env = await testEnv();
  const { token } = await admin(env);
  const bob = await userWithRoles(env, "bob", ["Buyer"]);
  const r = await call(env, "post", "/app/User/ResetPassword", {
    token,
    body: { userId: bob.user.id, newPassword: "Fresh#Pass1" },
  });
  assert.equal(r.status, 200);
  assert.equal(
    (await call(env, "get", "/QMO/SystemUserExt/GetUserInfo", { token: bob.token })).status,
    401,
  );
  await signIn(env, "bob", "Fresh#Pass1");
});

Deno.test("roles: create, update, delete; Admin keeps all permissions; static roles stay", async () => {
  await using env = await testEnv();
  const { token } = await admin(env);
  const created = await call(env, "post", "/app/Role/Create", {
    token,
    body: {
      name: "Auditor",
      displayName: "Auditor",
      grantedPermissions: ["System.Log.Search", "System.Log.Search"],
    },
  });
  assert.equal(created.status, 200);
  const id = created.json.result.id;
  assert.deepEqual(created.json.result.grantedPermissions, ["System.Log.Search"]);

  // A user with the role gets exactly its permissions.
  const auditor = await userWithRoles(env, "aud", ["Auditor"]);
  assert.equal(
    (await call(env, "get", "/QMO/AuditLog/GetAll", { token: auditor.token })).status,
    200,
  );
  assert.equal((await call(env, "get", "/app/User/GetAll", { token: auditor.token })).status, 403);

  const updated = await call(env, "put", "/app/Role/Update", {
    token,
    body: {
      id,
      name: "Auditor",
      displayName: "Log reader",
      grantedPermissions: ["System.User.Search"],
    },
  });
  assert.equal(updated.status, 200);
  assert.deepEqual(updated.json.result.grantedPermissions, ["System.User.Search"]);
  // Permission changes apply to existing sessions at once.
  assert.equal((await call(env, "get", "/app/User/GetAll", { token: auditor.token })).status, 200);
  assert.equal(
    (await call(env, "get", "/QMO/AuditLog/GetAll", { token: auditor.token })).status,
    403,
  );

  const unknownPerm = await call(env, "post", "/app/Role/Create", {
    token,
    body: { name: "Bad", displayName: "Bad", grantedPermissions: ["No.Such.Permission"] },
  });
  assert.equal(unknownPerm.status, 400);
  assert.deepEqual(unknownPerm.json.error.validationErrors[0].members, ["grantedPermissions"]);

  const roles = await call(env, "get", "/app/Role/GetAll", {
    token,
    query: { MaxResultCount: 100 },
  });
  const byName = (n: string) => roles.json.result.items.find((r: { name: string }) => r.name === n);
  const adminRole = byName("Admin");
  const trim = await call(env, "put", "/app/Role/Update", {
    token,
    lang: "en",
    body: {
      id: adminRole.id,
      name: "Admin",
      displayName: "Admin",
      grantedPermissions: ["System.User.Search"],
    },
  });
  assert.equal(trim.status, 409);
  assert.equal(trim.json.error.message, en.roles.adminKeepsAll);

  const buyer = byName("Buyer");
  const delStatic = await call(env, "delete", "/app/Role/Delete", {
    token,
    query: { id: buyer.id },
  });
  assert.equal(delStatic.status, 409);
  const rename = await call(env, "put", "/app/Role/Update", {
    token,
    body: { id: buyer.id, name: "Purchaser", displayName: "Buyer", grantedPermissions: [] },
  });
  assert.equal(rename.status, 409);

  assert.equal(
    (await call(env, "delete", "/app/Role/Delete", { token, query: { id } })).status,
    200,
  );
  assert.equal((await call(env, "get", "/app/Role/Get", { token, query: { id } })).status, 404);
  // Deleting the role takes its permissions from its users.
  assert.equal((await call(env, "get", "/app/User/GetAll", { token: auditor.token })).status, 403);

  const tree = await call(env, "get", "/app/Role/GetAllPermissions", { token });
  const leaves = tree.json.result.items.flatMap((g: { children: { name: string }[] }) =>
    g.children.map((c) => c.name)
  );
  assert.ok(leaves.includes("Pcs.AMS.OfferProjectManager.Publish"));
});

Deno.test("groups: create with members, change members, rename, delete", async () => {
  await using env = await testEnv();
  const { token, id: adminId } = await admin(env);
  const bob = await userWithRoles(env, "bob", ["Buyer"]);
  const created = await call(env, "post", "/QMO/Group/Create", {
    token,
    body: { name: "采购一部", description: "Buying team 1", userIds: [adminId] },
  });
  assert.equal(created.status, 200);
  const id = created.json.result.id;
  assert.deepEqual(created.json.result.members.map((m: { userName: string }) => m.userName), [
    "admin",
  ]);

  const set = await call(env, "post", "/QMO/Group/SetMembers", {
    token,
    body: { groupId: id, userIds: [adminId, bob.user.id] },
  });
  assert.deepEqual(set.json.result.members.map((m: { userName: string }) => m.userName), [
    "admin",
    "bob",
  ]);
  const user = await call(env, "get", "/app/User/Get", { token, query: { id: bob.user.id } });
  assert.deepEqual(user.json.result.groupIds, [id]);

  const badMember = await call(env, "post", "/QMO/Group/SetMembers", {
    token,
    body: { groupId: id, userIds: [99999] },
  });
  assert.equal(badMember.status, 400);

  const dup = await call(env, "post", "/QMO/Group/Create", { token, body: { name: "采购一部" } });
  assert.equal(dup.status, 400);
  assert.deepEqual(dup.json.error.validationErrors[0].members, ["name"]);

  const renamed = await call(env, "put", "/QMO/Group/Update", {
    token,
    body: { id, name: "采购二部" },
  });
  assert.equal(renamed.json.result.name, "采购二部");
  assert.equal(renamed.json.result.members.length, 2, "members kept when userIds is absent");

  const list = await call(env, "get", "/QMO/Group/GetAll", { token, query: { keyword: "二部" } });
  assert.equal(list.json.result.totalCount, 1);

  assert.equal(
    (await call(env, "delete", "/QMO/Group/Delete", { token, query: { id } })).status,
    200,
  );
  assert.equal((await call(env, "get", "/QMO/Group/Get", { token, query: { id } })).status, 404);
  // Members stay as users.
  assert.equal(
    (await call(env, "get", "/app/User/Get", { token, query: { id: bob.user.id } }))
      .json.result.groupIds.length,
    0,
  );
});
