// The savings' panels on other areas' pages (the shell places them, layout/panels.tsx).
import { lazy } from "react";
import type { Panel } from "../../layout/panels.tsx";
import { kindPages } from "../../components/projectPages.ts";

export const savingsWidgetPanel: Panel = {
  name: "savingsWidget",
  slot: "dashboard",
  place: "afterOverview",
  permissions: [kindPages.material.search, kindPages.asset.search],
  component: lazy(() => import("./SavingsWidget.tsx").then((m) => ({ default: m.SavingsWidget }))),
};

export const projectSavingsPanel: Panel = {
  name: "projectSavings",
  slot: "projectResult",
  place: "afterComparison",
  component: lazy(() => import("./SavingsPanel.tsx").then((m) => ({ default: m.SavingsPanel }))),
};
