// Shared set-up of the tests that hold the project list's status SQL to the status rule: projects
// given a first quote (before T0) and an optimisation round (from T0 + 2 h to T0 + 4 h).
import { files, offerRounds, quotes, suppliers } from "../../db/schema.ts";
import type { TestEnv } from "../helpers.ts";

export const T0 = Date.parse("2026-12-01T02:00:00.000Z");
export const H = 3600_000;

/** A supplier and a quote file, and what adds a quote or a round to a project with them. */
export async function quotesAndRounds(env: TestEnv, code: string) {
  const [s] = await env.db.insert(suppliers).values({
    code,
    abbrName: code,
    fullName: `${code} Ltd`,
    status: "effective",
  }).returning();
  const [f] = await env.db.insert(files).values({
    sha256: "0".repeat(64),
    size: 1,
    contentType: "application/pdf",
    fileName: "q.pdf",
    purpose: "quote",
  }).returning();
  return {
    addQuote: (projectId: number) =>
      env.db.insert(quotes).values({
        projectId,
        supplierId: s.id,
        fileId: f.id,
        submittedAt: new Date(T0 - 2 * H),
      }),
    addRound: (projectId: number) =>
      env.db.insert(offerRounds).values({
        projectId,
        round: 1,
        openedAt: new Date(T0 + 2 * H),
        endTime: new Date(T0 + 4 * H),
      }),
  };
}
