// The result page's comparison calls (the matrix and the award), typed by the server's answers.
import type { z } from "zod";
import { api } from "../../../../shared/api.ts";
import type { Wire } from "../../../../shared/wire.ts";
import type { MatrixInView } from "../../../../../server/domain/comparison/costTerms.ts";
import type { awardInput } from "../../../../../server/domain/comparison/schemas.ts";
import type { IntegritySignalsDto } from "../../../../../server/domain/quotes/integrityTypes.ts";
import type { AwardOutcome } from "../../../../../server/domain/comparison/award.ts";
import type { AwardApprovalDto } from "../../../../../server/domain/comparison/approvalRead.ts";

/** The comparison matrix of a project with the award in force, as the result page shows it. */
export type Matrix = Wire<MatrixInView>;

/** An award proposal with its trail (who proposed, approved, rejected or reassigned it). */
export type Approval = Wire<AwardApprovalDto>;

export const comparisonApi = {
  matrix: (projectId: number, view: "price" | "total" = "price") =>
    api.get<Matrix>(`/QMO/OfferProjectManager/GetComparisonMatrix`, {
      OffProId: projectId,
      view,
    }, { silent: true }),
  integritySignals: (projectId: number) =>
    api.get<IntegritySignalsDto>(`/QMO/OfferProjectManager/GetIntegritySignals`, {
      OffProId: projectId,
    }, {
      silent: true,
    }),
  /** Every award proposal of the project, newest first (the pending one gates a new award). */
  approvals: (projectId: number) =>
    api.get<{ items: Approval[] }>(`/QMO/AwardApproval/GetProjectTrail`, {
      OffProId: projectId,
    }, { silent: true }),
  /** Awarded at once, or sent to the buyer's person in charge for approval. */
  award: (input: z.input<typeof awardInput>) =>
    api.post<Wire<AwardOutcome>>(`/QMO/OfferProjectManager/AwardOfferProject`, input, {
      silent: true,
    }),
};
