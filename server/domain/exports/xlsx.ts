// A minimal .xlsx writer that truly streams: one sheet, inline strings, numbers and dates, a bold
// frozen header row and column widths, zipped as it goes (fflate). exceljs' WorkbookWriter keeps
// the whole zip in memory until it commits (it zips with JSZip), so large exports use this instead.
import { Zip, ZipDeflate } from "fflate";

type XlsxCell = string | number | Date | null | undefined;

export type XlsxSheet = {
  name: string;
  columns: { header: string; width?: number; numFmt?: string }[];
  /** The rows, a batch at a time; the next batch is asked for only when the reader wants more. */
  rows: AsyncIterable<XlsxCell[][]>;
};

const NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// deno-lint-ignore no-control-regex
const invalidXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const esc = (s: string) =>
  s.replace(invalidXml, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

function columnName(i: number): string {
  let n = i + 1;
  let s = "";
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Days since 1899-12-30, as spreadsheets count dates. */
const serial = (d: Date) => d.getTime() / 86_400_000 + 25569;

function styles(formats: string[]): string {
  const numFmts = formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${esc(f)}"/>`)
    .join("");
  const dateXfs = formats.map((_, i) =>
    `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`
  ).join("");
  return `${HEAD}<styleSheet xmlns="${NS}">` +
    (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : "") +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>` +
    `<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
    `<fills count="2"><fill><patternFill patternType="none"/></fill>` +
    `<fill><patternFill patternType="gray125"/></fill></fills>` +
    `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="${2 + formats.length}">` +
    `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${dateXfs}` +
    `</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
    `</styleSheet>`;
}

function cell(ref: string, v: XlsxCell, style: number): string {
  if (v === null || v === undefined || v === "") return "";
  if (v instanceof Date) {
    return Number.isNaN(v.getTime()) ? "" : `<c r="${ref}" s="${style}"><v>${serial(v)}</v></c>`;
  }
  if (typeof v === "number") {
    return Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : "";
  }
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(v)}</t></is></c>`;
}

/** The workbook's bytes as a stream; rows are read and zipped only as the reader pulls. */
export function xlsxStream(sheet: XlsxSheet): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const formats = [...new Set(sheet.columns.flatMap((c) => c.numFmt ? [c.numFmt] : []))];
  const styleOf = sheet.columns.map((c) => c.numFmt ? 2 + formats.indexOf(c.numFmt) : 0);
  const refs = sheet.columns.map((_, i) => columnName(i));
  const out: Uint8Array[] = [];
  let failed: unknown;
  const zip = new Zip((err, chunk, final) => {
    if (err) failed = err;
    else if (chunk.length) out.push(chunk);
    if (final) out.push(new Uint8Array(0)); // marks the end
  });
  const file = (name: string, text: string) => {
    const f = new ZipDeflate(name, { level: 6 });
    zip.add(f);
    f.push(enc.encode(text), true);
  };
  file(
    "[Content_Types].xml",
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
      `</Types>`,
  );
  file(
    "_rels/.rels",
    `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  file(
    "xl/workbook.xml",
    `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${
      esc(sheet.name.replace(/[\\/?*[\]:]/g, " ").slice(0, 31))
    }" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  file(
    "xl/_rels/workbook.xml.rels",
    `${HEAD}<Relationships xmlns="${PKG_REL}">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  );
  file("xl/styles.xml", styles(formats));
  const body = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
  zip.add(body);
  const cols = sheet.columns.map((c, i) =>
    `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`
  ).join("");
  const header = sheet.columns.map((c, i) =>
    `<c r="${refs[i]}1" t="inlineStr" s="1"><is><t xml:space="preserve">${
      esc(c.header)
    }</t></is></c>`
  ).join("");
  body.push(enc.encode(
    `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">` +
      `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView>` +
      `</sheetViews><cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
  ));
  const batches = sheet.rows[Symbol.asyncIterator]();
  let rowNumber = 1;
  let done = false;
  const drain = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (failed) throw failed;
    for (const chunk of out.splice(0)) {
      if (chunk.length) controller.enqueue(chunk);
      else controller.close();
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Zip output is produced in blocks: keep feeding rows until some bytes are ready.
      while (!done) {
        const next = await batches.next();
        if (next.done) {
          body.push(enc.encode("</sheetData></worksheet>"), true);
          zip.end();
          done = true;
          break;
        }
        const xml: string[] = [];
        for (const row of next.value) {
          rowNumber++;
          xml.push(
            `<row r="${rowNumber}">${
              row.map((v, i) => cell(`${refs[i]}${rowNumber}`, v, styleOf[i])).join("")
            }</row>`,
          );
        }
        body.push(enc.encode(xml.join("")));
        if (out.length) break;
      }
      drain(controller);
    },
    async cancel() {
      done = true;
      await batches.return?.();
    },
  });
}
