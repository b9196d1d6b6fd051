// calendar show | import: the official working-day calendar from the shell, as the calendar page
// shows and imports it.
import type { Command } from "commander";
import { calendarYear } from "../../server/domain/calendar/service.ts";
import { type CalendarImport, importOfficialFile } from "../../server/domain/calendar/import.ts";
import { calendarYearInput } from "../../server/domain/calendar/schemas.ts";
import { formatUtc8, weekdayNames } from "../../server/domain/shared/time.ts";
import { t } from "../../server/i18n.ts";
import { CliError, EXIT_BAD_INPUT, formatTable, lang, withDeps } from "../context.ts";
import { cliActor } from "./projects.ts";
import { basename } from "node:path";

const c = (key: string, params?: Record<string, unknown>) => t(lang, `calendar.cli.${key}`, params);
const weekday = (date: string) => weekdayNames(lang)[new Date(`${date}T00:00:00Z`).getUTCDay()];
const named = (d: { name: string; nameEn: string | null }) =>
  lang === "en" ? d.nameEn || d.name : d.name;

function printImport(report: CalendarImport) {
  for (const y of report.years) {
    const before = y.before.loaded
      ? c("before", { holidays: y.before.holidays, workdays: y.before.workdays })
      : c("beforeNone");
    console.log(c(y.action === "replace" ? "replaced" : "added", { ...y, before }));
  }
  if (report.dryRun) console.log(c("dryRunNote"));
}

export function registerCalendarCommands(program: Command) {
  const calendar = program.command("calendar").description(c("help"));

  calendar.command("show")
    .description(c("show"))
    .argument("<year>", c("argYear"))
    .option("--json", c("optJson"))
    .action(async (yearText: string, opts: { json?: boolean }) => {
      const { year } = calendarYearInput.parse({ year: yearText });
      const view = await withDeps((deps) => calendarYear(deps, year));
      if (opts.json) {
        const { years: _years, ...rest } = view;
        return console.log(JSON.stringify(rest, null, 2));
      }
      const loaded = view.loaded;
      console.log(
        loaded
          ? c("loaded", {
            year,
            source: loaded.source,
            at: formatUtc8(loaded.loadedAt),
            by: loaded.loadedBy ?? "–",
            holidays: loaded.holidays,
            workdays: loaded.workdays,
          })
          : c("notLoaded", { year }),
      );
      const kind = (k: string) => c(`kinds.${k}`);
      const rows = [
        ...view.days.map((d) => [d.date, weekday(d.date), kind(d.kind), named(d)]),
        ...view.companyDays.map((d) => [
          d.date,
          weekday(d.date),
          kind(d.working ? "companyWorkday" : "companyDayOff"),
          named(d),
        ]),
      ].sort((a, b) => a[0].localeCompare(b[0]));
      if (rows.length) {
        console.log(
          formatTable([["date", "weekday", "kind", "name"].map((k) => c(`columns.${k}`)), ...rows]),
        );
      }
    });

  calendar.command("import")
    .description(c("import"))
    .argument("<file>", c("argFile"))
    .option("--dry-run", c("optDryRun"))
    .option("--json", c("optJson"))
    .action(async (file: string, opts: { dryRun?: boolean; json?: boolean }) => {
      const stat = await Deno.stat(file).catch(() => null);
      if (!stat?.isFile) throw new CliError("noSuchFile", { file }, EXIT_BAD_INPUT);
      const report = await withDeps(async (deps) =>
        importOfficialFile(deps, file, {
          fileName: basename(file),
          dryRun: opts.dryRun,
          by: (await cliActor(deps)).userName,
        })
      );
      if (opts.json) return console.log(JSON.stringify(report, null, 2));
      printImport(report);
    });
}
