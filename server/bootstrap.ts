// Opens the configured database, brings it up to date and answers the domain's dependencies;
// shared by the server, the CLI and the tests.
import { migrateDatabase, openDatabase } from "../db/client.ts";
import type { Config } from "./config.ts";
import { type Clock, type Deps, systemClock } from "./domain/context.ts";

export async function openDeps(
  config: Config,
  clock: Clock = systemClock,
): Promise<Deps & { close: () => void }> {
  const { db, close } = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  await migrateDatabase(db);
  return { db, clock, config, close };
}
