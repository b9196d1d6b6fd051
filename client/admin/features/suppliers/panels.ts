// The suppliers' panel on the home page (the shell places it, layout/panels.tsx).
import { lazy } from "react";
import { Permissions } from "../../../../server/domain/auth/permissions.ts";
import type { Panel } from "../../layout/panels.tsx";

export const supplierOverviewPanel: Panel = {
  name: "supplierOverview",
  slot: "dashboard",
  place: "afterOverview",
  permissions: [Permissions.SupplierSearch],
  component: lazy(() =>
    import("./SupplierOverview.tsx").then((m) => ({ default: m.SupplierOverview }))
  ),
};
