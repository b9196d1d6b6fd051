// Fuzzy menu search (spec §2): fuse.js on the translated title (weight 0.7) and path (0.3),
// threshold 0.4.
import Fuse, { type IFuseOptions } from "fuse.js";
import type { RouteRecord } from "../../shared/permission.ts";

export type SearchItem = { path: string; title: string; trail: string[] };

export const searchOptions: IFuseOptions<SearchItem> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [{ name: "title", weight: 0.7 }, { name: "path", weight: 0.3 }],
};

/** Menu entries the user can open (hidden pages left out), titled with their group trail. */
export function searchItems(
  routes: readonly RouteRecord[],
  translate: (key: string) => string,
  trail: string[] = [],
): SearchItem[] {
  const out: SearchItem[] = [];
  for (const r of routes) {
    if (r.hidden) continue;
    const here = [...trail, translate(r.title)];
    if (r.children) out.push(...searchItems(r.children, translate, here));
    else out.push({ path: r.path, title: here.join(" > "), trail: here });
  }
  return out;
}

export function createMenuSearch(items: SearchItem[]) {
  const fuse = new Fuse(items, searchOptions);
  return (query: string) => query.trim() ? fuse.search(query.trim()).map((r) => r.item) : [];
}
