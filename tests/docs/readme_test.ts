import assert from "node:assert/strict";
import { API_DOC, withApiPaths } from "../../tools/api_paths.ts";
import { allRoutes } from "../../server/http/routes/index.ts";

const root = new URL("../../", import.meta.url);
const README = new URL("README.md", root);
const read = (u: URL) => Deno.readTextFile(u);
/** README.md and every page of docs/, as [url, text]. */
async function pages(): Promise<[URL, string][]> {
  const out: [URL, string][] = [[README, await read(README)]];
  for await (const e of Deno.readDir(new URL("docs/", root))) {
    if (e.isFile && e.name.endsWith(".md")) {
      const u = new URL(`docs/${e.name}`, root);
      out.push([u, await read(u)]);
    }
  }
  return out;
}

Deno.test("docs/api.md names every route as the route table has it", async () => {
  const page = await read(API_DOC);
  for (const r of allRoutes) assert.ok(page.includes(`\`${r.path}\``), r.path);
  assert.equal(page, withApiPaths(page), "run `deno task api-paths` to bring it up to date");
});

Deno.test("the README starts with the title and the two commands, and stays under 400 lines", async () => {
  const readme = await read(README);
  const lines = readme.split("\n");
  assert.match(lines[0], /^# QMO\b/);
  const block = readme.slice(0, readme.indexOf("\n## "));
  const code = block.match(/```sh\n([\s\S]*?)```/)?.[1] ?? "";
  assert.match(code, /^npx -y deno@2\.9\.6 task start\b/m);
  assert.match(code, /^npx -y deno@2\.9\.6 task test\b/m);
  assert.ok(lines.length <= 400, `README.md has ${lines.length} lines (at most 400)`);
});

Deno.test("the README and docs/ state current facts, not a history of runs", async () => {
  for (const [url, text] of await pages()) {
    const name = url.pathname.slice(root.pathname.length);
    for (const word of [/\bpreviously\b/i, /\bthis (session|round)\b/i, /\ba correction\b/i]) {
      assert.doesNotMatch(text, word, name);
    }
  }
  // A figure with the date and time of its run belongs to a run log.
  assert.doesNotMatch(await read(README), /\b20\d\d-\d\d-\d\d \d\d:\d\d\b/);
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");

Deno.test("every relative link of the README and docs/ leads to a file and heading that exist", async () => {
  for (const [url, text] of await pages()) {
    const name = url.pathname.slice(root.pathname.length);
    const prose = text.replace(/```[\s\S]*?```/g, "");
    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, hash] = target.split("#");
      const file = path ? new URL(path, url) : url;
      const body = await read(file).catch(() => undefined);
      assert.ok(body !== undefined, `${name} links to ${target}: no such file`);
      if (hash) {
        const anchors = [...body.matchAll(/^#+ (.*)$/gm)].map(([, h]) => anchor(h));
        assert.ok(anchors.includes(hash), `${name} links to ${target}: no such heading`);
      }
    }
  }
});
