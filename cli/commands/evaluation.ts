// evaluation show: a signed-off weighted evaluation from the shell, every score and the weighted
// result (refused, as every price is, until the person in charge signs it off).
import type { Command } from "commander";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import { evaluationReport } from "../../server/domain/evaluation/read.ts";
import { t } from "../../server/i18n.ts";
import { cliActor } from "./projects.ts";
import { lang, printTable, withDeps } from "../context.ts";

const e = (key: string, params?: Record<string, unknown>) =>
  t(lang, `evaluation.cli.${key}`, params);

export function registerEvaluationCommands(program: Command) {
  const evaluation = program.command("evaluation").description(e("help"));

  evaluation.command("show")
    .description(e("helpShow"))
    .argument("<code>", t(lang, "cli.help.argProjectCode"))
    .option("--json", t(lang, "cli.help.optJson"))
    .action(async (code: string, opts: { json?: boolean }) => {
      const report = await withDeps(async (deps) =>
        evaluationReport(deps, await cliActor(deps), await projectIdByCode(deps.db, code))
      );
      if (opts.json) return console.log(JSON.stringify(report, null, 2));
      console.log(`${report.project.code} ${report.project.name}`);
      console.log(`\n${e("scores")}`);
      printTable([
        [
          t(lang, "evaluation.columns.evaluator"),
          t(lang, "evaluation.columns.criterion"),
          t(lang, "evaluation.columns.supplier"),
          t(lang, "evaluation.columns.scoreOrTotal"),
          t(lang, "evaluation.columns.comment"),
        ],
        ...report.scores.map((s) => [
          s.evaluator,
          s.criterion,
          s.supplier,
          String(s.score),
          s.comment ?? "",
        ]),
      ]);
      console.log(`\n${e("result")}`);
      printTable([
        [
          e("rank"),
          t(lang, "evaluation.columns.supplier"),
          ...report.criteria.map((c) => `${c.name} (${c.weight})`),
          e("total"),
        ],
        ...report.result.map((r) => [
          String(r.rank),
          r.code,
          ...r.criteria.map((c) => c.points),
          r.total,
        ]),
      ]);
    });
}
