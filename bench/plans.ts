// Runs a domain call on a database handle that records every statement, then answers SQLite's
// EXPLAIN QUERY PLAN of each: the plans printed beside the benchmark figures are the real queries.
import { createClient, type InStatement } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../db/schema.ts";
import type { Db } from "../db/client.ts";

export type Plan = { sql: string; plan: string[] };

export function recordingDatabase(url: string) {
  const client = createClient({ url });
  const seen: { sql: string; args: unknown }[] = [];
  const recording = new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "execute") {
        return (stmt: InStatement, args?: unknown) => {
          const sql = typeof stmt === "string" ? stmt : stmt.sql;
          seen.push({ sql, args: typeof stmt === "string" ? args : stmt.args });
          return target.execute(stmt as never, args as never);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const db = drizzle(recording, { schema }) as unknown as Db;
  return {
    db,
    close: () => client.close(),
    /** Runs `fn` and answers the plan of each distinct statement it ran. */
    async plansOf(fn: () => Promise<unknown>): Promise<Plan[]> {
      seen.length = 0;
      await fn();
      const statements = [...new Map(seen.map((s) => [s.sql, s])).values()];
      const tables = new Set(
        (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows
          .map((r) => String(r[0])),
      );
      const plans: Plan[] = [];
      for (const s of statements) {
        const rs = await client.execute({
          sql: `EXPLAIN QUERY PLAN ${s.sql}`,
          args: (s.args ?? []) as never,
        });
        // Rows are (id, parent, notused, detail): indent each step under its parent.
        const depth = new Map<number, number>();
        const plan = rs.rows.map((r) => {
          const d = (depth.get(Number(r[1])) ?? -1) + 1;
          depth.set(Number(r[0]), d);
          const step = String(r[3]);
          // A whole table read where an index could seek: marked, so a reader sees it at once.
          const table = /VIRTUAL TABLE INDEX/.test(step)
            ? undefined
            : step.match(/^SCAN (\S+)/)?.[1];
          return `${"  ".repeat(d)}${table && tables.has(table) ? "!! " : ""}${step}`;
        });
        plans.push({ sql: s.sql.replace(/\s+/g, " "), plan });
      }
      return plans;
    },
  };
}
