// Vite settings shared by the production build (client/build.ts) and the dev server (client/dev.ts).
import type { InlineConfig, Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

export const clientRoot = decodeURIComponent(new URL(".", import.meta.url).pathname);
export const repoRoot = decodeURIComponent(new URL("..", import.meta.url).pathname);

/** In dev, page paths get the right document, as the server's fallback does in production. */
const documentFallback: Plugin = {
  name: "qmo-document-fallback",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? "/";
      const path = url.split("?")[0];
      const isPage = (req.headers.accept ?? "").includes("text/html") &&
        !/^\/(api|swagger|healthz|@|node_modules|admin\/|portal\/)/.test(path) &&
        !path.slice(path.lastIndexOf("/")).includes(".");
      if (isPage) {
        req.url = path === "/portal" || path.startsWith("/portal/")
          ? "/portal/index.html"
          : "/admin/index.html";
      }
      next();
    });
  },
};

export function viteConfig(outDir: string, apiTarget = "http://localhost:8000"): InlineConfig {
  return {
    configFile: false,
    root: clientRoot,
    base: "/",
    // Keep Vite's dependency cache out of the sources (and out of fmt, lint and the build hash).
    cacheDir: `${repoRoot}node_modules/.vite`,
    logLevel: "warn",
    plugins: [documentFallback, react(), tailwindcss()],
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: "assets",
      sourcemap: false,
      chunkSizeWarningLimit: 1200,
      rollupOptions: {
        input: {
          admin: `${clientRoot}admin/index.html`,
          portal: `${clientRoot}portal/index.html`,
        },
      },
    },
    server: {
      port: 5173,
      fs: { allow: [repoRoot] },
      proxy: {
        "/api": { target: apiTarget, changeOrigin: true },
        "/swagger": { target: apiTarget, changeOrigin: true },
        "/auth/oidc": { target: apiTarget, changeOrigin: true },
      },
    },
  };
}
