// The back-office menu of spec §2: each feature declares its routes (features/<area>/routes.ts:
// path, page, title, permissions, the kind of project where a page serves both); this file only
// places them in the menu's groups. Likewise it orders the panels areas show on other areas' pages
// (features/<area>/panels.ts, layout/panels.tsx).
import { Permissions as P } from "../../server/domain/auth/permissions.ts";
import { type AdminRoute, flattenRoutes } from "./layout/route.ts";
import type { Panel } from "./layout/panels.tsx";
import {
  awardTrailPanel,
  myApprovalsPanel,
  pendingApprovalPanel,
} from "./features/approvals/panels.ts";
import { auctionPanel } from "./features/auction/panels.ts";
import { evaluationResultPanel } from "./features/evaluation/panels.ts";
import { newQuestionsPanel, projectQuestionsPanel } from "./features/questions/panels.ts";
import { projectSavingsPanel, savingsWidgetPanel } from "./features/savings/panels.ts";
import { supplierOverviewPanel } from "./features/suppliers/panels.ts";
import { approvalRoute } from "./features/approvals/routes.ts";
import { calendarRoute } from "./features/calendar/routes.ts";
import { categoriesRoute } from "./features/categories/routes.ts";
import { dashboardRoute } from "./features/dashboard/routes.ts";
import { dictionaryRoute } from "./features/dictionary/routes.ts";
import { emailRoute } from "./features/email/routes.ts";
import { notFoundRoute, unauthorizedRoute } from "./features/error/routes.ts";
import { errorLogRoute } from "./features/errorLog/routes.ts";
import { evaluationRoute } from "./features/evaluation/routes.ts";
import { groupsRoute } from "./features/groups/routes.ts";
import { leadersRoute } from "./features/leaders/routes.ts";
import { logsRoute } from "./features/logs/routes.ts";
import { profileRoute } from "./features/profile/routes.ts";
import {
  assetIndexRoute,
  assetLaunchRoute,
  assetListRoute,
  assetResultRoute,
  materialIndexRoute,
  materialLaunchRoute,
  materialListRoute,
  materialResultRoute,
} from "./features/projects/routes.ts";
import { resourcesRoute } from "./features/resources/routes.ts";
import {
  permissionsRoute,
  roleAuthorizationRoute,
  roleManagerRoute,
} from "./features/roles/routes.ts";
import { savingsRoute } from "./features/savings/routes.ts";
import { supplierOffersRoute } from "./features/supplierOffer/routes.ts";
import { supplierDetailRoute, supplierListRoute } from "./features/suppliers/routes.ts";
import { userAuthorizationRoute, userManagerRoute } from "./features/users/routes.ts";

/** Signed-in pages inside the main layout; menus show the ones not hidden. */
export const layoutRoutes: AdminRoute[] = [
  dashboardRoute,
  {
    path: "/systemManager",
    title: "menu.systemManager",
    icon: "system",
    children: [userManagerRoute, roleManagerRoute, permissionsRoute, groupsRoute, logsRoute],
  },
  {
    path: "/systemSetting",
    title: "menu.systemSetting",
    icon: "settings",
    children: [resourcesRoute, dictionaryRoute, emailRoute, leadersRoute, calendarRoute],
  },
  {
    path: "/supplier",
    title: "menu.supplier",
    icon: "truck",
    children: [supplierListRoute, supplierDetailRoute],
  },
  {
    path: "/offerProjectManager",
    title: "menu.offerProjectManager",
    icon: "folder",
    children: [
      categoriesRoute,
      materialListRoute,
      assetListRoute,
      savingsRoute,
      materialLaunchRoute,
      materialResultRoute,
      assetLaunchRoute,
      assetResultRoute,
    ],
  },
  {
    path: "/supplierOffer",
    title: "menu.supplierOffer",
    icon: "quote",
    children: [supplierOffersRoute],
  },
  {
    path: "/authorization",
    title: "menu.authorization",
    icon: "lock",
    children: [userAuthorizationRoute, roleAuthorizationRoute],
  },
  // The error pages and the error log are an administrator's tools: shown to whoever holds the
  // Logs permission (docs/decisions.md, Client).
  {
    path: "/error",
    title: "menu.errorPages",
    icon: "error",
    permissions: [P.LogSearch],
    children: [unauthorizedRoute, notFoundRoute],
  },
  { ...errorLogRoute, permissions: [P.LogSearch] },
  profileRoute,
  approvalRoute,
  evaluationRoute,
  materialIndexRoute,
  assetIndexRoute,
];

export const allLeafRoutes = flattenRoutes(layoutRoutes);

/** Every panel, in the order each slot and place shows them. */
export const panels: Panel[] = [
  // The home page: above the overview, then below it.
  myApprovalsPanel,
  savingsWidgetPanel,
  supplierOverviewPanel,
  // Each kind's overview card on the home page.
  newQuestionsPanel,
  // A project's result page: after the suppliers, before the comparison, after it.
  projectQuestionsPanel,
  auctionPanel,
  evaluationResultPanel,
  projectSavingsPanel,
  // Inside the comparison: under the award in force, under the matrix.
  pendingApprovalPanel,
  awardTrailPanel,
];
