// Route filtering by permission and the element-level role check (spec §6).
/// <reference path="./vite-env.d.ts" />

export type RouteMeta = {
  /** Locale key of the title. */
  title: string;
  icon?: string;
  /** The user needs at least one of these; none means open to every signed-in user. */
  permissions?: readonly string[];
  hidden?: boolean;
  noCache?: boolean;
  /** Pinned by default and never closed (the dashboard). */
  affix?: boolean;
};

export type RouteRecord = RouteMeta & { path: string; children?: RouteRecord[] };

/** A route with no permission metadata is open; otherwise one granted permission is enough. */
export function hasRoutePermission(route: RouteMeta, granted: readonly string[]): boolean {
  if (!route.permissions || route.permissions.length === 0) return true;
  return route.permissions.some((p) => granted.includes(p));
}

/**
 * Keeps the routes the user may open; children are filtered the same way, and a group whose
 * children are all filtered out is dropped with them.
 */
export function filterRoutes<R extends RouteRecord>(
  routes: readonly R[],
  granted: readonly string[],
): R[] {
  const out: R[] = [];
  for (const r of routes) {
    if (!hasRoutePermission(r, granted)) continue;
    if (r.children) {
      const children = filterRoutes(r.children as R[], granted);
      if (children.length === 0) continue;
      out.push({ ...r, children });
    } else out.push({ ...r });
  }
  return out;
}

/**
 * Element-level check: passes when the user holds at least one of the required roles. A missing,
 * non-list or empty list fails (and tells the developer).
 */
export function checkRole(required: unknown, roles: readonly string[]): boolean {
  if (!Array.isArray(required) || required.length === 0) {
    if (import.meta.env?.DEV) console.error("need permissions!");
    return false;
  }
  return required.some((r) => roles.includes(r));
}
