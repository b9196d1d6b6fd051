// Email test fixtures: a real SMTP server (smtp-server) on 127.0.0.1 in the test process that
// decodes what arrives (mailparser), and a published project with suppliers, quotes and a buyer.
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import { Buffer } from "node:buffer";
import { and, eq } from "drizzle-orm";
import {
  emailTemplates,
  files,
  offerProjects,
  offerProjectSuppliers,
  offerRounds,
  quotes,
  suppliers,
  userLeaders,
  users,
} from "../db/schema.ts";
import type { TestEnv } from "./helpers.ts";
import { createUser } from "../server/domain/users/service.ts";

export type Received = {
  /** Envelope recipients. */
  to: string[];
  from: string;
  /** Decoded subject and text. */
  subject: string;
  text: string;
  /** The "To" header as shown, decoded. */
  toHeader: string;
  /** The From header as a mail client shows it (names decoded). */
  fromHeader: string;
  raw: string;
};

type SmtpSession = { envelope: { rcptTo: { address: string }[]; mailFrom: { address: string } } };
type SmtpError = Error & { responseCode?: number };
type Server = {
  listen(port: number, host: string, cb: () => void): void;
  close(cb: () => void): void;
  server: { address(): { port: number } };
};

export type TestSmtp = {
  url: string;
  received: Received[];
  /** The next `n` messages are refused with `code` (451: try later; 550: refused for good). */
  refuseNext(n: number, code?: number): void;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
};

/** `port`: listen on this one (e.g. to bring a stopped server back at the same address). */
export async function startSmtp(opts: { port?: number } = {}): Promise<TestSmtp> {
  const received: Received[] = [];
  let refusals = 0;
  let refusalCode = 451;
  const Ctor = SMTPServer as unknown as new (opts: Record<string, unknown>) => Server;
  const server = new Ctor({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_addr: unknown, _s: unknown, cb: (err?: Error) => void) {
      if (refusals > 0) {
        refusals--;
        const err: SmtpError = new Error(
          refusalCode < 500 ? "Mailbox busy, try again later" : "Mailbox unavailable",
        );
        err.responseCode = refusalCode;
        return cb(err);
      }
      cb();
    },
    onData(
      stream: { on(ev: string, fn: (c?: Uint8Array) => void): void },
      session: SmtpSession,
      cb: (err?: Error) => void,
    ) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c) => chunks.push(c!));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        const parsed = await (simpleParser as unknown as (
          b: Uint8Array,
        ) => Promise<
          { subject?: string; text?: string; to?: { text: string }; from?: { text: string } }
        >)(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom.address,
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          toHeader: parsed.to?.text ?? "",
          fromHeader: parsed.from?.text ?? "",
          raw: raw.toString("utf8"),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = server.server.address().port;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n, code = 451) {
      refusals = n;
      refusalCode = code;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

export type Fixture = {
  projectId: number;
  projectCode: string;
  buyerId: number;
  leaderId: number;
  /** Supplier A: two addresses, reads Chinese. B: one address, its portal user reads English. */
  supplierA: number;
  supplierB: number;
  /** Supplier C is in the system but not invited. */
  supplierC: number;
  deadline: Date;
};

/**
 * A published material project by the buyer 张伟 (whose person in charge is 李娜), deadline
 * `deadlineHours` after the clock, invited suppliers A and B.
 */
export async function publishedProject(
  env: TestEnv,
  opts: { deadlineHours?: number; code?: string } = {},
): Promise<Fixture> {
  const now = env.clock.now();
  const deadline = new Date(now.getTime() + (opts.deadlineHours ?? 48) * 3600_000);
  const buyer = await createUser(env, {
    userName: `buyer${Math.floor(Math.random() * 1e6)}`,
    name: "张伟",
    password: "Passw0rd!x",
    roleNames: ["Buyer"],
    emailAddress: "zhang.wei@qmo.test",
  });
  const leader = await createUser(env, {
    userName: `leader${Math.floor(Math.random() * 1e6)}`,
    name: "李娜",
    password: "Passw0rd!x",
    roleNames: ["Buyer"],
    emailAddress: "li.na@qmo.test",
  });
  await env.db.insert(userLeaders).values({ userId: buyer.id, leaderId: leader.id });
  const [a, b, c] = await env.db.insert(suppliers).values([
    {
      code: "S001",
      abbrName: "华强",
      fullName: "深圳华强电路有限公司",
      email1: "sales@huaqiang.test",
      email2: "quote@huaqiang.test",
    },
    { code: "S002", abbrName: "Acme", fullName: "Acme Laminates Ltd", email3: "bids@acme.test" },
    { code: "S003", abbrName: "其他", fullName: "其他供应商", email1: "other@other.test" },
  ]).returning({ id: suppliers.id });
  // Supplier B's portal user reads English.
  await createUser(env, {
    userName: "S002",
    name: "Acme",
    password: "Passw0rd!x",
    roleNames: ["Supplier"],
    kind: "supplier",
    supplierId: b.id,
  });
  await env.db.update(users).set({ language: "en" }).where(eq(users.userName, "S002"));
  const code = opts.code ?? "P20261123001";
  const [p] = await env.db.insert(offerProjects).values({
    code,
    name: "多层板采购",
    kind: "material",
    status: "published",
    pubDate: now,
    offerEndTime: deadline,
    creatorId: buyer.id,
  }).returning({ id: offerProjects.id });
  await env.db.insert(offerProjectSuppliers).values([
    { projectId: p.id, supplierId: a.id, invitedAt: now },
    { projectId: p.id, supplierId: b.id, invitedAt: now },
  ]);
  return {
    projectId: p.id,
    projectCode: code,
    buyerId: buyer.id,
    leaderId: leader.id,
    supplierA: a.id,
    supplierB: b.id,
    supplierC: c.id,
    deadline,
  };
}

/** Records a quote by `supplierId` (round 0 = first quote) at the clock's time. */
export async function addQuote(env: TestEnv, projectId: number, supplierId: number, round = 0) {
  const [f] = await env.db.insert(files).values({
    sha256: "0".repeat(64),
    size: 1,
    contentType: "application/pdf",
    fileName: "报价单.pdf",
    purpose: "quote",
    projectId,
  }).returning({ id: files.id });
  const [q] = await env.db.insert(quotes).values({
    projectId,
    supplierId,
    round,
    fileId: f.id,
    submittedAt: env.clock.now(),
  }).returning({ id: quotes.id });
  return q.id;
}

/** Opens optimisation round `round` now, for `hours`, to the given suppliers. */
export async function openRound(
  env: TestEnv,
  projectId: number,
  round: number,
  supplierIds: number[],
  hours = 24,
) {
  const now = env.clock.now();
  await env.db.update(offerProjects).set({ status: "ended", endedAt: now, endReason: "manual" })
    .where(eq(offerProjects.id, projectId));
  await env.db.insert(offerRounds).values({
    projectId,
    round,
    openedAt: now,
    endTime: new Date(now.getTime() + hours * 3600_000),
  });
  for (const s of supplierIds) {
    await env.db.update(offerProjectSuppliers).set(
      round === 1 ? { round1: true } : { round2: true },
    )
      .where(
        and(
          eq(offerProjectSuppliers.projectId, projectId),
          eq(offerProjectSuppliers.supplierId, s),
        ),
      );
  }
}

export async function setTemplateActive(env: TestEnv, code: string, isActive: boolean) {
  await env.db.update(emailTemplates).set({ isActive }).where(eq(emailTemplates.code, code));
}

/** Lets the event loop run until `cond` holds (the SMTP server finishes parsing asynchronously). */
export async function until(cond: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}
