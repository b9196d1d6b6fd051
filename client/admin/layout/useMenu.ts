// The signed-in user's routes: filtered by permission once per user.
import { useMemo } from "react";
import { filterRoutes } from "../../shared/permission.ts";
import { session } from "../../shared/session.ts";
import { useStore } from "../../shared/store.ts";
import { layoutRoutes } from "../routes.ts";
import { flattenRoutes } from "./route.ts";

export function useMenu() {
  const user = useStore(session);
  return useMemo(() => {
    const routes = filterRoutes(layoutRoutes, user?.grantedPermissionNames ?? []);
    return { routes, flat: flattenRoutes(routes) };
  }, [user]);
}
