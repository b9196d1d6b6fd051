import assert from "node:assert/strict";
import { allLeafRoutes, layoutRoutes } from "../../client/admin/routes.ts";

Deno.test("every page of the back-office menu opens a page declared with its route", () => {
  assert.ok(allLeafRoutes.size > 30);
  for (const [path, route] of allLeafRoutes) {
    assert.ok(route.page, `${path} has no page`);
    assert.ok(route.title.startsWith("menu."), `${path} has no title key`);
  }
});

Deno.test("a path is served by one route only, and a menu group holds pages, not a page of its own", () => {
  const paths: string[] = [];
  const walk = (routes: typeof layoutRoutes) => {
    for (const r of routes) {
      paths.push(r.path);
      if (r.children) {
        assert.equal(r.page, undefined, `${r.path} is a group with a page`);
        walk(r.children);
      }
    }
  };
  walk(layoutRoutes);
  assert.equal(new Set(paths).size, paths.length);
});
