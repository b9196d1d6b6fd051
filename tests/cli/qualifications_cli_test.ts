// `suppliers certificates | expiring | performance` run as real subprocesses against a file database
// (the subprocess reads the real clock, so dates are set relative to today).
import assert from "node:assert/strict";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { fixedClock } from "../../server/domain/context.ts";
import { dateInUtc8 } from "../../server/domain/shared/time.ts";
import { addDays, createCertificate } from "../../server/domain/suppliers/certificates.ts";
import { offerProjects, offerProjectSuppliers, suppliers } from "../../db/schema.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { runCli } from "./run.ts";

async function cli(dataDir: string, args: string[]) {
  return await runCli(dataDir, args, {
    DATABASE_URL: `file:${dataDir}/qmo.db`,
    JWT_SECRET: "cli-test-secret-cli-test-secret-0123456",
  });
}

Deno.test("CLI: a supplier's certificates, certificates expiring soon, supplier performance", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-qual-" });
  try {
    const deps = await openDeps(
      loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" }),
      fixedClock(new Date()),
    );
    const today = dateInUtc8(new Date());
    try {
      await seed(deps);
      const [s] = await deps.db.insert(suppliers).values({
        code: "V100",
        abbrName: "Kingboard",
        fullName: "Kingboard Laminates",
        email1: "kb@example.com",
      }).returning();
      await createCertificate(deps, everything(), {
        supplierId: s.id,
        type: "UL",
        number: "E-77",
        issuedOn: addDays(today, -400),
        expiresOn: addDays(today, 10),
      });
      await createCertificate(deps, everything(), {
        supplierId: s.id,
        type: "ISO9001",
        number: "Q-1",
        issuedOn: addDays(today, -800),
        expiresOn: addDays(today, -3),
      });
      const [p] = await deps.db.insert(offerProjects).values({
        code: "QP-CLI-1",
        name: "Laminates",
        kind: "material",
        status: "closed",
      }).returning();
      await deps.db.insert(offerProjectSuppliers).values({
        projectId: p.id,
        supplierId: s.id,
        invitedAt: new Date(),
      });
    } finally {
      deps.close();
    }

    const certs = await cli(dir, ["suppliers", "certificates", "v100"]);
    assert.equal(certs.code, 0, certs.stderr);
    assert.match(certs.stdout, /UL\s+E-77\s+\S+\s+\S+\s+Expires in 10 days/);
    assert.match(certs.stdout, /ISO 9001\s+Q-1\s+\S+\s+\S+\s+Expired 3 days ago/);

    const soon = await cli(dir, ["suppliers", "expiring", "--json"]);
    assert.equal(soon.code, 0, soon.stderr);
    const list = JSON.parse(soon.stdout);
    assert.deepEqual(
      list.map((c: { number: string; daysLeft: number }) => [c.number, c.daysLeft]),
      [
        ["E-77", 10],
      ],
    );
    const none = await cli(dir, ["suppliers", "expiring", "--days", "5"]);
    assert.match(none.stdout, /No certificate expires within 5 days/);

    const perf = await cli(dir, ["suppliers", "performance"]);
    assert.equal(perf.code, 0, perf.stderr);
    // Invited once to a project closed without a quote: answered 0 of 1.
    assert.match(perf.stdout, /V100\s+Kingboard\s+1\s+0\.0%\s+–\s+–/);

    const unknown = await cli(dir, ["suppliers", "certificates", "NOPE"]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /NOPE/);
    const bad = await cli(dir, ["suppliers", "expiring", "--days", "x"]);
    assert.equal(bad.code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
