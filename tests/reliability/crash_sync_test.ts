// Crash safety of the ERP supplier sync, small enough for every test run: the real server killed
// while it reads a slow ERP's list and twice while it applies it (the scenario: crash_sync.ts; more
// rows and kill points: `deno task soak`).
import { syncCrashScenario } from "./crash_sync.ts";

Deno.test("SIGKILL during an ERP supplier sync leaves all of it or none, and the rerun counts right", () =>
  syncCrashScenario({
    name: "crash during supplier sync",
    total: 2000,
    known: 800,
    fractions: [0.2, 0.6],
  }));
