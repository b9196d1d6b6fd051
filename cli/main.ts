// The QMO command line: `deno task cli -- <command>`; each area registers its commands here.
import { Command, CommanderError } from "commander";
import { describeFailure, EXIT_BAD_INPUT, say } from "./context.ts";
import { hasControlCharacter } from "../server/domain/shared/input.ts";
import { registerUserCommands } from "./commands/users.ts";
import { registerSupplierCommands } from "./commands/suppliers.ts";
import { registerDbCommands } from "./commands/db.ts";
import { registerProjectCommands } from "./commands/projects.ts";
import { registerJobCommands } from "./commands/jobs.ts";
import { registerMailCommands } from "./commands/mail.ts";
import { registerComparisonCommands } from "./commands/comparison.ts";
import { registerAuditCommands } from "./commands/audit.ts";
import { registerQuoteCommands } from "./commands/quotes.ts";
import { registerDemoCommands } from "./commands/demo.ts";
import { registerCategoryCommands } from "./commands/categories.ts";
import { registerCalendarCommands } from "./commands/calendar.ts";
import { registerAwardCommands } from "./commands/awards.ts";
import { registerQuestionCommands } from "./commands/questions.ts";
import { registerSavingsCommands } from "./commands/savings.ts";
import { registerAuctionCommands } from "./commands/auction.ts";
import { registerEvaluationCommands } from "./commands/evaluation.ts";
import { registerScenarioCommands } from "./commands/scenarios.ts";

export function buildProgram(): Command {
  const program = new Command("qmo")
    .description(say("help.program"))
    .helpCommand(true)
    .showHelpAfterError()
    // Failures are thrown, so one place below chooses the message and the exit code.
    .exitOverride();
  registerUserCommands(program);
  registerSupplierCommands(program);
  registerDbCommands(program);
  registerCategoryCommands(program);
  registerCalendarCommands(program);
  registerProjectCommands(program);
  registerJobCommands(program);
  registerMailCommands(program);
  registerComparisonCommands(program);
  registerAwardCommands(program);
  registerQuoteCommands(program);
  registerQuestionCommands(program);
  registerSavingsCommands(program);
  registerAuctionCommands(program);
  registerEvaluationCommands(program);
  registerScenarioCommands(program);
  registerAuditCommands(program);
  registerDemoCommands(program);
  return program;
}

export async function runCli(args: string[]): Promise<number> {
  // `deno task cli -- users list` may pass the separator through.
  const argv = args[0] === "--" ? args.slice(1) : args;
  // As at the HTTP door: no control character reaches a command (tab and line breaks may).
  const control = argv.find((arg) => hasControlCharacter(arg, true));
  if (control !== undefined) {
    console.error(say("controlCharacter", { argument: JSON.stringify(control) }));
    return EXIT_BAD_INPUT;
  }
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander has printed the help or its own usage message already.
      return err.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
    }
    const { message, exitCode } = describeFailure(err);
    console.error(say("failed", { message }));
    return exitCode;
  }
}

if (import.meta.main) Deno.exit(await runCli(Deno.args));
