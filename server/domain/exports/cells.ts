// Loading exceljs and writing a workbook built with it. Text goes in as string cells only, so a
// text a spreadsheet would run as a formula (formula injection) stays text, shown as typed.
import type ExcelJS from "exceljs";

/**
 * exceljs, loaded when a workbook is first made or read: a server process that never does so does
 * not hold it (it is most of the libraries' code).
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import("exceljs")).default;
}

/**
 * The bytes of a workbook built in memory. Text is always written as a string cell, which a
 * spreadsheet shows as typed ("=1+1", "+86 ...") and never runs as a formula: no cell is ever given
 * a formula, so nothing a buyer, a supplier or the ERP typed can become one.
 */
export async function xlsxBytes(workbook: ExcelJS.Workbook): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer) as Uint8Array<
    ArrayBuffer
  >;
}
