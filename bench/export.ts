// The supplier list exported to .xlsx over HTTP: rows per second and the server's peak memory while
// the workbook streams out (at full size the list holds 100,000 suppliers).
import type { Generated, Server } from "./server.ts";
import { ADMIN_PASSWORD, signIn } from "./server.ts";

export async function exportBench(server: Server, generated: Generated, log: (s: string) => void) {
  log("");
  log(`## Export: the supplier list (${generated.suppliers} rows) to .xlsx`);
  const token = await signIn(server.base, "admin", ADMIN_PASSWORD);
  server.resetPeak();
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/services/QMO/Supplier/Export`, {
    headers: { authorization: `Bearer ${token}`, "accept-language": "en" },
  });
  let bytes = 0;
  let firstByte = 0;
  for await (const chunk of res.body!) {
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += chunk.byteLength;
  }
  const seconds = (performance.now() - t0) / 1000;
  log(
    `status ${res.status}, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${
      seconds.toFixed(1)
    } s (first byte after ${(firstByte / 1000).toFixed(2)} s): ${
      (generated.suppliers / seconds).toFixed(0)
    } rows/s`,
  );
  log(`server peak memory during the export: ${server.peakMb().toFixed(0)} MiB (target < 300)`);
}
