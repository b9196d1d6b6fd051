// Every transaction goes through db/client.ts `transaction(db, fn)`, which takes its turn among
// this process's writes: none calls drizzle's `db.transaction` directly, which would not wait.
import assert from "node:assert/strict";
import { join } from "node:path";

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sources(path);
    else if (/\.tsx?$/.test(path)) yield path;
  }
}

Deno.test("no code opens a transaction but through transaction(db, fn)", async () => {
  const found: string[] = [];
  for (const dir of ["server", "cli", "bench", "db"]) {
    for await (const path of sources(dir)) {
      if (path === "db/client.ts") continue;
      const text = await Deno.readTextFile(path);
      text.split("\n").forEach((line, i) => {
        if (/\.transaction\(/.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  assert.deepEqual(found, []);
});
