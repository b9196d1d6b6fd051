// audit verify: check the tamper-evident record of quote submissions from the shell (cron, auditors).
import type { Command } from "commander";
import { verifyChain } from "../../server/domain/quotes/chain.ts";
import { verifyEvaluationRecord } from "../../server/domain/evaluation/chain.ts";
import { t } from "../../server/i18n.ts";
import { CliError, lang, say, withDeps } from "../context.ts";

export function registerAuditCommands(program: Command) {
  const audit = program.command("audit").description(say("help.audit"));

  audit.command("verify")
    .description(say("help.auditVerify"))
    .option("--bytes", say("help.optBytes"))
    .option("--json", say("help.optJson"))
    .action(async (opts: { bytes?: boolean; json?: boolean }) => {
      const [report, evaluation] = await withDeps(async (deps) =>
        [
          await verifyChain(deps, { bytes: opts.bytes }),
          await verifyEvaluationRecord(deps.db),
        ] as const
      );
      if (opts.json) console.log(JSON.stringify({ ...report, evaluation }, null, 2));
      const ev = (key: string, p: Record<string, unknown>) => t(lang, `evaluation.cli.${key}`, p);
      if (evaluation.firstBroken && !opts.json) {
        console.error(ev("recordBroken", evaluation.firstBroken));
      }
      if (report.firstBroken) {
        const b = report.firstBroken;
        if (!opts.json) {
          console.error(say(`chainBroken.${b.reason}`, { seq: b.seq, quoteId: b.quoteId ?? "—" }));
        }
      }
      if (!opts.json) {
        for (const m of report.mismatches) {
          console.error(
            say(`recordMismatch.${m.reason}`, { seq: m.seq ?? "—", quoteId: m.quoteId }),
          );
        }
      }
      if (!report.ok || !evaluation.ok) {
        throw new CliError("chainNotIntact", { entries: report.entries });
      }
      if (!opts.json) {
        console.log(say("chainIntact", { entries: report.entries, head: report.head.entryHash }));
        console.log(ev("recordIntact", {
          entries: evaluation.entries,
          head: evaluation.head.entryHash,
        }));
      }
    });
}
