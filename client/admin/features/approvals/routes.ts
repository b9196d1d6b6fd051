// An award waiting for approval (links from "my approvals", the result page and the email): open
// to every signed-in staff user, the server decides who may see and decide it.
import { lazy } from "react";
import type { AdminRoute } from "../../layout/route.ts";

export const approvalRoute: AdminRoute = {
  path: "/awardApproval/index",
  title: "menu.awardApproval",
  icon: "check",
  hidden: true,
  noCache: true,
  page: lazy(() => import("./ApprovalPage.tsx")),
};
