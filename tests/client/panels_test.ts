import assert from "node:assert/strict";
import { panels } from "../../client/admin/routes.ts";
import { Permissions as P } from "../../server/domain/auth/permissions.ts";

const where = (slot: string, place: string) =>
  panels.filter((p) => p.slot === slot && p.place === place).map((p) => p.name);

Deno.test("the shell hands each page the other areas' panels in the order the page shows them", () => {
  assert.deepEqual(where("dashboard", "beforeOverview"), ["myApprovals"]);
  assert.deepEqual(where("dashboard", "afterOverview"), ["savingsWidget", "supplierOverview"]);
  assert.deepEqual(where("kindOverview", "end"), ["newQuestions"]);
  assert.deepEqual(where("projectResult", "afterSuppliers"), ["projectQuestions"]);
  assert.deepEqual(where("projectResult", "beforeComparison"), ["auction", "evaluation"]);
  assert.deepEqual(where("projectResult", "afterComparison"), ["projectSavings"]);
  assert.deepEqual(where("comparison", "afterAward"), ["pendingApproval"]);
  assert.deepEqual(where("comparison", "end"), ["awardTrail"]);
  assert.equal(new Set(panels.map((p) => p.name)).size, panels.length);
});

Deno.test("a dashboard panel shows to whoever held its permission before, and only to them", () => {
  const permissions = new Map(panels.map((p) => [p.name, p.permissions ?? []]));
  assert.deepEqual(permissions.get("savingsWidget"), [
    P.OfferProjectManagerSearch,
    P.AmsOfferProjectManagerSearch,
  ]);
  assert.deepEqual(permissions.get("supplierOverview"), [P.SupplierSearch]);
  // My approvals asks the server, which answers what waits for this user.
  assert.deepEqual(permissions.get("myApprovals"), []);
});
