// `deno task dev`: the API server with restart on change, and Vite with hot reload in front of it
// (open http://localhost:5173; /api and /swagger are proxied to the server).
import { createServer } from "vite";
import { repoRoot, viteConfig } from "./vite.config.ts";

const port = Deno.env.get("PORT") ?? "8000";
const server = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "--watch=server/,db/,locales/", "server/main.ts"],
  cwd: repoRoot,
  env: { CLIENT_BUILD: "0", PORT: port },
  stdout: "inherit",
  stderr: "inherit",
}).spawn();

const vite = await createServer(viteConfig(`${repoRoot}dist/client`, `http://localhost:${port}`));
await vite.listen();
vite.printUrls();

const stop = async () => {
  await vite.close();
  try {
    server.kill("SIGTERM");
  } catch { /* already gone */ }
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
await server.status;
