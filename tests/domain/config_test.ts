// The configuration: defaults, and a bad value stops start-up naming the variable.
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../../server/config.ts";

Deno.test("a bad PORT stops loadConfig with a message naming PORT", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-config-" });
  try {
    for (const port of ["abc", "0", "70000", "80.5"]) {
      assert.throws(
        () => loadConfig({ DATA_DIR: dataDir, PORT: port }),
        (err: unknown) => err instanceof ConfigError && /\bPORT\b/.test(err.message),
        port,
      );
    }
    assert.throws(
      () => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://x" }),
      (err: unknown) => err instanceof ConfigError && err.message.includes("DATABASE_URL"),
    );
    assert.throws(
      () => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "short" }),
      (err: unknown) => err instanceof ConfigError && err.message.includes("JWT_SECRET"),
    );
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("defaults: port 8000, a file database in the data folder, a secret kept across starts", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-config-" });
  try {
    const a = loadConfig({ DATA_DIR: dataDir, PORT: "" });
    assert.equal(a.port, 8000);
    assert.equal(a.databaseFile, `${dataDir}/qmo.db`);
    assert.ok(a.jwtSecret.length >= 32);
    assert.equal(loadConfig({ DATA_DIR: dataDir }).jwtSecret, a.jwtSecret);
    const remote = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "libsql://db.example.com" });
    assert.equal(remote.databaseFile, undefined);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("WORKERS: one by default, auto is one per core, anything else outside 1–64 stops start-up", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-config-" });
  try {
    assert.equal(loadConfig({ DATA_DIR: dataDir }).workers, 1);
    assert.equal(loadConfig({ DATA_DIR: dataDir, WORKERS: "3" }).workers, 3);
    assert.equal(
      loadConfig({ DATA_DIR: dataDir, WORKERS: "auto" }).workers,
      navigator.hardwareConcurrency,
    );
    for (const bad of ["0", "65", "two", "1.5"]) {
      assert.throws(
        () => loadConfig({ DATA_DIR: dataDir, WORKERS: bad }),
        (err: unknown) =>
          err instanceof ConfigError && err.message.includes("WORKERS") &&
          err.message.includes("1 to 64, or auto"),
        bad,
      );
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
