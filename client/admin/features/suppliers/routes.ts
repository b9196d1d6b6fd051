// The supplier pages: the list and a supplier's detail (opened from the list).
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const supplierListRoute: AdminRoute = {
  path: "/supplier/SupplierList",
  title: "menu.supplierList",
  icon: "truck",
  permissions: [P.SupplierSearch],
  noCache: true,
  page: lazy(() => import("./SupplierList.tsx")),
};

export const supplierDetailRoute: AdminRoute = {
  path: "/supplier/SupplierDetail",
  title: "menu.supplierDetail",
  hidden: true,
  permissions: [P.SupplierSearch],
  page: lazy(() => import("./SupplierDetail.tsx")),
};
