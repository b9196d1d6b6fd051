// What a back-office route is: the menu entry (path, title key, icon, permissions) and the page it
// opens. Each feature declares its own routes (features/<area>/routes.tsx); routes.ts places them
// in the menu.
import { type ComponentType, createElement, type LazyExoticComponent } from "react";
import type { ProjectKind } from "../../../server/domain/projects/rules.ts";
import type { RouteMeta } from "../../shared/permission.ts";

export const HOME = "/dashboard";

type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * A page that serves both kinds of project, bound to one kind: the route says which kind its page
 * serves, the page does not read it from its path.
 */
export function forKind(
  Page: LazyExoticComponent<ComponentType<{ kind: ProjectKind }>>,
  kind: ProjectKind,
): ComponentType {
  return function KindPage() {
    return createElement(Page, { kind });
  };
}

/** A menu group (children) or a page (page). */
export type AdminRoute = RouteMeta & {
  path: string;
  page?: PageComponent;
  children?: AdminRoute[];
};

export type FlatRoute = AdminRoute & { parents: AdminRoute[] };

/** Every leaf route by path, with the groups above it (for breadcrumbs and search). */
export function flattenRoutes(routes: readonly AdminRoute[], parents: AdminRoute[] = []) {
  const out = new Map<string, FlatRoute>();
  for (const r of routes) {
    if (r.children) {
      for (const [p, f] of flattenRoutes(r.children, [...parents, r])) out.set(p, f);
    } else out.set(r.path, { ...r, parents });
  }
  return out;
}
