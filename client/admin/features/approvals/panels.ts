// The approvals' panels on other areas' pages (the shell places them, layout/panels.tsx).
import { lazy } from "react";
import type { Panel } from "../../layout/panels.tsx";

export const myApprovalsPanel: Panel = {
  name: "myApprovals",
  slot: "dashboard",
  place: "beforeOverview",
  component: lazy(() => import("./MyApprovals.tsx").then((m) => ({ default: m.MyApprovals }))),
};

export const pendingApprovalPanel: Panel = {
  name: "pendingApproval",
  slot: "comparison",
  place: "afterAward",
  component: lazy(() => import("./AwardPanels.tsx").then((m) => ({ default: m.PendingApproval }))),
};

export const awardTrailPanel: Panel = {
  name: "awardTrail",
  slot: "comparison",
  place: "end",
  component: lazy(() => import("./AwardPanels.tsx").then((m) => ({ default: m.AwardTrail }))),
};
