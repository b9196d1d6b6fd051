// What every domain operation may need: the database, the clock and the configuration, plus the
// acting user where there is one. Tests pass a fixed clock and a temporary database.
import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests and the CLI's --now. */
export function fixedClock(
  start: Date | string,
): Clock & { set(d: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => (current = new Date(d)),
    advance: (ms) => (current = new Date(current.getTime() + ms)),
  };
}

export type Deps = { db: Db; clock: Clock; config: Config };

export type Actor = {
  id: number;
  userName: string;
  name: string;
  kind: "staff" | "supplier";
  supplierId: number | null;
  roleNames: readonly string[];
  permissions: ReadonlySet<string>;
  /** The token's id, so the session can be ended. */
  sessionId?: string;
};

export const hasAnyPermission = (actor: Actor, required: readonly string[]) =>
  required.some((p) => actor.permissions.has(p));
