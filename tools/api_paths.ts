// The API path list of docs/api.md, made from the route table: `deno task api-paths` writes it
// between the page's api-paths markers (without --write it prints it).
import { allRoutes } from "../server/http/routes/index.ts";
import { API_PREFIX } from "../server/http/app.ts";
import { audienceOf, type RouteDef } from "../server/http/route.ts";

const who = (r: RouteDef) => {
  const audience = audienceOf(r);
  if (r.access === "public") return "public";
  if (r.access === "signedIn") return `signed in (${audience})`;
  const perms = typeof r.access === "string" ? [r.access] : [...r.access];
  return `${perms.map((p) => `\`${p}\``).join(" or ")} (${audience})`;
};

const ROUTES_DIR = new URL("../server/http/routes/", import.meta.url);

/**
 * The route file that serves each path: the one file that writes the path whole (a path put
 * together from pieces cannot be searched for, so it is refused here).
 */
function servedBy(): (path: string) => string {
  const files = [...Deno.readDirSync(ROUTES_DIR)].filter((e) => e.name.endsWith(".ts"))
    .map((e) => ({ name: e.name, text: Deno.readTextFileSync(new URL(e.name, ROUTES_DIR)) }));
  return (path) => {
    const found = files.filter((f) => f.text.includes(`"${path}"`));
    if (found.length !== 1) {
      throw new Error(`${path} is written whole in ${found.length} route files, not one`);
    }
    return `server/http/routes/${found[0].name}`;
  };
}

/** The path table: one row per route, in the route table's order. */
export function apiPathTable(): string {
  const fileOf = servedBy();
  const rows = allRoutes.map((r) =>
    `| ${r.method.toUpperCase()} | \`${r.path}\` | ${who(r)} | ${
      r.summary.replaceAll("|", "\\|")
    } | \`${fileOf(r.path)}\` |`
  );
  return [
    `All below \`${API_PREFIX}\`.`,
    "",
    "| Method | Path | Who may call it | What it does | Served by |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

// deno fmt leaves the list as written between these.
const START = "<!-- api-paths:start -->\n<!-- deno-fmt-ignore-start -->";
const END = "<!-- deno-fmt-ignore-end -->\n<!-- api-paths:end -->";
export const API_DOC = new URL("../docs/api.md", import.meta.url);

/** The page with its API path list replaced by the current one. */
export function withApiPaths(page: string): string {
  const a = page.indexOf("<!-- api-paths:start -->");
  const b = page.indexOf("<!-- api-paths:end -->");
  if (a < 0 || b < a) throw new Error("docs/api.md has no api-paths markers");
  const end = b + "<!-- api-paths:end -->".length;
  return `${page.slice(0, a)}${START}\n\n${apiPathTable()}\n\n${END}${page.slice(end)}`;
}

if (import.meta.main) {
  if (Deno.args.includes("--write")) {
    await Deno.writeTextFile(API_DOC, withApiPaths(await Deno.readTextFile(API_DOC)));
  } else console.log(apiPathTable());
}
