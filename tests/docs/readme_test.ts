import assert from "node:assert/strict";
import { README, withApiPaths } from "../../tools/api_paths.ts";
import { allRoutes } from "../../server/http/routes/index.ts";

Deno.test("the README's API path list names every route as the route table has it", async () => {
  const readme = await Deno.readTextFile(README);
  for (const r of allRoutes) assert.ok(readme.includes(`\`${r.path}\``), r.path);
  assert.equal(readme, withApiPaths(readme), "run `deno task api-paths` to bring it up to date");
});
