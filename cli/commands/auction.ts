// auction status | end: a project's reverse auction from the shell, as the buyer would see it
// (the CLI acts as `admin` or QMO_CLI_USER, see cliActor): live figures, and ending it early.
import type { Command } from "commander";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import { buyerAuction } from "../../server/domain/auction/read.ts";
import { endAuctionEarly } from "../../server/domain/auction/setup.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";
import { t } from "../../server/i18n.ts";
import { cliActor } from "./projects.ts";
import { CliError, EXIT_BAD_INPUT, lang, printTable, say, withDeps } from "../context.ts";

/** "12 min 5 s" of a length of time. */
function left(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return say("auctionLeft", { minutes: Math.floor(s / 60), seconds: s % 60 });
}

export function registerAuctionCommands(program: Command) {
  const auction = program.command("auction").description(say("help.auction"));

  auction.command("status")
    .description(say("help.auctionStatus"))
    .argument("<code>", say("help.argProjectCode"))
    .option("--json", say("help.optJson"))
    .action(async (code: string, opts: { json?: boolean }) => {
      const found = await withDeps(async (deps) =>
        buyerAuction(deps, await cliActor(deps), await projectIdByCode(deps.db, code))
      );
      const a = found.auction;
      if (!a) throw new CliError("noAuction", { code }, EXIT_BAD_INPUT);
      if (opts.json) return console.log(JSON.stringify(a, null, 2));
      const now = new Date(a.serverNow).getTime();
      console.log(say("auctionState", {
        code,
        state: t(lang, `auctionPage.states.${a.state}`),
        start: formatUtc8(a.startAt),
        end: formatUtc8(a.closesAt),
        left: a.state === "live" ? left(a.closesAt.getTime() - now) : "—",
        extended: Math.round(a.extendedMs / 60_000),
        bids: a.bids.filter((b) => b.kind === "bid").length,
      }));
      if (a.pauseReason) console.log(say("auctionPaused", { reason: a.pauseReason }));
      if (a.endReason) console.log(say("auctionEndReason", { reason: a.endReason }));
      for (const line of a.lines) {
        if (line.itemName) console.log(`\n${line.itemName}`);
        printTable([
          ["rank", "bidder", "supplier", "bid (CNY)", "start (CNY)", "at (UTC+8)"],
          ...line.ranking.map((r) => [
            String(r.rank),
            r.label,
            `${r.code} ${r.abbrName}`,
            r.amount,
            r.start,
            r.atUtc8,
          ]),
        ]);
      }
    });

  auction.command("end")
    .description(say("help.auctionEnd"))
    .argument("<code>", say("help.argProjectCode"))
    .requiredOption("--reason <reason>", say("help.optAuctionReason"))
    .action(async (code: string, opts: { reason: string }) => {
      await withDeps(async (deps) =>
        endAuctionEarly(deps, await cliActor(deps), {
          offProId: await projectIdByCode(deps.db, code),
          reason: opts.reason,
        }, { via: "cli" })
      );
      console.log(say("auctionEnded", { code }));
    });
}
