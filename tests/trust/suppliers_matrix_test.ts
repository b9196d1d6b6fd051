// The cross-supplier access matrix: supplier A, signed in to the portal, calls every route a
// supplier can reach with supplier B's identifiers (B's projects, the project both were invited to,
// B's quotes and files, B's user and supplier ids) in every id parameter. No answer may carry
// anything of B's, and none of B's rows may change. (A supplier token on the back-office routes is
// refused with 403 by tests/http/permissions_test.ts.)
import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { files, offerProjectSuppliers, quotes, suppliers, users } from "../../db/schema.ts";
import { allRoutes } from "../../server/http/routes/index.ts";
import { audienceOf, type RouteDef } from "../../server/http/route.ts";
import { storeUpload } from "../../server/domain/files/service.ts";
import { createSupplier } from "../../server/domain/suppliers/service.ts";
import { signIn, testEnv } from "../helpers.ts";
import { agree, pdfFile, publishedProject, submit, submitForm } from "../http/quotes_fixtures.ts";
import { answerProblems, label, send, Tally } from "./support.ts";

/** Every text of B's carries this mark, so a leak is found wherever it shows. */
const MARK = "B-SECRET";
const PASSWORD = "Portal@2026x";

/** The names of the id parameters a route takes (query, body or form), plus the usual ones. */
function idKeys(r: RouteDef): string[] {
  const keys = new Set([
    "id",
    "offProId",
    "projectId",
    "supplierId",
    "userId",
    "fileId",
    "quoteId",
  ]);
  for (const s of [r.query, r.body, r.form]) {
    // deno-lint-ignore no-explicit-any
    const shape = (s as any)?._zod?.def?.shape as Record<string, unknown> | undefined;
    for (const k of Object.keys(shape ?? {})) if (/id$/i.test(k)) keys.add(k);
  }
  return [...keys];
}

/**
 * Whether a file served is the price sheet of the shared project (A's own: an id of B's that is
 * also that project's id reaches it, as it should).
 */
async function isSheetOf(bytes: ArrayBuffer, projectId: number): Promise<boolean> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes);
  } catch {
    return false;
  }
  const marker = String(book.worksheets[0]?.getCell("A1").value ?? "");
  return marker.startsWith(`QMO price sheet v1; project ${projectId};`);
}

Deno.test("supplier A reaches nothing of supplier B's through any route a supplier can call", async () => {
  await using env = await testEnv();
  const tally = new Tally("cross-supplier matrix");
  const make = async (code: string, name: string) => {
    const supplier = await createSupplier(env, {
      code,
      abbrName: name,
      fullName: `${name} full`,
      contactPerson: name,
      email1: `${code.toLowerCase()}@example.com`,
      createPortalAccount: true,
      password: PASSWORD,
    });
    return { supplier, token: await signIn(env, code, PASSWORD) };
  };
  const a = await make("SA001", "Alpha");
  const b = await make("SB001", `${MARK}-abbr`);
  const bUser = (await env.db.query.users.findFirst({ where: eq(users.userName, "SB001") }))!;

  // B's own project (with an attachment), and one both were invited to; B quoted on both.
  const onlyB = await publishedProject(env, [b.supplier.id], { name: `${MARK} project` });
  const shared = await publishedProject(env, [a.supplier.id, b.supplier.id], { name: "Shared" });
  const attachment = await storeUpload(env, {
    file: pdfFile(`${MARK} drawing`, `${MARK}-drawing.pdf`),
    purpose: "project",
    projectId: onlyB.id,
  });
  const bQuotes: { fileId: number }[] = [];
  for (const p of [onlyB, shared]) {
    await agree(env, b.token, p.id);
    const q = await submit(env, b.token, p.id, pdfFile(`${MARK} price`, `${MARK}-quote.pdf`));
    tally.check(`B quotes on ${p.id}`, q.status === 200, JSON.stringify(q.json));
    bQuotes.push(q.json.result);
  }
  await agree(env, a.token, shared.id);

  const snapshot = async () =>
    JSON.stringify({
      quotes: await env.db.select().from(quotes).where(eq(quotes.supplierId, b.supplier.id)),
      invites: await env.db.select().from(offerProjectSuppliers)
        .where(eq(offerProjectSuppliers.supplierId, b.supplier.id)),
      user: await env.db.select().from(users).where(eq(users.id, bUser.id)),
      supplier: await env.db.select().from(suppliers).where(eq(suppliers.id, b.supplier.id)),
      files: await env.db.select().from(files).where(
        inArray(files.id, [attachment.id, ...bQuotes.map((q) => q.fileId)]),
      ),
    });
  const before = await snapshot();
  const bQuoteRows = await env.db.select().from(quotes).where(eq(quotes.supplierId, b.supplier.id));

  const targets: [string, number][] = [
    ["B's project", onlyB.id],
    ["shared project", shared.id],
    ["B's attachment", attachment.id],
    ...bQuotes.map((q, i): [string, number] => [`B's quote file ${i}`, q.fileId]),
    ...bQuoteRows.map((q, i): [string, number] => [`B's quote ${i}`, q.id]),
    ["B's user", bUser.id],
    ["B's supplier", b.supplier.id],
  ];
  const reachable = allRoutes.filter((r) =>
    r.access !== "public" && audienceOf(r) !== "staff" && !r.path.endsWith("/Logout")
  );
  tally.check("routes", reachable.length >= 8, `only ${reachable.length} supplier routes`);
  for (const r of reachable) {
    for (const [what, id] of targets) {
      const keys = idKeys(r);
      const params = Object.fromEntries(keys.map((k) => [k, id]));
      const query = new URLSearchParams(
        Object.entries(params).map(([k, v]) => [k, String(v)]),
      ).toString();
      let body: unknown;
      if (r.form) {
        const form = submitForm(id, pdfFile("A trying", "a.pdf"));
        for (const k of keys) if (!form.has(k)) form.set(k, String(id));
        body = form;
      } else if (r.method !== "get") body = { ...params, name: "A was here", language: "en" };
      const res = await send(env, r.method, r.path, { token: a.token, query, body });
      const copy = res.clone();
      const bytes = r.binary && res.status === 200 ? await res.clone().arrayBuffer() : null;
      const problems = await answerProblems(res, r.binary);
      const text = await copy.text();
      if (text.includes(MARK)) problems.push(`B's data in the answer: ${text.slice(0, 200)}`);
      if (text.includes("SB001")) problems.push(`B's code in the answer: ${text.slice(0, 200)}`);
      // A reaches its own shared project; anything else of B's is refused.
      const own = what === "shared project" || what === "B's supplier" || what === "B's user";
      if (!own && bytes && !await isSheetOf(bytes, shared.id)) {
        problems.push("a file of B's was served");
      }
      tally.record(`${label(r)} with ${what} (${id})`, res.status, problems);
    }
  }
  const after = await snapshot();
  // B's quotes, invitations, user, supplier and files are as they were.
  const lost = before === after ? 0 : 1;
  if (lost) console.log({ before, after });
  tally.done(lost);
});
