// audit verify: check the tamper-evident record of quote submissions from the shell (cron, auditors).
import type { Command } from "commander";
import { verifyChain } from "../../server/domain/quotes/chain.ts";
import { CliError, say, withDeps } from "../context.ts";

export function registerAuditCommands(program: Command) {
  const audit = program.command("audit").description(say("help.audit"));

  audit.command("verify")
    .description(say("help.auditVerify"))
    .option("--bytes", say("help.optBytes"))
    .option("--json", say("help.optJson"))
    .action(async (opts: { bytes?: boolean; json?: boolean }) => {
      const report = await withDeps((deps) => verifyChain(deps, { bytes: opts.bytes }));
      if (opts.json) console.log(JSON.stringify(report, null, 2));
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
      if (!report.ok) {
        throw new CliError("chainNotIntact", { entries: report.entries });
      }
      if (!opts.json) {
        console.log(say("chainIntact", { entries: report.entries, head: report.head.entryHash }));
      }
    });
}
