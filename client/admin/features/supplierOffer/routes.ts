// The supplier quotation list's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const supplierOffersRoute: AdminRoute = {
  path: "/supplierOffer/SupplierOfferList",
  title: "menu.supplierOfferList",
  icon: "quote",
  permissions: [P.SupplierOfferSearch],
  noCache: true,
  page: lazy(() => import("./SupplierOffers.tsx")),
};
