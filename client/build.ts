import { build } from "vite";
import { viteConfig } from "./vite.config.ts";
await build(viteConfig(Deno.args[0] ?? "dist/client"));
