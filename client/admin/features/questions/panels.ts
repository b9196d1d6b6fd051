// The questions' panels on other areas' pages (the shell places them, layout/panels.tsx).
import { lazy } from "react";
import type { Panel } from "../../layout/panels.tsx";

export const newQuestionsPanel: Panel = {
  name: "newQuestions",
  slot: "kindOverview",
  place: "end",
  component: lazy(() => import("./NewQuestions.tsx").then((m) => ({ default: m.NewQuestions }))),
};

export const projectQuestionsPanel: Panel = {
  name: "projectQuestions",
  slot: "projectResult",
  place: "afterSuppliers",
  component: lazy(() => import("./Questions.tsx").then((m) => ({ default: m.Questions }))),
};
