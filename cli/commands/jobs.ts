// jobs run: every due scheduled job once — the command a crontab line calls.
import type { Command } from "commander";
import { t } from "../../server/i18n.ts";
import { ensureEmailTemplates } from "../../server/domain/email/templates.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { CliError, lang, withDeps, withoutQuery } from "../context.ts";

const tr = (key: string, params?: Record<string, unknown>) => t(lang, key, params);

export function registerJobCommands(program: Command) {
  const jobs = program.command("jobs").description(tr("jobs.help.jobs"));

  jobs.command("run")
    .description(tr("jobs.help.run"))
    .option("--force", tr("jobs.help.optForce"))
    .option("--json", tr("cli.help.optJson"))
    .action(async (opts: { force?: boolean; json?: boolean }) => {
      const outcomes = await withDeps(async (deps) => {
        await ensureEmailTemplates(deps.db);
        return await runDueJobs(deps, { force: opts.force });
      });
      if (opts.json) console.log(JSON.stringify(outcomes, null, 2));
      else {
        for (const o of outcomes) {
          const status = tr(`jobs.statuses.${o.status}`);
          const detail = o.error != null
            ? withoutQuery(o.error)
            : (o.result != null ? JSON.stringify(o.result) : "");
          console.log(
            `${tr("jobs.line", { job: tr(`jobs.names.${o.job}`), status })}${
              detail ? ` ${detail}` : ""
            }`,
          );
        }
      }
      const failed = outcomes.find((o) => o.status === "failed");
      if (failed) {
        throw new CliError("jobFailed", {
          job: tr(`jobs.names.${failed.job}`),
          error: withoutQuery(failed.error ?? ""),
        });
      }
    });
}
