// Opens the configured database, brings it up to date and answers the domain's dependencies;
// shared by the server, the CLI and the tests.
import { migrateDatabase, openDatabase } from "../db/client.ts";
import { openHeldDatabase } from "../db/lock.ts";
import type { Config } from "./config.ts";
import { type Clock, type Deps, systemClock } from "./domain/context.ts";

/**
 * A database file is held (db/lock.ts) until `close`: `db restore` refuses while it is, and
 * migrations wait for the file to be free. `waitMs`: how long to wait for other instances that
 * are starting at the same moment and migrating (the server waits; a command does not).
 */
export async function openDeps(
  config: Config,
  clock: Clock = systemClock,
  opts: { waitMs?: number } = {},
): Promise<Deps & { close: () => void }> {
  if (config.databaseFile) {
    const { db, close } = await openHeldDatabase(config.databaseFile, config.databaseUrl, {
      waitMs: opts.waitMs ?? 15_000,
    });
    return { db, clock, config, close };
  }
  const { db, close } = await openDatabase(
    config.databaseUrl,
    config.databaseAuthToken,
    config.databaseReads,
  );
  await migrateDatabase(db);
  return { db, clock, config, close };
}
