import assert from "node:assert/strict";
import {
  checkRole,
  filterRoutes,
  hasRoutePermission,
  type RouteRecord,
} from "../../client/shared/permission.ts";
import { layoutRoutes } from "../../client/admin/routes.ts";
import { flattenRoutes } from "../../client/admin/layout/route.ts";
import { Permissions as P, staticRolePermissions } from "../../server/domain/auth/permissions.ts";

const routes: RouteRecord[] = [
  { path: "/open", title: "open" },
  {
    path: "/group",
    title: "group",
    children: [
      { path: "/group/a", title: "a", permissions: ["A"] },
      { path: "/group/b", title: "b", permissions: ["B", "C"] },
    ],
  },
  {
    path: "/locked",
    title: "locked",
    permissions: ["Z"],
    children: [{ path: "/locked/x", title: "x" }],
  },
];

Deno.test("a route without permission metadata is open to every signed-in user", () => {
  assert.equal(hasRoutePermission({ title: "x" }, []), true);
  assert.equal(hasRoutePermission({ title: "x", permissions: [] }, []), true);
});

Deno.test("one of the listed permissions is enough; children are filtered the same way", () => {
  const kept = filterRoutes(routes, ["C"]);
  assert.deepEqual(kept.map((r) => r.path), ["/open", "/group"]);
  assert.deepEqual(kept[1].children!.map((r) => r.path), ["/group/b"]);
});

Deno.test("a group whose children are all filtered out disappears", () => {
  assert.deepEqual(filterRoutes(routes, []).map((r) => r.path), ["/open"]);
  assert.deepEqual(filterRoutes(routes, ["Z"]).map((r) => r.path), ["/open", "/locked"]);
});

Deno.test("a Buyer's menu has projects, suppliers and their quotations but no system administration", () => {
  const flat = flattenRoutes(filterRoutes(layoutRoutes, staticRolePermissions.Buyer));
  assert.ok(flat.has("/dashboard"));
  assert.ok(flat.has("/supplier/SupplierList"));
  assert.ok(flat.has("/offerProjectManager/OfferProjectManagerList"));
  assert.ok(flat.has("/offerProjectManager/AMSlaunch"));
  assert.ok(flat.has("/supplierOffer/SupplierOfferList"));
  assert.ok(!flat.has("/systemManager/userManager"));
  assert.ok(!flat.has("/systemSetting/emailManager"));
  assert.ok(!flat.has("/userManager/index"));
});

Deno.test("the error pages and the error log are in an administrator's menu only, not a buyer's", () => {
  const diagnostics = ["/error/401", "/error/404", "/error-log/index"];
  const menu = (granted: readonly string[]) => {
    const kept = filterRoutes(layoutRoutes, granted);
    return { groups: kept.map((r) => r.path), flat: flattenRoutes(kept) };
  };
  const buyer = menu(staticRolePermissions.Buyer);
  for (const path of diagnostics) assert.ok(!buyer.flat.has(path), `a buyer sees ${path}`);
  assert.ok(!buyer.groups.includes("/error"), "a buyer sees the Error pages group");
  // Nor a user without any permission (a leader who only approves awards).
  assert.ok(!menu([]).flat.has("/error-log/index"));
  const admin = menu(staticRolePermissions.Admin);
  for (const path of diagnostics) assert.ok(admin.flat.has(path), `an admin misses ${path}`);
  // Administrator here means holding the Logs permission, in whichever role.
  const support = menu([P.LogSearch]);
  for (const path of diagnostics) assert.ok(support.flat.has(path), path);
});

Deno.test("an admin reaches every page of the route table", () => {
  const all = flattenRoutes(layoutRoutes);
  const admin = flattenRoutes(filterRoutes(layoutRoutes, staticRolePermissions.Admin));
  assert.deepEqual([...admin.keys()].sort(), [...all.keys()].sort());
});

Deno.test("the role check passes with one held role and fails on a missing or empty list", () => {
  assert.equal(checkRole(["admin", "editor"], ["editor"]), true);
  assert.equal(checkRole(["admin"], ["editor"]), false);
  assert.equal(checkRole([], ["admin"]), false);
  assert.equal(checkRole(undefined, ["admin"]), false);
  assert.equal(checkRole("admin", ["admin"]), false);
});
