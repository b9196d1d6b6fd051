// awards pending | approve | reject | reassign: awards that wait for the approval of the buyer's
// person in charge, from the shell. The CLI acts as `admin` or the user named by QMO_CLI_USER
// (cliActor): only the approver a pending award went to may approve or reject it, never the buyer
// who proposed it; an admin reassigns it.
import type { Command } from "commander";
import type { Actor, Deps } from "../../server/domain/context.ts";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import { findUserByName } from "../../server/domain/users/service.ts";
import {
  decideApproval,
  pendingProposalOf,
  reassignApproval,
} from "../../server/domain/comparison/approval.ts";
import {
  type AwardApprovalDto,
  myApprovals,
  pendingApprovals,
} from "../../server/domain/comparison/approvalRead.ts";
import { amountText } from "../../server/domain/comparison/approvalMail.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";
import { cliActor } from "./projects.ts";
import { CliError, EXIT_BAD_INPUT, lang, printTable, say, withDeps } from "../context.ts";

const via = { via: "cli" as const };

async function decide(
  code: string,
  comment: string | undefined,
  decision: "approved" | "rejected",
) {
  const done = await withDeps(async (deps) => {
    const actor = await cliActor(deps);
    const id = await pendingProposalOf(deps, await projectIdByCode(deps.db, code));
    return await decideApproval(deps, actor, { id, comment }, decision, via);
  });
  console.log(
    say(decision === "approved" ? "awardApproved" : "awardRejected", {
      code: done.projectCode,
      suppliers: done.supplierNames.join(", "),
      proposer: done.proposedByName ?? "",
    }),
  );
}

async function listed(deps: Deps, actor: Actor, mine: boolean): Promise<AwardApprovalDto[]> {
  if (mine) return (await myApprovals(deps, actor)).items;
  const out: AwardApprovalDto[] = [];
  for (let skip = 0;; skip += 1000) {
    const page = await pendingApprovals(deps, actor, { skipCount: skip, maxResultCount: 1000 });
    out.push(...page.items);
    if (out.length >= page.totalCount || !page.items.length) return out;
  }
}

export function registerAwardCommands(program: Command) {
  const awards = program.command("awards").description(say("help.awards"));

  awards.command("pending")
    .description(say("help.awardsPending"))
    .option("--mine", say("help.optMine"))
    .option("--json", say("help.optJson"))
    .action(async (opts: { mine?: boolean; json?: boolean }) => {
      const items = await withDeps(async (deps) => listed(deps, await cliActor(deps), !!opts.mine));
      if (opts.json) return console.log(JSON.stringify(items, null, 2));
      printTable([
        ["project", "since (UTC+8)", "buyer", "approver", "amount (CNY)", "matrix", "awarded"],
        ...items.map((a) => [
          a.projectCode,
          formatUtc8(a.proposedAt),
          a.proposedByName ?? "",
          a.approverName ?? "",
          amountText(lang, a),
          `v${a.matrixVersion}`,
          a.supplierNames.join(", "),
        ]),
      ]);
      console.log(say("awardsPendingCount", { count: items.length }));
    });

  awards.command("approve")
    .description(say("help.awardsApprove"))
    .argument("<project>", say("help.argProjectCode"))
    .option("--comment <text>", say("help.optApprovalComment"))
    .action((code: string, opts: { comment?: string }) => decide(code, opts.comment, "approved"));

  awards.command("reject")
    .description(say("help.awardsReject"))
    .argument("<project>", say("help.argProjectCode"))
    .option("--comment <text>", say("help.optRejectComment"))
    .action((code: string, opts: { comment?: string }) => decide(code, opts.comment, "rejected"));

  awards.command("reassign")
    .description(say("help.awardsReassign"))
    .argument("<project>", say("help.argProjectCode"))
    .requiredOption("--to <userName>", say("help.optApprover"))
    .option("--comment <text>", say("help.optReassignComment"))
    .action(async (code: string, opts: { to: string; comment?: string }) => {
      const done = await withDeps(async (deps) => {
        const actor = await cliActor(deps);
        const id = await pendingProposalOf(deps, await projectIdByCode(deps.db, code));
        const to = await findUserByName(deps.db, opts.to);
        if (!to) throw new CliError("noSuchUser", { userName: opts.to }, EXIT_BAD_INPUT);
        return await reassignApproval(deps, actor, {
          id,
          approverId: to.id,
          comment: opts.comment,
        }, via);
      });
      console.log(
        say("awardReassigned", { code: done.projectCode, approver: done.approverName ?? "" }),
      );
    });
}
