// Small workbooks made to stall a server that reads spreadsheets: 20,000 rows each holding one cell
// in column XFD, 60,000 rows, 880,000 one-letter shared strings, a sheet unpacking to 40 MB, a cell
// of 3,000 characters and 1,000,000 empty rows. Each is
// sent to the served app (a real socket) as a price sheet (ReadPriceSheet, by an invited supplier),
// a supplier import file and an official calendar file, while another loop keeps calling /healthz:
// each is refused with a 400 naming the limit it reached, and /healthz answers while it is read.
// The longest /healthz wait and the memory the process grew by are printed as benchmark figures
// (`[bench] spreadsheet …`), not asserted: they depend on the machine.
import assert from "node:assert/strict";
import { strToU8, zipSync } from "fflate";
import { ADMIN_PASSWORD, signIn, testEnv } from "../helpers.ts";
import { downloadSheet, sheetProject } from "../http/price_sheet_fixtures.ts";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG = "http://schemas.openxmlformats.org/package/2006/relationships";
const MB = 1024 * 1024;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const text = (ref: string, value: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;
/** Row 1 holding the given texts from column A on. */
const firstRow = (texts: string[]) =>
  row(1, texts.map((v, i) => text(`${String.fromCharCode(65 + i)}1`, v)).join(""));

/** Rows 2 … count + 1, each made by `cells`. */
function rows(count: number, cells: (r: number) => string): string {
  const out: string[] = [];
  for (let r = 2; r <= count + 1; r++) out.push(row(r, cells(r)));
  return out.join("");
}

/** A workbook of one sheet (its rows as XML), with a shared string table when given. */
function workbook(sheetRows: string, sharedStrings?: string): Uint8Array<ArrayBuffer> {
  const parts: Record<string, Uint8Array> = {
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/></Types>`,
    ),
    "_rels/.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
        `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        (sharedStrings === undefined
          ? ""
          : `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`) +
        `</Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${sheetRows}` +
        `</sheetData></worksheet>`,
    ),
  };
  if (sharedStrings !== undefined) {
    parts["xl/sharedStrings.xml"] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">${sharedStrings}</sst>`,
    );
  }
  return zipSync(parts, { level: 9 }) as Uint8Array<ArrayBuffer>;
}

type Target = "price sheet" | "supplier import" | "calendar import";

/** The first row each reader expects: the price sheet's marker, or the columns' names. */
const firstRows = (marker: string): Record<Target, string> => ({
  "price sheet": firstRow([marker]),
  "supplier import": firstRow(["code", "abbrName", "fullName", "status"]),
  "calendar import": firstRow(["date", "kind", "name"]),
});

/** Each bomb: the rest of its sheet (or its shared strings) per target, and the refusal expected. */
const BOMBS: {
  name: string;
  rows: (target: Target) => string;
  strings?: string;
  refusals: Record<Target, RegExp>;
}[] = [
  {
    name: "far column (20,000 rows, one cell each in column XFD)",
    rows: () => rows(20_000, (r) => `<c r="XFD${r}"><v>1</v></c>`),
    refusals: {
      "price sheet": /^The sheet holds more than 500 rows of line items \(row 504\)/,
      "supplier import": /^Row 2 holds data in column 16,384, but a file may use at most 100 col/,
      "calendar import": /^Row 2 holds data in column 16,384, but a file may use at most 100 col/,
    },
  },
  {
    name: "many rows (60,000)",
    rows: (target) =>
      rows(
        60_000,
        (r) =>
          target === "price sheet"
            ? `<c r="A${r}"><v>${r}</v></c><c r="G${r}"><v>1</v></c>`
            : target === "supplier import"
            ? text(`A${r}`, `V${r}`) + text(`C${r}`, `Supplier ${r} Ltd`) +
              text(`D${r}`, "effective")
            : text(`A${r}`, "2027-02-08") + text(`B${r}`, "holiday") + text(`C${r}`, "春节"),
      ),
    refusals: {
      "price sheet": /^The sheet holds more than 500 rows of line items \(row 504\)/,
      "supplier import": /^Row 10,002 holds data, but a file may hold at most 10,000 suppliers/,
      "calendar import": /^Row 5002 holds data, but a file may hold at most 5000 days/,
    },
  },
  {
    name: "shared strings (880,000 of one letter)",
    rows: () => "",
    strings: "<si><t>a</t></si>".repeat(880_000),
    refusals: {
      "price sheet": /^The workbook holds more than 20,000 shared strings or 4,000,000 characters/,
      "supplier import": /^The workbook holds more than 200,000 shared strings or 8,000,000 char/,
      "calendar import": /^The workbook holds more than 20,000 shared strings or 1,000,000 char/,
    },
  },
  {
    name: "unpacked (a sheet of 40 MB)",
    rows: () => " ".repeat(40 * MB),
    refusals: {
      "price sheet": /^This spreadsheet unpacks to more than 16 MB/,
      "supplier import": /^The workbook unpacks to more than 32 MB/,
      "calendar import": /^The workbook unpacks to more than 16 MB/,
    },
  },
  {
    name: "long cell (3,000 characters)",
    rows: () => row(4, text("G4", "x".repeat(3000))),
    refusals: {
      "price sheet": /^Row 4, Unit price before tax \(column G\) holds more than 2,000 characters/,
      "supplier import": /^The cell in row 4, column 7 is longer than 2,000 characters/,
      "calendar import": /^The cell in row 4, column 7 is longer than 2,000 characters/,
    },
  },
  {
    name: "empty rows (1,000,000)",
    rows: () => "<row/>".repeat(1_000_000),
    refusals: {
      "price sheet": /^The sheet holds more than 50,000 rows and cells, empty ones included/,
      "supplier import": /^The sheet holds more than 500,000 rows and cells, empty ones included/,
      "calendar import": /^The sheet holds more than 50,000 rows and cells, empty ones included/,
    },
  },
];

/**
 * Runs `upload` while a loop calls /healthz one call after another: the calls that were waiting
 * while it ran, the longest of their waits, and how far the process's memory grew meanwhile.
 */
async function watched<T>(base: string, upload: () => Promise<T>) {
  let running = true;
  const calls: { start: number; end: number }[] = [];
  const before = Deno.memoryUsage().rss;
  let peak = before;
  const { promise: answered, resolve: first } = Promise.withResolvers<void>();
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(`${base}/healthz`);
      assert.equal(res.status, 200);
      await res.body?.cancel();
      calls.push({ start, end: performance.now() });
      peak = Math.max(peak, Deno.memoryUsage().rss);
      first();
    }
  })();
  await answered;
  const start = performance.now();
  let result: T;
  try {
    result = await upload();
  } finally {
    running = false;
  }
  const end = performance.now();
  peak = Math.max(peak, Deno.memoryUsage().rss);
  await loop;
  const during = calls.filter((c) => c.start < end && c.end > start);
  return {
    result,
    ms: end - start,
    during: during.length,
    longest: Math.max(0, ...during.map((c) => c.end - c.start)),
    grownMb: (peak - before) / MB,
  };
}

Deno.test("spreadsheet bombs are refused by the price sheet, supplier and calendar imports, /healthz answering meanwhile", async () => {
  await using env = await testEnv();
  const { project, suppliers } = await sheetProject(env);
  const supplier = suppliers[0].token;
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const { sheet } = await downloadSheet(env, supplier, project.id);
  const marker = String(sheet.getCell("A1").value);
  const heads = firstRows(marker);

  const post = async (base: string, target: Target, bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.set("file", new File([bytes], "bomb.xlsx"));
    let path = "/QMO/SupplierOffer/ReadPriceSheet";
    if (target === "price sheet") form.set("offProId", String(project.id));
    else {
      form.set("dryRun", "true");
      path = target === "supplier import"
        ? "/QMO/Supplier/ImportSupplierData"
        : "/QMO/Calendar/ImportOfficialDays";
    }
    const res = await fetch(`${base}/api/services${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${target === "price sheet" ? supplier : admin}`,
        "accept-language": "en",
      },
      body: form,
    });
    return { status: res.status, json: await res.json() };
  };

  // Every file is made before anything is measured.
  const files = BOMBS.flatMap((bomb) =>
    (Object.keys(heads) as Target[]).map((target) => ({
      bomb,
      target,
      bytes: workbook(heads[target] + bomb.rows(target), bomb.strings),
    }))
  );

  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, env.app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  try {
    for (const { bomb, target, bytes } of files) {
      const { result, ms, during, longest, grownMb } = await watched(
        base,
        () => post(base, target, bytes),
      );
      const messages: string[] = result.json.error?.validationErrors?.map(
        (e: { message: string }) => e.message,
      ) ?? [result.json.error?.message];
      const label = `${bomb.name} → ${target}`;
      assert.equal(result.status, 400, `${label}: ${JSON.stringify(result.json)}`);
      assert.match(messages[0], bomb.refusals[target], label);
      assert.ok(during > 0, `${label}: /healthz answered while the file was read`);
      console.log(
        `[bench] spreadsheet ${label}: ${Math.round(bytes.length / 1024)} KB refused in ` +
          `${Math.round(ms)} ms; longest /healthz wait ${Math.round(longest)} ms ` +
          `(${during} answered); memory grew ${Math.max(0, Math.round(grownMb))} MB`,
      );
    }
  } finally {
    await server.shutdown();
  }
});
