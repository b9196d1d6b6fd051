// The buyer's overview call (GetDashboard), typed by the server's answer.
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { dashboardSummary } from "../../../../server/domain/projects/dashboard.ts";
import { type Kind } from "../../components/projectPages.ts";
import type { MissingCalendarYear } from "../../../../server/domain/projects/calendarNotice.ts";

/**
 * The overview of one kind: each figure with the list filter that shows the same projects, and the
 * projects open for quoting with the time left by the server's clock.
 */
export type Summary = Wire<Awaited<ReturnType<typeof dashboardSummary>>>;

export const dashboardApi = {
  summary: (kind: Kind) => api.get<Summary>(`/QMO/OfferProjectManager/GetDashboard`, { kind }),
  /** The years the working calendar lacks while a deadline falls in them. */
  deadlineWarnings: () =>
    api.get<{ items: Wire<MissingCalendarYear>[] }>(
      "/QMO/Calendar/GetDeadlineWarnings",
      undefined,
      {
        silent: true,
      },
    ),
};
