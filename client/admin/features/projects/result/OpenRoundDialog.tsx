// The dialog that opens an asset project's optimisation round with its deadline (a working day).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../../shared/messages.ts";
import { useAction } from "../../../../shared/useAction.ts";
import { Field as FormField, FormDialog, inputClass } from "../../../components/index.ts";
import { localToInstant } from "../../../components/dateInput.ts";
import { type ProjectResult, projectsApi } from "../api.ts";

export function OpenRoundDialog(
  { projectId, round, onClose, onDone }: {
    projectId: number;
    round: number | null;
    onClose: () => void;
    onDone: (data: ProjectResult) => void;
  },
) {
  const { t } = useTranslation();
  const [end, setEnd] = useState("");
  const [error, setError] = useState("");
  const [run, busy] = useAction();
  useEffect(() => {
    setEnd("");
    setError("");
  }, [round]);

  async function submit() {
    if (!round) return;
    if (!end) return setError(t("projects.deadlineRequired"));
    const day = await projectsApi.workingDay(end.slice(0, 10)).catch(() => null);
    if (!day?.working) return setError(day?.message ?? t("projects.notWorkingDay"));
    await run(async () => {
      const next = await projectsApi.openRound(projectId, round, localToInstant(end)!);
      message.success(t("result.roundOpened", { round }));
      onDone(next);
    }, (err) => setError(err instanceof Error ? err.message : ""));
  }

  return (
    <FormDialog
      open={round !== null}
      title={t("result.openRound", { round: round ?? 1 })}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      testId="open-round-dialog"
    >
      <FormField
        label={t("projects.fields.offerEndTime")}
        htmlFor="round-end"
        name="endTime"
        error={error}
        required
        hint={t("result.roundHint")}
      >
        <input
          id="round-end"
          type="datetime-local"
          className={inputClass(error, "w-64")}
          value={end}
          onChange={(e) => {
            setEnd(e.target.value);
            setError("");
          }}
        />
      </FormField>
    </FormDialog>
  );
}
