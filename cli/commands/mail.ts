// mail flush | test, reminders due | send: the outbox and reminders from the shell.
import type { Command } from "commander";
import { t } from "../../server/i18n.ts";
import type { Deps } from "../../server/domain/context.ts";
import {
  dueReminders,
  flushOutbox,
  sendDueReminders,
  sendManual,
  sendTestMail,
} from "../../server/domain/email/service.ts";
import { ensureEmailTemplates } from "../../server/domain/email/templates.ts";
import { lang, withDeps } from "../context.ts";

const tr = (key: string, params?: Record<string, unknown>) => t(lang, key, params);

const withTemplates = <T>(fn: (deps: Deps) => Promise<T>) =>
  withDeps(async (deps) => {
    // The CLI may run before the server's first start seeded the templates.
    await ensureEmailTemplates(deps.db);
    return await fn(deps);
  });

export function registerMailCommands(program: Command) {
  const mail = program.command("mail").description(tr("email.cli.help.mail"));

  mail.command("flush")
    .description(tr("email.cli.help.mailFlush"))
    .action(async () => {
      const r = await withTemplates((deps) => flushOutbox(deps));
      console.log(tr("email.cli.flushed", r));
    });

  mail.command("test")
    .description(tr("email.cli.help.mailTest"))
    .argument("<address>", tr("email.cli.help.argAddress"))
    .action(async (address: string) => {
      const r = await withTemplates((deps) => sendTestMail(deps, address));
      console.log(tr("email.cli.testSent", r));
    });

  const reminders = program.command("reminders").description(tr("email.cli.help.reminders"));

  reminders.command("due")
    .description(tr("email.cli.help.remindersDue"))
    .option("--dry-run", tr("email.cli.help.optDryRun"))
    .action(async (opts: { dryRun?: boolean }) => {
      await withTemplates(async (deps) => {
        const due = await dueReminders(deps);
        if (!due.length) console.log(tr("email.cli.noneDue"));
        for (const d of due) {
          console.log(tr("email.cli.due", {
            projectCode: d.projectCode,
            projectName: d.projectName,
            round: d.round > 0
              ? tr("email.rounds.optimise", { round: d.round })
              : tr("email.rounds.first"),
            deadline: d.deadlineUtc8,
            hours: d.hours,
            template: d.templateCode,
            suppliers: d.suppliers.map((s) => `${s.code} ${s.name} <${s.emails.join(", ")}>`)
              .join("; "),
          }));
        }
        if (opts.dryRun || !due.length) return;
        const { queued } = await sendDueReminders(deps);
        console.log(tr("email.cli.remindersQueued", { count: queued }));
        console.log(tr("email.cli.flushed", await flushOutbox(deps)));
      });
    });

  reminders.command("send")
    .description(tr("email.cli.help.remindersSend"))
    .requiredOption("--project <code>", tr("email.cli.help.optProject"))
    .requiredOption("--template <code>", tr("email.cli.help.optTemplate"))
    .option("--suppliers <codes...>", tr("email.cli.help.optSuppliers"))
    .action(async (opts: { project: string; template: string; suppliers?: string[] }) => {
      const r = await withTemplates((deps) =>
        sendManual(deps, {
          projectCode: opts.project,
          templateCode: opts.template,
          supplierCodes: opts.suppliers?.flatMap((s) => s.split(",")).filter(Boolean),
        })
      );
      console.log(tr("email.cli.manualSent", { ...r, count: r.queued }));
      for (const s of r.suppliers) {
        const outcome = tr(`reminder.outcomes.${s.outcome}`);
        console.log(tr("email.cli.manualSupplier", {
          code: s.code,
          name: s.name,
          outcome: s.reason
            ? tr("email.cli.manualWhy", { outcome, why: tr(`reminder.reasons.${s.reason}`) })
            : s.error
            ? tr("email.cli.manualWhy", { outcome, why: s.error })
            : outcome,
        }));
      }
    });
}
