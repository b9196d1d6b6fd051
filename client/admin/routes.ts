// The route and menu table of spec §2. Pages are looked up in features/registry.ts by path.
import { Permissions as P } from "../../server/domain/auth/permissions.ts";
import type { RouteRecord } from "../shared/permission.ts";

export const HOME = "/dashboard";

/** Signed-in pages inside the main layout; menus show the ones not hidden. */
export const layoutRoutes: RouteRecord[] = [
  { path: "/dashboard", title: "menu.dashboard", icon: "home", affix: true },
  {
    path: "/systemManager",
    title: "menu.systemManager",
    icon: "system",
    children: [
      {
        path: "/systemManager/userManager",
        title: "menu.userManager",
        icon: "users",
        permissions: [P.UserSearch],
      },
      {
        path: "/systemManager/roleManager",
        title: "menu.roleManager",
        icon: "shield",
        permissions: [P.RoleSearch],
      },
      {
        path: "/systemManager/permissionManager",
        title: "menu.permissionManager",
        icon: "key",
        permissions: [P.PermissionSearch],
      },
      {
        path: "/systemManager/groupManager",
        title: "menu.groupManager",
        icon: "group",
        permissions: [P.GroupSearch],
      },
      {
        path: "/systemManager/logManager",
        title: "menu.logManager",
        icon: "log",
        permissions: [P.LogSearch],
      },
    ],
  },
  {
    path: "/systemSetting",
    title: "menu.systemSetting",
    icon: "settings",
    children: [
      {
        path: "/systemSetting/systemResource",
        title: "menu.systemResource",
        icon: "database",
        permissions: [P.SystemResourceSearch],
      },
      {
        path: "/systemSetting/systemCodeType",
        title: "menu.systemCodeType",
        icon: "book",
        permissions: [P.SystemCodeTypeSearch],
      },
      {
        path: "/systemSetting/emailManager",
        title: "menu.emailManager",
        icon: "mail",
        permissions: [P.EmailManagerSearch],
      },
      {
        path: "/systemSetting/userLeaderSet",
        title: "menu.userLeaderSet",
        icon: "leader",
        permissions: [P.LeaderManagerSearch],
      },
      {
        path: "/systemSetting/workingCalendar",
        title: "menu.workingCalendar",
        icon: "calendar",
        permissions: [P.CalendarSearch],
      },
    ],
  },
  {
    path: "/supplier",
    title: "menu.supplier",
    icon: "truck",
    children: [
      {
        path: "/supplier/SupplierList",
        title: "menu.supplierList",
        icon: "truck",
        permissions: [P.SupplierSearch],
        noCache: true,
      },
      {
        path: "/supplier/SupplierDetail",
        title: "menu.supplierDetail",
        hidden: true,
        permissions: [P.SupplierSearch],
      },
    ],
  },
  {
    path: "/offerProjectManager",
    title: "menu.offerProjectManager",
    icon: "folder",
    children: [
      {
        path: "/offerProjectManager/OfferProjectTypeList",
        title: "menu.offerProjectTypeList",
        icon: "tag",
        permissions: [P.OfferProjectTypeSearch],
      },
      {
        path: "/offerProjectManager/OfferProjectManagerList",
        title: "menu.offerProjectManagerList",
        icon: "file",
        permissions: [P.OfferProjectManagerSearch],
      },
      {
        path: "/offerProjectManager/offerProjectAMSList",
        title: "menu.offerProjectAMSList",
        icon: "box",
        permissions: [P.AmsOfferProjectManagerSearch],
      },
      {
        path: "/offerProjectManager/savingsReport",
        title: "menu.savingsReport",
        icon: "chart",
        permissions: [P.OfferProjectManagerSearch, P.AmsOfferProjectManagerSearch],
      },
      {
        path: "/offerProjectManager/launch",
        title: "menu.launch",
        hidden: true,
        permissions: [P.OfferProjectManagerSearch],
      },
      {
        path: "/offerProjectManager/offerProjectManagerResult",
        title: "menu.offerProjectManagerResult",
        hidden: true,
        permissions: [P.OfferProjectManagerSearch],
      },
      {
        path: "/offerProjectManager/AMSlaunch",
        title: "menu.amsLaunch",
        hidden: true,
        permissions: [P.AmsOfferProjectManagerSearch],
      },
      {
        path: "/offerProjectManager/AMSOfferProjectManagerResult",
        title: "menu.amsOfferProjectManagerResult",
        hidden: true,
        permissions: [P.AmsOfferProjectManagerSearch],
      },
    ],
  },
  {
    path: "/supplierOffer",
    title: "menu.supplierOffer",
    icon: "quote",
    children: [
      {
        path: "/supplierOffer/SupplierOfferList",
        title: "menu.supplierOfferList",
        icon: "quote",
        permissions: [P.SupplierOfferSearch],
        noCache: true,
      },
    ],
  },
  {
    path: "/authorization",
    title: "menu.authorization",
    icon: "lock",
    children: [
      {
        path: "/userManager/index",
        title: "menu.userAuthorization",
        icon: "user",
        permissions: [P.PagesUsers],
      },
      {
        path: "/roleManager/index",
        title: "menu.roleAuthorization",
        icon: "shield",
        permissions: [P.PagesRoles],
      },
    ],
  },
  // The error pages and the error log are an administrator's tools: shown to whoever holds the
  // Logs permission (docs/decisions.md, Client).
  {
    path: "/error",
    title: "menu.errorPages",
    icon: "error",
    permissions: [P.LogSearch],
    children: [
      { path: "/error/401", title: "menu.page401", icon: "lock" },
      { path: "/error/404", title: "menu.page404", icon: "error" },
    ],
  },
  {
    path: "/error-log/index",
    title: "menu.errorLog",
    icon: "bug",
    permissions: [P.LogSearch],
  },
  { path: "/profile/index", title: "menu.profile", icon: "user", hidden: true, noCache: true },
  // An award waiting for approval (links from "my approvals", the result page and the email): open
  // to every signed-in staff user, the server decides who may see and decide it.
  {
    path: "/awardApproval/index",
    title: "menu.awardApproval",
    icon: "check",
    hidden: true,
    noCache: true,
  },
  { path: "/OfferProjectManager/index", title: "menu.materialQuotationList", hidden: true },
  { path: "/OfferProjectAMS/indexAMS", title: "menu.assetQuotationList", hidden: true },
];

export type FlatRoute = RouteRecord & { parents: RouteRecord[] };

/** Every leaf route by path, with the groups above it (for breadcrumbs and search). */
export function flattenRoutes(routes: readonly RouteRecord[], parents: RouteRecord[] = []) {
  const out = new Map<string, FlatRoute>();
  for (const r of routes) {
    if (r.children) {
      for (const [p, f] of flattenRoutes(r.children, [...parents, r])) out.set(p, f);
    } else out.set(r.path, { ...r, parents });
  }
  return out;
}

export const allLeafRoutes = flattenRoutes(layoutRoutes);
