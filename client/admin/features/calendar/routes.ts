// The working calendar page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const calendarRoute: AdminRoute = {
  path: "/systemSetting/workingCalendar",
  title: "menu.workingCalendar",
  icon: "calendar",
  permissions: [P.CalendarSearch],
  page: lazy(() => import("./CalendarPage.tsx")),
};
