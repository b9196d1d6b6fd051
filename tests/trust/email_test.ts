// Text typed by buyers and suppliers reaches emails as inert text: a line break and header in a
// project or supplier name adds no header and no recipient, and an HTML payload stays plain text
// (emails are sent as text/plain only). Real SMTP server, real outbox. The API refuses line breaks
// in a name; the names are written as an import or the CLI would, which the API does not check.
import { flushOutbox } from "../../server/domain/email/service.ts";
import { resolveToken } from "../../server/domain/auth/service.ts";
import { createSupplier } from "../../server/domain/suppliers/service.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { startSmtp } from "../email_fixtures.ts";
import { Tally } from "./support.ts";

const INJECT = "\r\nBcc: evil@example.com\r\nX-Injected: 1\r\n\r\n<script>alert(1)</script>";

Deno.test("header and HTML payloads in project and supplier names add no header, no recipient and no HTML to emails", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const tally = new Tally("payloads in emails");
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const suppliers = [];
  for (const code of ["EM01", "EM02"]) {
    const input = {
      code,
      abbrName: `Abbr${INJECT}`.slice(0, 60),
      fullName: `Full${INJECT}`,
      contactPerson: `Person${INJECT}`.slice(0, 60),
      email1: `${code.toLowerCase()}@example.com`,
    };
    const refused = await call(env, "post", "/QMO/Supplier/CreateSupplierData", {
      token: admin,
      body: input,
    });
    tally.check(`API refuses ${code}`, refused.status === 400, JSON.stringify(refused.json));
    suppliers.push(await createSupplier(env, input));
  }
  const project = await createProject(env, await resolveToken(env, admin), {
    name: `Laminate${INJECT}`,
    kind: "material",
    opiList: [{ itemName: `FR-4${INJECT}` }],
  });
  const pub = await call(env, "post", "/QMO/OfferProjectManager/UpdateSupplierOfferProject", {
    token: admin,
    body: {
      offProManagerId: project.id,
      offerEndTime: new Date(env.clock.now().getTime() + 48 * 3600_000).toISOString(),
      supList: suppliers.map((s) => ({ id: s.id, code: s.code })),
    },
  });
  tally.check("publish", pub.status === 200, JSON.stringify(pub.json));
  await flushOutbox(env);
  tally.check("mails sent", smtp.received.length >= 2, `${smtp.received.length} received`);
  // The payload did reach the mails, as text.
  tally.check(
    "payload in the mails",
    smtp.received.some((m) => `${m.subject}\n${m.text}`.includes("<script>alert(1)</script>")),
    JSON.stringify(smtp.received[0]?.subject),
  );
  for (const m of smtp.received) {
    const [head] = m.raw.split(/\r?\n\r?\n/);
    const what = `mail to ${m.to.join(",")}: ${m.subject.slice(0, 40)}`;
    const problems: string[] = [];
    if (m.to.some((a) => a.includes("evil"))) problems.push(`extra recipient: ${m.to}`);
    if (/^(bcc|x-injected):/im.test(head)) problems.push("injected header");
    if (/text\/html/i.test(head) || /Content-Type: text\/html/i.test(m.raw)) {
      problems.push("has an HTML part");
    }
    if (!/^\S+@example\.com$/.test(m.to.join(",")) || m.to.length !== 1) {
      problems.push(`recipients ${m.to}`);
    }
    tally.record(what, 250, problems);
  }
  tally.done();
});
