// suppliers list | sync | invalidate | export: supplier master data from the shell and from cron.
import type { Command } from "commander";
import { t } from "../../server/i18n.ts";
import {
  exportSuppliers,
  findSupplierByCode,
  invalidateSupplierByCode,
  listSuppliers,
  type SupplierDto,
} from "../../server/domain/suppliers/service.ts";
import {
  expiringCertificates,
  listCertificates,
} from "../../server/domain/suppliers/certificates.ts";
import { listPerformance } from "../../server/domain/comparison/supplierPerformance.ts";
import { syncFromErp, syncFromFile, type SyncReport } from "../../server/domain/suppliers/sync.ts";
import {
  expiringInput,
  listSuppliersInput,
  performanceListInput,
  supplierStatuses,
} from "../../server/domain/suppliers/schemas.ts";
import { notFound, validation } from "../../server/domain/errors.ts";
import {
  checkOutputFile,
  CliError,
  EXIT_BAD_INPUT,
  formatTable,
  lang,
  withDeps,
  writeOutputFile,
} from "../context.ts";
import { instant } from "../../server/domain/shared/dates.ts";

const s = (key: string, params?: Record<string, unknown>) =>
  t(lang, `suppliers.cli.${key}`, params);

/** Columns as a terminal shows them: CJK and full-width characters take two cells. */

function parseDate(value: string): Date {
  const d = instant.safeParse(value);
  if (!d.success) throw validation("suppliers.cli.badDate", { value });
  return d.data;
}

/** A progress bar on stderr, only when it is a terminal (cron logs stay clean). */
function progressBar() {
  const tty = Deno.stderr.isTerminal();
  const enc = new TextEncoder();
  let last = -1;
  return {
    update(done: number, total: number) {
      if (!tty || !total) return;
      const pct = Math.floor((done / total) * 100);
      if (pct === last && done !== total) return;
      last = pct;
      const width = 30;
      const full = Math.round((done / total) * width);
      Deno.stderr.writeSync(
        enc.encode(`\r[${"#".repeat(full)}${"-".repeat(width - full)}] ${done}/${total}`),
      );
      if (done === total) Deno.stderr.writeSync(enc.encode("\n"));
    },
  };
}

function printReport(report: SyncReport) {
  const shown = report.rows.filter((r) => r.outcome !== "unchanged");
  if (shown.length) {
    console.log(formatTable([
      ["row", "code", "outcome", "reason"].map((c) => t(lang, `sync.columns.${c}`)),
      ...shown.map((r) => [
        String(r.row),
        r.code ?? "",
        t(lang, `sync.outcome.${r.outcome}`),
        r.reason ?? "",
      ]),
    ]));
  }
  console.log(s("summary", report));
  if (report.dryRun) console.log(s("dryRunNote"));
}

export function registerSupplierCommands(program: Command) {
  const suppliers = program.command("suppliers").description(s("help"));

  suppliers.command("list")
    .description(s("list"))
    .option("--status <status>", s("optStatus"))
    .option("--json", s("optJson"))
    .action(async (opts: { status?: string; json?: boolean }) => {
      if (opts.status && !(supplierStatuses as readonly string[]).includes(opts.status)) {
        throw validation("errors.field.invalidValue", {
          field: "--status",
          values: supplierStatuses.join(", "),
        });
      }
      const all = await withDeps(async (deps) => {
        const out: SupplierDto[] = [];
        for (let skip = 0;; skip += 1000) {
          const page = await listSuppliers(deps, {
            skipCount: skip,
            maxResultCount: 1000,
            status: opts.status as SupplierDto["status"] | undefined,
          });
          out.push(...page.items);
          if (out.length >= page.totalCount || !page.items.length) return out;
        }
      });
      if (opts.json) return console.log(JSON.stringify(all, null, 2));
      if (!all.length) return console.log(s("none"));
      const f = (k: string) => t(lang, `suppliers.fields.${k}`);
      console.log(formatTable([
        [
          f("code"),
          f("abbrName"),
          f("status"),
          f("cooperationStatus"),
          f("email1"),
          f("portalUserName"),
        ],
        ...all.map((x) => [
          x.code,
          x.abbrName,
          t(lang, `suppliers.status.${x.status}`),
          t(lang, `suppliers.cooperation.${x.cooperationStatus}`),
          x.email1 ?? x.email2 ?? x.email3 ?? "",
          x.portalUserName ?? "",
        ]),
      ]));
    });

  suppliers.command("sync")
    .description(s("sync"))
    .option("--since <date>", s("optSince"))
    .option("--file <file>", s("optFile"))
    .option("--dry-run", s("optDryRun"))
    .option("--json", s("optJson"))
    .action(async (opts: { since?: string; file?: string; dryRun?: boolean; json?: boolean }) => {
      const since = opts.since ? parseDate(opts.since) : undefined;
      if (opts.file) {
        try {
          await Deno.stat(opts.file);
        } catch (err) {
          if (err instanceof Deno.errors.NotFound) {
            throw new CliError("noSuchFile", { file: opts.file }, EXIT_BAD_INPUT);
          }
          throw err;
        }
      }
      const bar = progressBar();
      if (!opts.json && Deno.stderr.isTerminal()) {
        console.error(s("reading", { source: opts.file ?? "ERP_SUPPLIERS_URL" }));
      }
      const options = { since, dryRun: !!opts.dryRun, lang, onProgress: bar.update };
      const report = await withDeps((deps) =>
        opts.file ? syncFromFile(deps, opts.file, options) : syncFromErp(deps, options)
      );
      if (opts.json) console.log(JSON.stringify(report, null, 2));
      else printReport(report);
    });

  suppliers.command("export")
    .description(s("export"))
    .requiredOption("--out <file>", t(lang, "cli.help.optOut"))
    .option("--status <status>", s("optStatus"))
    .option("--cooperation <status>", s("optCooperation"))
    .option("--code <code>", s("optCode"))
    .option("--keyword <text>", s("optKeyword"))
    .option("--force", t(lang, "cli.help.optOverwrite"))
    .action(async (opts: {
      out: string;
      status?: string;
      cooperation?: string;
      code?: string;
      keyword?: string;
      force?: boolean;
    }) => {
      // The filter is checked before the file and the database: a typo changes nothing.
      const input = listSuppliersInput.parse({
        status: opts.status,
        cooperationStatus: opts.cooperation,
        code: opts.code,
        keyword: opts.keyword,
      });
      await checkOutputFile(opts.out, opts.force);
      const count = await withDeps(async (deps) => {
        const file = await exportSuppliers(deps, input, lang);
        await writeOutputFile(opts.out, file.stream, { force: opts.force });
        return file.count;
      });
      console.log(s("exported", { count, file: opts.out }));
    });

  suppliers.command("invalidate")
    .description(s("invalidate"))
    .argument("<code>", s("argCode"))
    .action(async (code: string) => {
      const supplier = await withDeps((deps) => invalidateSupplierByCode(deps, code));
      console.log(s("invalidated", { code: supplier.code }));
    });

  suppliers.command("certificates")
    .description(s("certificates"))
    .argument("<code>", s("argCode"))
    .option("--json", s("optJson"))
    .action(async (code: string, opts: { json?: boolean }) => {
      const { items } = await withDeps(async (deps) => {
        const supplier = await findSupplierByCode(deps.db, code);
        if (!supplier) throw notFound("supplier", code);
        return await listCertificates(deps, supplier.id);
      });
      if (opts.json) return console.log(JSON.stringify(items, null, 2));
      if (!items.length) return console.log(s("noCertificates"));
      const c = (k: string, p?: Record<string, unknown>) => t(lang, `qualificationsPage.${k}`, p);
      console.log(formatTable([
        [c("type"), c("number"), c("issuedOn"), c("expiresOn"), c("status.title"), c("file")],
        ...items.map((x) => [
          lang === "en" ? x.typeNameEn : x.typeName,
          x.number,
          x.issuedOn,
          x.expiresOn ?? c("noExpiry"),
          x.status === "valid"
            ? c("status.valid")
            : x.status === "expiring"
            ? c("daysLeft", { count: x.daysLeft })
            : c("expiredAgo", { count: -(x.daysLeft ?? 0) }),
          x.file?.fileName ?? "",
        ]),
      ]));
    });

  suppliers.command("expiring")
    .description(s("expiring"))
    .option("--days <days>", s("optDays"), "30")
    .option("--json", s("optJson"))
    .action(async (opts: { days: string; json?: boolean }) => {
      const days = expiringInput.parse({ days: opts.days }).days;
      const items = await withDeps((deps) => expiringCertificates(deps, days));
      if (opts.json) return console.log(JSON.stringify(items, null, 2));
      if (!items.length) return console.log(s("noneExpiring", { days }));
      console.log(formatTable(items.map((x) => [
        x.expiresOn,
        x.supplierCode,
        x.supplierName,
        x.type,
        x.number,
        s("daysLeft", { count: x.daysLeft }),
      ])));
    });

  suppliers.command("performance")
    .description(s("performance"))
    .argument("[code]", s("argCodeOptional"))
    .option("--months <months>", s("optMonths"))
    .option("--json", s("optJson"))
    .action(async (code: string | undefined, opts: { months?: string; json?: boolean }) => {
      const p = (k: string) => t(lang, `performancePage.${k}`);
      const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);
      const rows = await withDeps(async (deps) => {
        const input = performanceListInput.parse({ months: opts.months, maxResultCount: 1000 });
        const all = await listPerformance(deps, input);
        if (!code) return all.items;
        const found = all.items.filter((r) => r.code.toLowerCase() === code.toLowerCase());
        if (!found.length && !(await findSupplierByCode(deps.db, code))) {
          throw notFound("supplier", code);
        }
        return found;
      });
      if (opts.json) return console.log(JSON.stringify(rows, null, 2));
      if (!rows.length) return console.log(p("none"));
      console.log(formatTable([
        [
          t(lang, "suppliers.fields.code"),
          t(lang, "suppliers.fields.abbrName"),
          p("invitations"),
          p("responseRate"),
          p("onTimeRate"),
          p("averageRank"),
        ],
        ...rows.map((r) => [
          r.code,
          r.abbrName,
          String(r.invitations),
          pct(r.responseRate),
          pct(r.onTimeRate),
          r.averageRank === null ? "–" : r.averageRank.toFixed(2),
        ]),
      ]));
    });
}
