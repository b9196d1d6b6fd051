// The README's API path list, made from the route table: `deno task api-paths` writes it between
// the README's api-paths markers (without --write it prints it).
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

/** The README's table: one row per route, in the route table's order. */
export function apiPathTable(): string {
  const rows = allRoutes.map((r) =>
    `| ${r.method.toUpperCase()} | \`${r.path}\` | ${who(r)} | ${
      r.summary.replaceAll("|", "\\|")
    } |`
  );
  return [
    `All below \`${API_PREFIX}\`.`,
    "",
    "| Method | Path | Who may call it | What it does |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

// deno fmt leaves the list as written between these.
const START = "<!-- api-paths:start -->\n<!-- deno-fmt-ignore-start -->";
const END = "<!-- deno-fmt-ignore-end -->\n<!-- api-paths:end -->";
export const README = new URL("../README.md", import.meta.url);

/** The README with its API path list replaced by the current one. */
export function withApiPaths(readme: string): string {
  const a = readme.indexOf("<!-- api-paths:start -->");
  const b = readme.indexOf("<!-- api-paths:end -->");
  if (a < 0 || b < a) throw new Error("README.md has no api-paths markers");
  const end = b + "<!-- api-paths:end -->".length;
  return `${readme.slice(0, a)}${START}\n\n${apiPathTable()}\n\n${END}${readme.slice(end)}`;
}

if (import.meta.main) {
  if (Deno.args.includes("--write")) {
    await Deno.writeTextFile(README, withApiPaths(await Deno.readTextFile(README)));
  } else console.log(apiPathTable());
}
