// The CLI as an admin or a cron job runs it: a process of its own on a data folder, in English
// unless told otherwise, answering its exit code and what it printed.
const root = new URL("../../", import.meta.url);

export type CliRun = { code: number; stdout: string; stderr: string };

export async function runCli(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "cli/main.ts", ...args],
    cwd: root,
    env: { DATA_DIR: dataDir, LANG: "en_US.UTF-8", NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}
