// The evaluation page of a weighted project (?id=…, linked from the result page): open to every
// signed-in staff user, the server decides who may see and score it.
import { lazy } from "react";
import type { AdminRoute } from "../../layout/route.ts";

export const evaluationRoute: AdminRoute = {
  path: "/offerProjectManager/evaluation",
  title: "menu.evaluation",
  icon: "check",
  hidden: true,
  noCache: true,
  page: lazy(() => import("./EvaluationPage.tsx")),
};
