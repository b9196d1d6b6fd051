// awards pending | approve | reject | reassign, run as a real subprocess against a file database:
// the CLI acts as admin or as the user named by QMO_CLI_USER, and the rules are the server's.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { type Actor, type Deps, fixedClock } from "../../server/domain/context.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { createUser } from "../../server/domain/users/service.ts";
import { awardProject } from "../../server/domain/auction/award.ts";
import {
  auditLogs,
  emailOutbox,
  files,
  offerProjects,
  offerProjectSuppliers,
  quoteLines,
  quotes,
  suppliers,
  userLeaders,
} from "../../db/schema.ts";
import { everything, P } from "../domain/projects_fixtures.ts";
import { runCli } from "./run.ts";

const root = new URL("../../", import.meta.url);

async function cli(dataDir: string, args: string[], user?: string) {
  return await runCli(dataDir, args, { DEMO_DATA: "0", ...(user ? { QMO_CLI_USER: user } : {}) });
}

/** An ended project whose one line (1000 a year) SA quoted at `price` CNY, awarded to SA by `by`. */
async function pendingAward(deps: Deps, by: Actor, name: string, price: string, sa: number) {
  const now = deps.clock.now();
  const p = await createProject(deps, everything(), {
    name,
    kind: "material",
    opiList: [{ itemName: "FR-4", unit: "sheet", estimateYearAmount: "1000" }],
  });
  await deps.db.update(offerProjects).set({
    status: "ended",
    pubDate: now,
    offerEndTime: now,
    endedAt: now,
  }).where(eq(offerProjects.id, p.id));
  await deps.db.insert(offerProjectSuppliers).values({
    projectId: p.id,
    supplierId: sa,
    invitedAt: now,
  });
  const [f] = await deps.db.insert(files).values({
    sha256: "0".repeat(64),
    size: 1,
    contentType: "application/pdf",
    fileName: "q.pdf",
    purpose: "quote",
    projectId: p.id,
  }).returning();
  const [q] = await deps.db.insert(quotes).values({
    projectId: p.id,
    supplierId: sa,
    fileId: f.id,
    submittedAt: now,
  }).returning();
  await deps.db.insert(quoteLines).values({
    quoteId: q.id,
    itemId: p.opiList[0].id!,
    unitPrice: price,
    taxRate: "13",
    currency: "CNY",
    tradeTerms: "DDP",
    paymentMethod: "TT",
    paymentTermDays: 30,
    leadTimeDays: 7,
  });
  const r = await awardProject(deps, by, {
    offProId: p.id,
    scope: "project",
    supplierId: sa,
    reason: "Only quote",
  });
  assert.equal(r.status, "pendingApproval");
  return p.code;
}

Deno.test("CLI: awards pending, approve and reject as the approver, reassign; nobody approves their own", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-awards-" });
  try {
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" });
    const deps = await openDeps(config, fixedClock("2026-11-20T02:00:00Z"));
    await seed(deps);
    const person = (userName: string, name: string) =>
      createUser(deps, { userName, name, password: "Passw0rd!x", roleNames: ["Buyer"] });
    const buyer = await person("buyer1", "Zhang Wei");
    const leader = await person("leader1", "Li Na");
    await person("deputy1", "Wang Fang");
    await deps.db.insert(userLeaders).values({ userId: buyer.id, leaderId: leader.id });
    const [sa] = await deps.db.insert(suppliers).values({
      code: "SA",
      abbrName: "Alpha",
      fullName: "Alpha Laminates",
      email1: "sa@example.com",
    }).returning();
    const asBuyer: Actor = {
      ...everything(buyer.id),
      userName: "buyer1",
      name: "Zhang Wei",
      permissions: new Set([P.OfferProjectManagerSearch, P.OfferProjectManagerPublish]),
    };
    const first = await pendingAward(deps, asBuyer, "Laminates", "300", sa.id); // 300,000 CNY
    const second = await pendingAward(deps, asBuyer, "Prepreg", "250.5", sa.id); // 250,500 CNY
    deps.close();

    let r = await cli(dir, ["awards", "pending"]);
    assert.equal(r.code, 0, r.stderr);
    const row = r.stdout.split("\n").find((l) => l.startsWith(first))!;
    assert.match(
      row,
      /Zhang Wei\s+Li Na\s+¥300,000\.00 \(unit prices in CNY × yearly usage\)\s+v1\s+Alpha/,
    );
    assert.match(r.stdout, new RegExp(`${second} .*¥250,500\\.00`));
    assert.match(r.stdout, /2 awards waiting for approval/);
    r = await cli(dir, ["awards", "pending", "--mine", "--json"], "leader1");
    assert.deepEqual(JSON.parse(r.stdout).map((a: { projectCode: string }) => a.projectCode), [
      first,
      second,
    ]);

    // As admin (the default) or as the buyer who proposed it, approving is refused.
    r = await cli(dir, ["awards", "approve", first]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Only Li Na, to whom this award was sent, can approve or reject it/);
    r = await cli(dir, ["awards", "approve", first, "--comment", "mine"], "buyer1");
    assert.equal(r.code, 1);
    assert.match(r.stderr, /You cannot approve or reject your own award/);
    r = await cli(dir, ["awards", "approve", first, "--comment", "Agreed"], "leader1");
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`Award of ${first} approved \\(Alpha\\)`));
    r = await cli(dir, ["awards", "approve", first], "leader1");
    assert.equal(r.code, 1);
    assert.match(r.stderr, /No award of this project is waiting for approval/);
    r = await cli(dir, ["awards", "approve", "NO-SUCH"], "leader1");
    assert.equal(r.code, 2);

    // The leader is away: the admin hands the second one to the deputy, who rejects it.
    r = await cli(dir, ["awards", "reassign", second, "--to", "nobody"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /There is no user named nobody/);
    r = await cli(dir, ["awards", "reassign", second, "--to", "buyer1"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /The buyer who proposed the award cannot approve it/);
    r = await cli(dir, [
      "awards",
      "reassign",
      second,
      "--to",
      "deputy1",
      "--comment",
      "Li Na away",
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`The award of ${second} now waits for Wang Fang`));
    r = await cli(dir, ["awards", "reject", second], "deputy1");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Say why the award is rejected/);
    r = await cli(dir, ["awards", "reject", second, "--comment", "Too dear"], "deputy1");
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`Award of ${second} rejected; it returns to Zhang Wei`));
    r = await cli(dir, ["awards", "pending", "--json"]);
    assert.deepEqual(JSON.parse(r.stdout), []);

    // In Chinese too.
    const zh = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--no-check", "cli/main.ts", "awards", "approve", second],
      cwd: root,
      env: { DATA_DIR: dir, LANG: "zh_CN.UTF-8", NO_COLOR: "1", QMO_CLI_USER: "deputy1" },
      stderr: "piped",
      stdout: "piped",
    }).output();
    assert.match(new TextDecoder().decode(zh.stderr), /本项目没有等待审批的定标/);

    // The trail is in the audit log, marked as the CLI's; only the approved award was mailed.
    const check = await openDeps(config, fixedClock("2026-11-20T02:00:00Z"));
    try {
      const rows = await check.db.select().from(auditLogs)
        .where(eq(auditLogs.serviceName, "AwardTrail"));
      assert.deepEqual(rows.map((x) => [x.methodName, x.httpMethod, x.userName]), [
        ["ProposeAward", "POST", "buyer1"],
        ["ProposeAward", "POST", "buyer1"],
        ["ApproveAward", "CLI", "leader1"],
        ["ReassignAwardApproval", "CLI", "admin"],
        ["RejectAward", "CLI", "deputy1"],
      ]);
      assert.match(rows[4].parameters!, /"comment":"Too dear"/);
      const notices = await check.db.select().from(emailOutbox)
        .where(and(eq(emailOutbox.templateCode, "AWARD_NOTICE")));
      assert.deepEqual(notices.map((n) => n.recipient), ["sa@example.com"]);
    } finally {
      check.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
