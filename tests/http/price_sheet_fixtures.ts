// Fixtures of the price sheet tests: a published project with priced lines and its suppliers, the
// sheet downloaded through the API and opened with exceljs, filled as a supplier would, and sent
// back.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { call, NOW, type TestEnv } from "../helpers.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { agree, supplierWithLogin } from "./quotes_fixtures.ts";

const SO = "/QMO/SupplierOffer";
const at = (hours: number) => new Date(new Date(NOW).getTime() + hours * 3600_000);

type Supplier = Awaited<ReturnType<typeof supplierWithLogin>>;

/**
 * A published project of three line items (every line required), invited suppliers (new ones made
 * from `codes`, or those given) who have agreed to the instructions.
 */
export async function sheetProject(
  env: TestEnv,
  opts: { codes?: string[]; suppliers?: Supplier[]; name?: string; linesRequired?: boolean } = {},
) {
  const admin = everything();
  const suppliers = opts.suppliers ?? [];
  for (const code of opts.codes ?? (opts.suppliers ? [] : ["PS1", "PS2"])) {
    suppliers.push(await supplierWithLogin(env, code));
  }
  const p = await createProject(env, admin, {
    name: opts.name ?? "Laminate 2027",
    kind: "material",
    linesRequired: opts.linesRequired ?? true,
    opiList: [
      {
        materialCode: "M-001",
        itemName: "FR-4 laminate 1.6mm",
        unit: "sheet",
        estimateYearAmount: "1000",
      },
      { itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "200" },
      { itemName: "Copper foil 18um", unit: "roll", estimateYearAmount: "50.5" },
    ],
  });
  await publishProject(env, admin, {
    offProManagerId: p.id,
    offerEndTime: at(72),
    supList: suppliers.map((s) => ({ id: s.supplier.id })),
  });
  for (const s of suppliers) await agree(env, s.token, p.id);
  return { admin, project: p, suppliers };
}

/** The price sheet of a project as the API answers it, opened with exceljs. */
export async function downloadSheet(
  env: TestEnv,
  token: string,
  offProId: number,
  lang: "en" | "zh" = "en",
) {
  const r = await call(env, "get", `${SO}/GetPriceSheet`, { token, lang, query: { offProId } });
  assert.equal(r.status, 200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await r.res.arrayBuffer());
  return { book, res: r.res, sheet: book.worksheets[0] };
}

/** Prices every row of a sheet (rows 4 …) with `price(n)` and the same terms. */
export function fill(sheet: ExcelJS.Worksheet, price: (n: number) => number | string) {
  for (let r = 4; sheet.getCell(`A${r}`).value !== null; r++) {
    const n = r - 4;
    sheet.getRow(r).getCell(7).value = price(n);
    const terms = [13, "CNY", "DDP", "TT", 60, 14, new Date("2027-03-31T00:00:00Z"), `row ${n}`];
    terms.forEach((v, i) => (sheet.getRow(r).getCell(8 + i).value = v));
  }
}

export const bytesOf = async (book: ExcelJS.Workbook) =>
  new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer) as Uint8Array<ArrayBuffer>;

/** Sends a file to ReadPriceSheet. */
export function readSheet(
  env: TestEnv,
  token: string,
  offProId: number,
  bytes: Uint8Array<ArrayBuffer> | string,
  opts: { name?: string; lang?: "en" | "zh" } = {},
) {
  const form = new FormData();
  form.set("offProId", String(offProId));
  form.set("file", new File([bytes], opts.name ?? "prices.xlsx"));
  return call(env, "post", `${SO}/ReadPriceSheet`, { token, lang: opts.lang ?? "en", body: form });
}
