// A project's status badge and when quoting on it closes, as every page that lists projects shows
// them (the project pages and the dashboard).
import { useTranslation } from "react-i18next";
import { ClosingTime } from "../../shared/ClosingTime.tsx";
import { closingOf } from "../../../server/domain/shared/closing.ts";
import type { DisplayStatus } from "../../../server/domain/projects/rules.ts";
import type { ProjectDto } from "../../../server/domain/projects/dto.ts";
import type { Wire } from "../../shared/wire.ts";

const statusStyles: Record<DisplayStatus, string> = {
  unpublished: "bg-slate-100 text-slate-700 ring-slate-200",
  published: "bg-sky-50 text-sky-700 ring-sky-200",
  inQuotation: "bg-amber-50 text-amber-800 ring-amber-200",
  ended: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  closed: "bg-rose-50 text-rose-700 ring-rose-200",
};

export function StatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${
        statusStyles[status]
      }`}
    >
      {t(`projects.statuses.${status}`)}
    </span>
  );
}

type Timing = Pick<
  Wire<ProjectDto>,
  "offerEndTime" | "closesAt" | "endedByHandAt" | "currentRound" | "roundEndsAt"
>;

/**
 * When quoting on a project closes (a round's end, the end by hand, the early end, the deadline),
 * with why.
 */
export function ProjectClosing({ project: p, dash }: { project: Timing; dash?: boolean }) {
  const closing = closingOf({
    deadline: p.offerEndTime,
    firstClosesAt: p.closesAt,
    endedByHandAt: p.endedByHandAt,
    round: p.currentRound,
    roundEndsAt: p.roundEndsAt,
  });
  return (
    <ClosingTime
      closing={closing}
      empty={dash && <span className="text-slate-300">—</span>}
    />
  );
}
