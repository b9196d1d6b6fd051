// Drives one HTTP scenario with autocannon (bounded in requests and seconds) and reports latency
// percentiles from every response's own time, requests per second and non-2xx answers.
import autocannon from "autocannon";

export type LoadResult = {
  name: string;
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
};

export type Scenario = {
  name: string;
  /** Paths to request in turn (each connection takes the next one). */
  paths: string[];
  headers?: Record<string, string>;
  /** Headers of one request, by its path (when they differ from request to request). */
  headersOf?: (path: string) => Record<string, string>;
};

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * Runs `scenario` against `base` with `connections` at once until `maxRequests` answers or
 * `maxSeconds` pass, whichever comes first.
 */
export async function runLoad(
  base: string,
  scenario: Scenario,
  opts: { connections: number; maxRequests: number; maxSeconds: number },
): Promise<LoadResult> {
  let next = 0;
  const times: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  let lastAnswer = started;
  const instance = autocannon({
    url: base,
    connections: opts.connections,
    amount: opts.maxRequests,
    timeout: 30,
    headers: scenario.headers,
    requests: [{
      setupRequest: (req: Record<string, unknown>) => {
        const path = scenario.paths[next++ % scenario.paths.length];
        const headers = scenario.headersOf?.(path);
        return { ...req, method: "GET", path, ...(headers ? { headers } : {}) };
      },
    }],
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    times.push(ms);
    lastAnswer = performance.now();
    if (status < 200 || status >= 300) non2xx++;
  });
  const timer = setTimeout(() => instance.stop(), opts.maxSeconds * 1000);
  const result = await new Promise<{ errors: number; timeouts: number }>((resolve, reject) =>
    instance.on("done", resolve).on("error", reject)
  );
  clearTimeout(timer);
  // Up to the last answer: autocannon tells it is done only at its next one-second tick, which
  // would count up to a second of waiting (20,000 answers in 1.1 s would read as 10,000 a second).
  const seconds = (lastAnswer - started) / 1000;
  const sorted = Float64Array.from(times).sort();
  return {
    name: scenario.name,
    requests: times.length,
    non2xx,
    errors: result.errors + result.timeouts,
    seconds,
    rps: times.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}
