// The one rule for text written into a spreadsheet: a cell that a spreadsheet would run as a formula
// (formula / CSV injection) is kept as text. Every .xlsx export goes through here.
import type ExcelJS from "exceljs";

/**
 * exceljs, loaded when a workbook is first made or read: a server process that never does so does
 * not hold it (it is most of the libraries' code).
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import("exceljs")).default;
}

/** A text cell starting with = + - @ (or a tab / carriage return) is kept as text, not a formula. */
export function neutralise(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** Neutralises every text cell of a workbook built in memory. */
function neutraliseWorkbook(workbook: ExcelJS.Workbook): void {
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === "string") cell.value = neutralise(cell.value);
      })
    )
  );
}

/** The bytes of a workbook built in memory, every text cell neutralised first. */
export async function xlsxBytes(workbook: ExcelJS.Workbook): Promise<Uint8Array<ArrayBuffer>> {
  neutraliseWorkbook(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer) as Uint8Array<
    ArrayBuffer
  >;
}
