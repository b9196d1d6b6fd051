// Soak (`deno task soak`): the ERP sync crash scenario with more rows and kill points than the
// every-run test: 6000 records, SIGKILL while reading and at seven points while applying.
import { syncCrashScenario } from "../reliability/crash_sync.ts";

Deno.test("SIGKILL at many points of a large ERP supplier sync leaves all of it or none", () =>
  syncCrashScenario({
    name: "crash during a large supplier sync",
    total: 6000,
    known: 2400,
    fractions: [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95],
  }));
