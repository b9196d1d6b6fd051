// `deno task check` keeps the code's shape (docs/architecture.md, "Import rules"): its import
// rules and its dead-export check run here, as the task runs them, on tiny trees in a temporary
// folder, and must pass a tree that keeps the rules and fail one that breaks them.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const denoJson = JSON.parse(await Deno.readTextFile(join(root, "deno.json")));
const tasks: Record<string, string> = denoJson.tasks;

/**
 * A task's command as deno.json has it, to run in another folder: the same deno, the repository's
 * configuration (its npm packages, never writing its lock file), and the files the named options
 * point at taken from the repository.
 */
function taskCommand(name: string, repoOptions: string[]): string[] {
  const [deno, run, ...rest] = tasks[name].split(/\s+/);
  assert.deepEqual([deno, run], ["deno", "run"], `${name}: ${tasks[name]}`);
  const args = rest.map((a, i) => (repoOptions.includes(rest[i - 1]) ? join(root, a) : a));
  return [run, "--config", join(root, "deno.json"), "--frozen", ...args];
}

/** Runs a task's command in `cwd`: its exit code and what it printed. */
async function runIn(cwd: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, text: text.replace(/\s+/g, " ") };
}

/** Writes the files (path → text) below `dir`. */
async function write(dir: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(dirname(join(dir, path)), { recursive: true });
    await Deno.writeTextFile(join(dir, path), text);
  }
}

async function inTempDir(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "qmo-check-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("deno task check runs the import rules and the dead-export check", () => {
  const steps = tasks.check.split("&&").map((s) => s.trim());
  assert.ok(steps.includes("deno task imports"), tasks.check);
  assert.ok(steps.includes("deno task exports"), tasks.check);
  assert.match(tasks.imports, /\bdependency-cruiser --config \.dependency-cruiser\.cjs\b/);
  assert.match(tasks.exports, /\bknip\b/);
});

/** A small tree laid out as the repository is, every import going the way the rules allow. */
const layeredTree = {
  "db/schema.ts": "export const users = 'users';\n",
  "server/domain/shared/time.ts": "export const utc8 = 8;\n",
  "server/domain/users/schemas.ts": "export const userInput = { name: 'text' };\n",
  "server/domain/users/service.ts": [
    'import { users } from "../../../db/schema.ts";',
    'import { utc8 } from "../shared/time.ts";',
    'import { userInput } from "./schemas.ts";',
    "export type UserDto = { id: number };",
    "export const listUsers = () => [users, utc8, userInput];",
  ].join("\n"),
  "server/http/app.ts": [
    'import { listUsers } from "../domain/users/service.ts";',
    "export const app = listUsers;",
  ].join("\n"),
  "cli/main.ts": 'import { listUsers } from "../server/domain/users/service.ts";\nlistUsers();\n',
  "client/users.ts": [
    'import { userInput } from "../server/domain/users/schemas.ts";',
    'import type { UserDto } from "../server/domain/users/service.ts";',
    "export const form: [typeof userInput, UserDto[]] = [userInput, []];",
  ].join("\n"),
};

Deno.test("the import rules pass a layered tree and fail a cycle and each upward import", async () => {
  const cruise = taskCommand("imports", ["--config"]);
  await inTempDir(async (dir) => {
    await write(dir, layeredTree);
    const clean = await runIn(dir, cruise);
    assert.equal(clean.code, 0, clean.text);
    assert.match(clean.text, /no dependency violations/);

    await write(dir, {
      // A cycle between two areas.
      "server/domain/quotes/service.ts":
        'import { projectName } from "../projects/service.ts";\nexport const quote = () => projectName;\n',
      "server/domain/projects/service.ts":
        'import { quote } from "../quotes/service.ts";\nexport const projectName = () => quote;\n',
      // db imports the domain above it.
      "db/seed.ts":
        'import { listUsers } from "../server/domain/users/service.ts";\nexport const seed = listUsers;\n',
      // The domain imports a door (HTTP).
      "server/domain/users/report.ts":
        'import { app } from "../../http/app.ts";\nexport const report = app;\n',
      // The bottom layer imports a business area.
      "server/domain/shared/names.ts":
        'import { listUsers } from "../users/service.ts";\nexport const names = listUsers;\n',
      // The client runs a domain service rather than a schema or a type.
      "client/admin.ts":
        'import { listUsers } from "../server/domain/users/service.ts";\nlistUsers();\n',
    });
    const broken = await runIn(dir, cruise);
    assert.notEqual(broken.code, 0, broken.text);
    for (
      const violation of [
        /error no-cycles: server\/domain\/(quotes|projects)\/service\.ts → server\/domain\/(projects|quotes)\/service\.ts/,
        /error db-is-the-bottom: db\/seed\.ts → server\/domain\/users\/service\.ts/,
        /error domain-knows-no-door: server\/domain\/users\/report\.ts → server\/http\/app\.ts/,
        /error shared-knows-no-area: server\/domain\/shared\/names\.ts → server\/domain\/users\/service\.ts/,
        /error client-takes-only-contracts: client\/admin\.ts → server\/domain\/users\/service\.ts/,
      ]
    ) assert.match(broken.text, violation);
  });
});

Deno.test("the dead-export check passes a tree whose exports are all used and fails a dead one", async () => {
  // The repository's knip settings, for a tree of two files.
  const knip = JSON.parse(await Deno.readTextFile(join(root, "knip.json")));
  const exportsCheck = taskCommand("exports", ["--tsConfig"]);
  await inTempDir(async (dir) => {
    await write(dir, {
      "package.json": JSON.stringify({ name: "fixture", private: true, type: "module" }),
      "knip.json": JSON.stringify({ ...knip, entry: ["main.ts"], project: ["*.ts"], ignore: [] }),
      "main.ts": 'import { used } from "./lib.ts";\nconsole.log(used());\n',
      "lib.ts": "export const used = () => 1;\n",
    });
    const clean = await runIn(dir, exportsCheck);
    assert.equal(clean.code, 0, clean.text);

    await write(dir, {
      "lib.ts": "export const used = () => 1;\nexport function forgotten() {\n  return 2;\n}\n",
    });
    const dead = await runIn(dir, exportsCheck);
    assert.notEqual(dead.code, 0, dead.text);
    assert.match(dead.text, /Unused exports \(1\) forgotten function lib\.ts:2/);
  });
});
