// A worker that solves one large award scenario (scenarioModel.evaluate) off the server's event
// loop: it answers the one message it is sent and is then ended by its caller (scenarios.ts).
import { type CostTable, evaluate, type ScenarioRules } from "./scenarioModel.ts";

type Job = { table: CostTable; rules: ScenarioRules };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Job>) => void) | null;
  postMessage: (m: unknown) => void;
};

scope.onmessage = async (e) => {
  try {
    scope.postMessage({ result: await evaluate(e.data.table, e.data.rules) });
  } catch (err) {
    scope.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
};
