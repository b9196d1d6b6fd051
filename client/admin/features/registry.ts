// Which component renders each route of routes.ts. A route missing here shows the "coming"
// placeholder; to build a screen, add one line: "<route path>": lazy(() => import("./area/Page.tsx")).
import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import NotFound from "./error/NotFound.tsx";
import Unauthorized from "./error/Unauthorized.tsx";

export type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

export const pages: Record<string, PageComponent> = {
  "/dashboard": lazy(() => import("./dashboard/Dashboard.tsx")),
  "/profile/index": lazy(() => import("./profile/Profile.tsx")),
  "/awardApproval/index": lazy(() => import("./approvals/ApprovalPage.tsx")),
  "/error-log/index": lazy(() => import("./errorLog/ErrorLogPage.tsx")),
  "/error/401": Unauthorized,
  "/error/404": NotFound,
  "/systemManager/userManager": lazy(() => import("./users/Users.tsx")),
  "/systemManager/roleManager": lazy(() => import("./roles/Roles.tsx")),
  "/systemManager/permissionManager": lazy(() => import("./permissions/Permissions.tsx")),
  "/systemManager/groupManager": lazy(() => import("./groups/Groups.tsx")),
  "/systemManager/logManager": lazy(() => import("./logs/Logs.tsx")),
  "/systemSetting/systemResource": lazy(() => import("./resources/Resources.tsx")),
  "/systemSetting/systemCodeType": lazy(() => import("./dictionary/Dictionary.tsx")),
  "/systemSetting/emailManager": lazy(() => import("./email/Email.tsx")),
  "/systemSetting/userLeaderSet": lazy(() => import("./leaders/Leaders.tsx")),
  "/systemSetting/workingCalendar": lazy(() => import("./calendar/CalendarPage.tsx")),
  "/userManager/index": lazy(() => import("./users/Users.tsx")),
  "/roleManager/index": lazy(() => import("./roles/Roles.tsx")),
  "/supplier/SupplierList": lazy(() => import("./suppliers/SupplierList.tsx")),
  "/supplier/SupplierDetail": lazy(() => import("./suppliers/SupplierDetail.tsx")),
  "/supplierOffer/SupplierOfferList": lazy(() => import("./supplierOffer/SupplierOffers.tsx")),
  "/offerProjectManager/OfferProjectTypeList": lazy(() => import("./categories/CategoryList.tsx")),
  "/offerProjectManager/OfferProjectManagerList": lazy(() => import("./projects/ProjectList.tsx")),
  "/offerProjectManager/offerProjectAMSList": lazy(() => import("./projects/ProjectList.tsx")),
  "/OfferProjectManager/index": lazy(() => import("./projects/ProjectList.tsx")),
  "/OfferProjectAMS/indexAMS": lazy(() => import("./projects/ProjectList.tsx")),
  "/offerProjectManager/savingsReport": lazy(() => import("./savings/SavingsReport.tsx")),
  "/offerProjectManager/launch": lazy(() => import("./launch/Launch.tsx")),
  "/offerProjectManager/AMSlaunch": lazy(() => import("./launch/Launch.tsx")),
  "/offerProjectManager/offerProjectManagerResult": lazy(() => import("./result/Result.tsx")),
  "/offerProjectManager/AMSOfferProjectManagerResult": lazy(() => import("./result/Result.tsx")),
};
