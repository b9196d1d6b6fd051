// The error pages shown inside the layout (the public /401 and /404 are in App.tsx).
import type { AdminRoute } from "../../layout/route.ts";
import NotFound from "./NotFound.tsx";
import Unauthorized from "./Unauthorized.tsx";

export const unauthorizedRoute: AdminRoute = {
  path: "/error/401",
  title: "menu.page401",
  icon: "lock",
  page: Unauthorized,
};

export const notFoundRoute: AdminRoute = {
  path: "/error/404",
  title: "menu.page404",
  icon: "error",
  page: NotFound,
};
