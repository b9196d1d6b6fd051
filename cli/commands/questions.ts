// questions list: a project's clarifications (suppliers' questions and the buyer's answers) from the
// shell, as the result page shows them.
import type { Command } from "commander";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import { projectQuestionList } from "../../server/domain/questions/buyer.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";
import { cliActor } from "./projects.ts";
import { printTable, say, withDeps } from "../context.ts";

/** One line of a question or answer in the table: at most `max` characters, line breaks as spaces. */
const cell = (text: string | null, max = 60) => {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function registerQuestionCommands(program: Command) {
  const questions = program.command("questions").description(say("help.questions"));

  questions.command("list")
    .description(say("help.questionsList"))
    .requiredOption("--project <code>", say("help.argProjectCode"))
    .option("--open", say("help.optOpenQuestions"))
    .option("--json", say("help.optJson"))
    .action(async (opts: { project: string; open?: boolean; json?: boolean }) => {
      const list = await withDeps(async (deps) =>
        projectQuestionList(deps, await cliActor(deps), {
          offProId: await projectIdByCode(deps.db, opts.project),
          open: opts.open,
        })
      );
      if (opts.json) {
        console.log(JSON.stringify(list, null, 2));
        return;
      }
      printTable([
        ["id", "asked (UTC+8)", "supplier", "answer", "question", "answer text"],
        ...list.items.map((q) => [
          String(q.id),
          formatUtc8(q.askedAt),
          q.supplierCode,
          q.visibility === null ? say("questionOpen") : say(`questionAnswered.${q.visibility}`) +
            (q.packVersion === null ? "" : ` → v${q.packVersion}`),
          cell(q.text),
          cell(q.answer),
        ]),
      ]);
      console.log(say("questionsCount", {
        count: list.items.length,
        unanswered: list.unanswered,
        closes: list.closesAt ? formatUtc8(list.closesAt) : "—",
      }));
    });
}
