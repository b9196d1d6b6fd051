// quotes list | download: a project's submissions from the shell, under the same seal as the
// back-office (who and when only until quoting ends; each download written to the audit log).
import type { Command } from "commander";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import {
  allSubmissions,
  openQuoteFile,
  projectSubmissions,
} from "../../server/domain/quotes/buyer.ts";
import { allSubmissionsInput } from "../../server/domain/quotes/schemas.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";
import { t } from "../../server/i18n.ts";
import { cliActor } from "./projects.ts";
import {
  checkOutputFile,
  CliError,
  EXIT_BAD_INPUT,
  lang,
  printTable,
  say,
  withDeps,
  writeOutputFile,
} from "../context.ts";

export function registerQuoteCommands(program: Command) {
  const quotes = program.command("quotes").description(say("help.quotes"));

  quotes.command("list")
    .description(say("help.quotesList"))
    .argument("<code>", say("help.argProjectCode"))
    .option("--json", say("help.optJson"))
    .action(async (code: string, opts: { json?: boolean }) => {
      const { items } = await withDeps(async (deps) =>
        projectSubmissions(deps, await cliActor(deps), await projectIdByCode(deps.db, code))
      );
      if (opts.json) {
        console.log(JSON.stringify(items, null, 2));
        return;
      }
      const rows = [
        ["quote", "supplier", "round", "submitted (UTC+8)", "version", "file", "sha256"],
        ...items.map((q) => [
          String(q.quoteId),
          q.supplierCode,
          t(lang, `quotes.round.${q.round}`),
          formatUtc8(q.submittedAt),
          q.packVersion == null ? "—" : `v${q.packVersion}${q.outdated ? " *" : ""}`,
          q.sealed ? say("sealedCell") : q.fileName ?? "",
          q.sealed ? "" : q.sha256 ?? "",
        ]),
      ];
      printTable(rows);
      console.log(say("quotesCount", { count: items.length }));
    });

  quotes.command("recent")
    .description(say("help.quotesRecent"))
    .option("--keyword <text>", say("help.optQuoteKeyword"))
    .option("--kind <kind>", say("help.optKind"))
    .option("--since <date>", say("help.optSince"))
    .option("--current", say("help.optCurrent"))
    .option("--limit <n>", say("help.optLimit"), "50")
    .option("--json", say("help.optJson"))
    .action(async (opts: {
      keyword?: string;
      kind?: string;
      since?: string;
      current?: boolean;
      limit: string;
      json?: boolean;
    }) => {
      // The same list and rules as the back-office's supplier quotations page.
      const { items, totalCount } = await withDeps(async (deps) =>
        allSubmissions(
          deps,
          await cliActor(deps),
          allSubmissionsInput.parse({
            keyword: opts.keyword,
            kind: opts.kind,
            submittedFrom: opts.since,
            currentOnly: opts.current ? "1" : undefined,
            maxResultCount: opts.limit,
          }),
        )
      );
      if (opts.json) {
        console.log(JSON.stringify(items, null, 2));
        return;
      }
      const rows = [
        ["quote", "project", "supplier", "round", "submitted (UTC+8)", "counts", "file"],
        ...items.map((q) => [
          String(q.quoteId),
          q.projectCode,
          q.supplierCode,
          t(lang, `quotes.round.${q.round}`),
          formatUtc8(q.submittedAt),
          q.isCurrent ? say("yes") : say("no"),
          q.sealed ? say("sealedCell") : q.fileName ?? "",
        ]),
      ];
      printTable(rows);
      console.log(say("quotesShown", { count: items.length, total: totalCount }));
    });

  quotes.command("download")
    .description(say("help.quotesDownload"))
    .argument("<quoteId>", say("help.argQuoteId"))
    .requiredOption("--out <file>", say("help.optOutFile"))
    .option("--force", say("help.optOverwrite"))
    .action(async (id: string, opts: { out: string; force?: boolean }) => {
      const quoteId = Number(id);
      if (!Number.isSafeInteger(quoteId) || quoteId <= 0) {
        throw new CliError("badQuoteId", { id }, EXIT_BAD_INPUT);
      }
      await checkOutputFile(opts.out, opts.force);
      const written = await withDeps(async (deps) => {
        const { response } = await openQuoteFile(deps, await cliActor(deps), quoteId, {
          via: "cli",
        });
        await writeOutputFile(opts.out, response.body!, { force: opts.force });
        return Number(response.headers.get("content-length") ?? 0);
      });
      console.log(say("quoteDownloaded", { file: opts.out, size: written }));
    });
}
