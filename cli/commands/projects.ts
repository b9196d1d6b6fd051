// projects list | end | close | export: quotation projects from the shell (cron, admins).
import type { Command } from "commander";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { Actor, Deps } from "../../server/domain/context.ts";
import { allPermissions } from "../../server/domain/auth/permissions.ts";
import { endProject } from "../../server/domain/projects/lifecycle.ts";
import { closeProject } from "../../server/domain/auction/closeProject.ts";
import { listProjects } from "../../server/domain/projects/list.ts";
import { type ProjectDto } from "../../server/domain/projects/dto.ts";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import {
  exportProjectsInput,
  listProjectsInput,
} from "../../server/domain/projects/listFilters.ts";
import { exportProjects } from "../../server/domain/projects/export.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";
import { closingOf } from "../../server/domain/shared/closing.ts";
import { t } from "../../server/i18n.ts";
import { checkOutputFile, lang, printTable, say, withDeps, writeOutputFile } from "../context.ts";

/**
 * The CLI acts as the administrator `admin` (or the user named by QMO_CLI_USER), with every
 * permission: whoever runs it already holds the database.
 */
export async function cliActor(deps: Deps): Promise<Actor> {
  const name = Deno.env.get("QMO_CLI_USER") ?? "admin";
  const u = await deps.db.query.users.findFirst({ where: eq(users.normalizedUserName, name) });
  return {
    id: u?.id ?? 0,
    userName: u?.userName ?? name,
    name: u?.name ?? name,
    kind: "staff",
    supplierId: null,
    roleNames: [],
    permissions: new Set(allPermissions),
  };
}

type Filters = { status?: string; kind?: string; code?: string; name?: string };

export function registerProjectCommands(program: Command) {
  const projects = program.command("projects").description(say("help.projects"));

  projects.command("list")
    .description(say("help.projectsList"))
    .option("--status <status>", say("help.optStatus"))
    .option("--kind <kind>", say("help.optKind"))
    .option("--code <code>", say("help.optCode"))
    .option("--name <name>", say("help.optProjectName"))
    .option("--json", say("help.optJson"))
    .action(async (opts: Filters & { json?: boolean }) => {
      const all = await withDeps(async (deps) => {
        const actor = await cliActor(deps);
        const out: ProjectDto[] = [];
        for (let skip = 0;; skip += 1000) {
          const input = listProjectsInput.parse({
            ...pick(opts),
            skipCount: skip,
            maxResultCount: 1000,
          });
          const page = await listProjects(deps, actor, input);
          out.push(...page.items);
          // By keyword the count stops at 2,000: a short page is the end.
          if (page.items.length < 1000) return out;
        }
      });
      if (opts.json) {
        console.log(JSON.stringify(all, null, 2));
        return;
      }
      const rows = [
        ["code", "kind", "status", "closes (UTC+8)", "suppliers", "quoted", "name"],
        ...all.map((p) => [
          p.code,
          p.kind,
          t(lang, `projects.statuses.${p.status}`),
          closingCell(p),
          String(p.supplierCount),
          String(p.quotedCount),
          p.name,
        ]),
      ];
      printTable(rows);
      console.log(say("projectsCount", { count: all.length }));
    });

  projects.command("end")
    .description(say("help.projectsEnd"))
    .argument("<code>", say("help.argProjectCode"))
    .action(async (code: string) => {
      const p = await withDeps(async (deps) =>
        endProject(deps, await cliActor(deps), await projectIdByCode(deps.db, code))
      );
      console.log(say("projectEnded", { code: p.code }));
    });

  projects.command("close")
    .description(say("help.projectsClose"))
    .argument("<code>", say("help.argProjectCode"))
    .requiredOption("--reason <reason>", say("help.optReason"))
    .action(async (code: string, opts: { reason: string }) => {
      await withDeps(async (deps) =>
        closeProject(deps, await cliActor(deps), {
          offProId: await projectIdByCode(deps.db, code),
          closeReason: opts.reason,
        }, { via: "cli" })
      );
      console.log(say("projectClosed", { code }));
    });

  projects.command("export")
    .description(say("help.projectsExport"))
    .requiredOption("--out <file>", say("help.optOut"))
    .option("--status <status>", say("help.optStatus"))
    .option("--kind <kind>", say("help.optKind"))
    .option("--code <code>", say("help.optCode"))
    .option("--name <name>", say("help.optProjectName"))
    .option("--force", say("help.optOverwrite"))
    .action(async (opts: Filters & { out: string; force?: boolean }) => {
      await checkOutputFile(opts.out, opts.force);
      const rows = await withDeps(async (deps) => {
        const actor = await cliActor(deps);
        const file = await exportProjects(deps, actor, exportProjectsInput.parse(pick(opts)), lang);
        await writeOutputFile(opts.out, file.stream, { force: opts.force });
        return file.rows;
      });
      console.log(say("projectsExported", { count: rows, file: opts.out }));
    });
}

/** When quoting closes (a round's end, the end by hand, the early end, the deadline), with why. */
function closingCell(p: ProjectDto): string {
  const c = closingOf({
    deadline: p.offerEndTime,
    firstClosesAt: p.closesAt,
    endedByHandAt: p.endedByHandAt,
    round: p.currentRound,
    roundEndsAt: p.roundEndsAt,
  });
  const at = formatUtc8(c.at);
  if (!c.reason) return at;
  const deadline = c.deadline ? t(lang, "closing.deadline", { time: formatUtc8(c.deadline) }) : "";
  return `${at} (${
    [t(lang, `closing.${c.reason}`, { round: c.round }), deadline].filter(Boolean).join("; ")
  })`;
}

const pick = (o: Filters) => ({ status: o.status, kind: o.kind, code: o.code, name: o.name });
