// The result page's evaluation section of a weighted project: whether the prices are still sealed
// (who has submitted, who signs off), a link to the evaluation page, and once signed off the
// weighted totals and ranks. Nothing for a project chosen by price.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../../shared/icons.tsx";
import { Section } from "../../components/Section.tsx";
import { evaluationApi, evaluationPage, type View } from "./api.ts";
import { WeightedResult } from "./Tables.tsx";

/** On a project's result page: the evaluation's section where the project is weighted. */
export function EvaluationResultSlot(
  { project }: { project: { id: number; evaluation: "price" | "weighted" } },
) {
  return project.evaluation === "weighted"
    ? <EvaluationResultPanel projectId={project.id} />
    : null;
}

function EvaluationResultPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const e = (k: string, o: Record<string, unknown> = {}) => t(`evaluation.page.${k}`, o);
  const [view, setView] = useState<View | null>(null);
  useEffect(() => {
    evaluationApi.get(projectId).then(setView).catch(() => setView(null));
  }, [projectId]);
  if (!view) return null;
  const signed = !!view.project.signedOffAt;
  const submitted = view.team.filter((m) => m.submittedAt).length;
  return (
    <Section
      title={e("panelTitle")}
      testId="evaluation-panel"
      extra={
        <Link
          to={evaluationPage(projectId)}
          className="btn btn-default"
          data-testid="open-evaluation"
        >
          {e("open")}
        </Link>
      }
    >
      {signed
        ? <WeightedResult view={view} />
        : (
          <p className="flex items-start gap-1.5 text-sm text-amber-900">
            <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
            {e("panelSealed", { submitted, team: view.team.length })}
          </p>
        )}
    </Section>
  );
}
