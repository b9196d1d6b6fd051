// users create | reset-password | reset-two-factor | list: account administration from the shell.
import type { Command } from "commander";
import { generatePassword } from "../../server/domain/shared/password.ts";
import {
  createUser,
  findUserByName,
  listUsers,
  resetPassword,
  type UserDto,
} from "../../server/domain/users/service.ts";
import { resetSecondFactor } from "../../server/domain/auth/twoFactor.ts";
import { CliError, EXIT_BAD_INPUT, printTable, say, withDeps } from "../context.ts";
import { cliActor } from "./projects.ts";

export function registerUserCommands(program: Command) {
  const users = program.command("users").description(say("help.users"));

  users.command("create")
    .description(say("help.usersCreate"))
    .requiredOption("--user-name <userName>", say("help.optUserName"))
    .requiredOption("--name <name>", say("help.optName"))
    .option("--email <email>", say("help.optEmail"))
    .option("--role <role...>", say("help.optRole"), [])
    .option("--password <password>", say("help.optPassword"))
    .action(async (opts: {
      userName: string;
      name: string;
      email?: string;
      role: string[];
      password?: string;
    }) => {
      const password = opts.password ?? generatePassword();
      const user = await withDeps((deps) =>
        createUser(deps, {
          userName: opts.userName,
          name: opts.name,
          emailAddress: opts.email ?? null,
          roleNames: opts.role,
          password,
        })
      );
      console.log(say("userCreated", { userName: user.userName, id: user.id }));
      if (!opts.password) console.log(say("generatedPassword", { password }));
    });

  users.command("reset-password")
    .description(say("help.usersResetPassword"))
    .argument("<userName>", say("help.argUserName"))
    .option("--password <password>", say("help.optPassword"))
    .action(async (userName: string, opts: { password?: string }) => {
      const password = opts.password ?? generatePassword();
      const user = await withDeps(async (deps) => {
        const user = await findUserByName(deps.db, userName);
        if (!user) throw new CliError("noSuchUser", { userName }, EXIT_BAD_INPUT);
        await resetPassword(deps, { userId: user.id, newPassword: password });
        return user;
      });
      console.log(say("passwordReset", { userName: user.userName }));
      if (!opts.password) console.log(say("generatedPassword", { password }));
    });

  // The way back in for an administrator who lost the phone and the recovery codes.
  users.command("reset-two-factor")
    .description(say("help.usersResetTwoFactor"))
    .argument("<userName>", say("help.argUserName"))
    .action(async (userName: string) => {
      await withDeps(async (deps) => {
        const user = await findUserByName(deps.db, userName);
        if (!user) throw new CliError("noSuchUser", { userName }, EXIT_BAD_INPUT);
        await resetSecondFactor(deps, user.id, await cliActor(deps));
      });
      console.log(say("twoFactorReset", { userName }));
    });

  users.command("list")
    .description(say("help.usersList"))
    .option("--json", say("help.optJson"))
    .action(async (opts: { json?: boolean }) => {
      const all = await withDeps(async (deps) => {
        const out: UserDto[] = [];
        for (let skip = 0;; skip += 1000) {
          const page = await listUsers(deps, { skipCount: skip, maxResultCount: 1000 });
          out.push(...page.items);
          if (out.length >= page.totalCount || !page.items.length) return out;
        }
      });
      if (opts.json) {
        console.log(JSON.stringify(all, null, 2));
        return;
      }
      const rows = [
        ["id", "userName", "name", "kind", "active", "roles"],
        ...all.map((u) => [
          String(u.id),
          u.userName,
          u.name,
          u.kind,
          u.isActive ? "yes" : "no",
          u.roleNames.join(","),
        ]),
      ];
      printTable(rows);
    });
}
