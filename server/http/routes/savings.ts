// Savings: a project's (the result page's panel, where a buyer may set its baselines), the report
// over a period with its .xlsx, and the dashboard's last 12 months. Seen by staff who may see
// projects; each answer covers only the kinds of project the caller may see, and no figure of a
// sealed project.
import { ProjectSearch } from "../../domain/auth/permissions.ts";
import { projectSavings, savingsReport, savingsSummary } from "../../domain/savings/read.ts";
import { exportSavings } from "../../domain/savings/export.ts";
import {
  projectSavingsInput,
  projectSavingsResult,
  savingsBaselinesInput,
  savingsReportInput,
  savingsReportResult,
  savingsSummaryResult,
} from "../../domain/savings/schemas.ts";
import { setSavingsBaselines } from "../../domain/savings/baselines.ts";
import { downloadResponse } from "../../domain/files/service.ts";
import { defineRoute } from "../route.ts";

export const savingsRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/Savings/GetProjectSavings",
    access: ProjectSearch,
    summary:
      "A project's savings in CNY before tax: first quote, best quote, awarded total, savings against the first quote, the budget and the last purchase price; state notOver, sealed (no figure, with when it opens) or open.",
    query: projectSavingsInput,
    result: projectSavingsResult,
    handler: ({ deps, actor, query }) => projectSavings(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Savings/SetSavingsBaselines",
    access: ProjectSearch,
    summary:
      "Sets a project's budget and last purchase price (totals in CNY before tax; empty clears one, left out keeps it), in any state; needs the Publish permission of the project's kind. Answers the project's savings.",
    body: savingsBaselinesInput,
    result: projectSavingsResult,
    handler: ({ deps, actor, body }) => setSavingsBaselines(deps, actor, body),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Savings/GetSavingsReport",
    access: ProjectSearch,
    summary:
      "The savings of the projects dated from / to (UTC+8 days, YYYY-MM-DD) in a category: one row per project, roll-ups by category and in total.",
    query: savingsReportInput,
    result: savingsReportResult,
    handler: ({ deps, actor, query }) => savingsReport(deps, actor, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Savings/ExportSavingsReport",
    access: ProjectSearch,
    summary: "The savings report as an .xlsx file (same filters; headers in your language).",
    query: savingsReportInput,
    binary: true,
    errors: [404],
    handler: async ({ deps, actor, query, lang }) => {
      const file = await exportSavings(deps, actor, query, lang);
      return downloadResponse(file.stream, file.fileName);
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Savings/GetSavingsSummary",
    access: ProjectSearch,
    summary:
      "The dashboard's savings: the last 12 months (UTC+8) by month and by category, and in total.",
    result: savingsSummaryResult,
    handler: ({ deps, actor }) => savingsSummary(deps, actor),
  }),
];
