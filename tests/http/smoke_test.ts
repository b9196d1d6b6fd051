import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";

Deno.test("an admin signs in with a trimmed user name and reads their own info", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "  admin ", ADMIN_PASSWORD);
  const info = await call(env, "get", "/QMO/SystemUserExt/GetUserInfo", { token });
  assert.equal(info.status, 200);
  assert.equal(info.json.result.userName, "admin");
  assert.ok(info.json.result.roleNames.includes("Admin"));
  assert.ok(info.json.result.grantedPermissionNames.includes("Pcs.Module.QMO.Supplier.Search"));
});
