// scenarios list <project> | show <project> <name>: a project's award scenarios from the shell,
// each solved on the matrix in force: its total and difference from the lowest per line, its
// lines with each supplier's share, and the rules that bind or cannot be met.
import type { Command } from "commander";
import { t } from "../../server/i18n.ts";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import {
  listScenarios,
  scenarioByName,
  type ScenarioDto,
} from "../../server/domain/comparison/scenarios.ts";
import { grouped } from "../../server/domain/shared/decimal.ts";
import { cliActor } from "./projects.ts";
import { lang, printTable, withDeps } from "../context.ts";

const say = (key: string, params?: Record<string, unknown>) => t(lang, `scenarios.${key}`, params);

type Rule = ScenarioDto["binding"][number];

function ruleText(r: Rule, s: ScenarioDto): string {
  switch (r.kind) {
    case "maxSuppliers":
      return say("rule.maxSuppliers", { n: s.rules.maxSuppliers });
    case "excluded":
    case "required":
      return say(`rule.${r.kind}`, { name: r.supplierAbbr ?? "" });
    default:
      return r.itemId
        ? say("rule.secondSourceLine", { item: r.itemName ?? "" })
        : say("rule.secondSourceProject");
  }
}

/** The rules that bind, or what cannot be met. */
function outcome(s: ScenarioDto): string {
  if (s.timedOut) return say("timedOut");
  if (!s.feasible) {
    return say("cannotMeet", {
      rules: s.blocking.length ? s.blocking.map((r) => ruleText(r, s)).join("; ") : say("together"),
    });
  }
  return s.binding.length ? s.binding.map((r) => ruleText(r, s)).join("; ") : say("noneBind");
}

const money = (v: string | null) => (v === null ? "—" : grouped(v));
const difference = (s: ScenarioDto) =>
  s.difference === null
    ? "—"
    : `${grouped(s.difference)}${
      s.differencePercent === null ? "" : ` (${s.differencePercent} %)`
    }`;

const loaded = <T>(
  code: string,
  f: (deps: Parameters<Parameters<typeof withDeps>[0]>[0], id: number) => Promise<T>,
) => withDeps(async (deps) => f(deps, await projectIdByCode(deps.db, code)));

export function registerScenarioCommands(program: Command) {
  const scenarios = program.command("scenarios").description(say("cli.help"));

  scenarios.command("list")
    .description(say("cli.list"))
    .argument("<project>", say("cli.argProject"))
    .option("--json", say("cli.optJson"))
    .action(async (code: string, opts: { json?: boolean }) => {
      const all = await loaded(
        code,
        async (deps, id) => await listScenarios(deps, await cliActor(deps), id),
      );
      if (opts.json) return console.log(JSON.stringify(all, null, 2));
      printTable([
        [say("name"), say("total"), say("difference"), say("binding")],
        ...all.map((s) => [
          s.name,
          s.feasible ? money(s.total) : say("impossible"),
          difference(s),
          outcome(s),
        ]),
      ]);
      console.log(
        say("cli.count", { count: all.length, lowest: money(all[0]?.lowestTotal ?? null) }),
      );
    });

  scenarios.command("show")
    .description(say("cli.show"))
    .argument("<project>", say("cli.argProject"))
    .argument("<name>", say("cli.argName"))
    .option("--json", say("cli.optJson"))
    .action(async (code: string, name: string, opts: { json?: boolean }) => {
      const s = await loaded(
        code,
        async (deps, id) => await scenarioByName(deps, await cliActor(deps), id, name),
      );
      if (opts.json) return console.log(JSON.stringify(s, null, 2));
      console.log(`${s.name}`);
      console.log(`${say("total")}: ${s.feasible ? money(s.total) : say("impossible")}`);
      console.log(`${say("lowest")}: ${money(s.lowestTotal)}`);
      console.log(`${say("difference")}: ${difference(s)}`);
      console.log(`${say("binding")}: ${outcome(s)}`);
      if (s.lines.length) {
        printTable([
          [say("line"), say("cli.supplier"), say("cli.share"), say("cli.quantity"), say("total")],
          ...s.lines.flatMap((l) =>
            l.parts.map((
              p,
            ) => [l.itemName, p.supplierAbbr, `${p.percent} %`, p.quantity, money(p.amount)])
          ),
        ]);
      }
      if (s.gapPercent !== null) console.log(say("gap", { gap: s.gapPercent }));
      if (s.unpriced.length) console.log(say("unpriced", { items: s.unpriced.join(", ") }));
    });
}
