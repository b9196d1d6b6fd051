import assert from "node:assert/strict";
import {
  createMenuSearch,
  searchItems,
  searchOptions,
} from "../../client/admin/layout/menuSearch.ts";
import { layoutRoutes } from "../../client/admin/routes.ts";
import { filterRoutes } from "../../client/shared/permission.ts";
import { allPermissions } from "../../server/domain/auth/permissions.ts";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };

// deno-lint-ignore no-explicit-any
const translator = (dict: any) => (key: string) =>
  key.split(".").reduce((o, k) => o?.[k], dict) ?? key;

Deno.test("menu search weighs the title 0.7 and the path 0.3 with threshold 0.4", () => {
  assert.equal(searchOptions.threshold, 0.4);
  assert.deepEqual(searchOptions.keys, [{ name: "title", weight: 0.7 }, {
    name: "path",
    weight: 0.3,
  }]);
});

const routes = filterRoutes(layoutRoutes, allPermissions);

Deno.test("menu search finds pages by English title, with a typo, and by path", () => {
  const search = createMenuSearch(searchItems(routes, translator(en)));
  assert.equal(search("Data dictionary")[0].path, "/systemSetting/systemCodeType");
  assert.equal(search("dictionery")[0].path, "/systemSetting/systemCodeType");
  assert.equal(search("SupplierList")[0].path, "/supplier/SupplierList");
  assert.deepEqual(search("   "), []);
  assert.deepEqual(search("qqqqzzzz"), []);
});

Deno.test("menu search works in Chinese and leaves hidden pages out", () => {
  const items = searchItems(routes, translator(zh));
  const search = createMenuSearch(items);
  assert.equal(search("邮件")[0].path, "/systemSetting/emailManager");
  assert.ok(search("供应商").some((i) => i.path === "/supplier/SupplierList"));
  assert.ok(!items.some((i) => i.path === "/profile/index" || i.path.endsWith("/launch")));
  assert.equal(
    items.find((i) => i.path === "/systemManager/userManager")?.title,
    "系统管理 > 用户管理",
  );
});
