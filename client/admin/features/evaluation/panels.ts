// The weighted evaluation's section on a project's result page (the shell places it after the
// auction, before the comparison: layout/panels.tsx).
import { lazy } from "react";
import type { Panel } from "../../layout/panels.tsx";

export const evaluationResultPanel: Panel = {
  name: "evaluation",
  slot: "projectResult",
  place: "beforeComparison",
  component: lazy(() =>
    import("./ResultPanel.tsx").then((m) => ({ default: m.EvaluationResultSlot }))
  ),
};
