// The savings calls (a project's panel, the report and its .xlsx, the dashboard's 12 months), typed
// by the server's answers.
import type { z } from "zod";
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { CategoryDto } from "../../../../server/domain/categories/service.ts";
import type {
  Group,
  ProjectSavings as ProjectSavingsDto,
  SavingsReport,
  SavingsSummary,
} from "../../../../server/domain/savings/read.ts";
import type {
  savingsBaselinesInput,
  savingsReportInput,
} from "../../../../server/domain/savings/schemas.ts";
export type { Saving, SavingSum } from "../../../../server/domain/savings/rules.ts";

export const SV = "/QMO/Savings";

export type ProjectSavings = Wire<ProjectSavingsDto>;
export type Report = Wire<SavingsReport>;
export type Summary = Wire<SavingsSummary>;
export type RollUp = Wire<Group>;
export type ReportFilter = z.input<typeof savingsReportInput>;
/** A category the report can be filtered by. */
export type Category = Pick<Wire<CategoryDto>, "id" | "name">;

export const savingsApi = {
  /** The categories, for the report's filter. */
  categories: () => api.get<Category[]>("/QMO/OfferProjectType/GetOfferProjectTypeList"),
  project: (projectId: number) =>
    api.get<ProjectSavings>(`${SV}/GetProjectSavings`, { OffProId: projectId }, { silent: true }),
  /** Answers the project's savings with the baselines set (a failed call is shown by the dialog). */
  setBaselines: (input: z.input<typeof savingsBaselinesInput>) =>
    api.post<ProjectSavings>(`${SV}/SetSavingsBaselines`, input, { silent: true }),
  report: (filter: ReportFilter) => api.get<Report>(`${SV}/GetSavingsReport`, filter),
  summary: () => api.get<Summary>(`${SV}/GetSavingsSummary`, {}, { silent: true }),
};
