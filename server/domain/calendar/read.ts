// An official schedule file read into days: an .ics calendar (a holiday feed: every event a public
// holiday unless it says it is a make-up working day), or a .csv / .xlsx table of date, kind and
// name. Told apart by their bytes, read as a stream within CALENDAR_LIMITS; the first problem
// refuses the whole file with a message naming its line or row.
import { isCalendarDate } from "../shared/dates.ts";
import { type FileSource, openBytes, turns } from "../shared/fileBytes.ts";
import { hasControlCharacter } from "../shared/input.ts";
import { readCsv, readXlsx, type SheetCell, type SheetVisitor } from "../shared/spreadsheet.ts";
import { looksLikeZip, SpreadsheetRefused } from "../shared/xlsxParts.ts";
import { type IcsEvent, readIcs } from "./ics.ts";
import { CALENDAR_LIMITS, importError, SHEET_LIMITS, spreadsheetRefusal } from "./limits.ts";

type OfficialKind = "holiday" | "workday";

/** One official day of a file, with the line (.ics) or row (.csv, .xlsx) it came from. */
export type OfficialDay = { date: string; kind: OfficialKind; name: string; line: number };

export type OfficialFile = { format: "ics" | "csv" | "xlsx"; days: OfficialDay[] };

/** What marks a make-up working day in a feed: 补班, 上班, (班), "working day" … */
const WORKDAY =
  /补班|上班|调班|[(（]\s*班\s*[)）]|\bwork(?:ing)?[\s-]?days?\b|\bmake-?up\b|^\s*班\s*$/i;

/** Words that say what kind of day it is, left out of the holiday's name. */
const KIND_WORDS =
  /[(（][^)）]*[)）]|(?:调休)?(?:补班|上班)|调班|放假|\b(?:working[\s-]?day|workday|holiday|day off)\b/gi;

const cleanName = (text: string) =>
  text.replace(KIND_WORDS, " ").replace(/\s+/g, " ").replace(
    /^[\s\-–—:：·,，]+|[\s\-–—:：·,，]+$/g,
    "",
  );

function eventKind(e: IcsEvent): OfficialKind {
  if (e.special === "ALTERNATE-WORKDAY") return "workday";
  if (e.special === "WORK-HOLIDAY") return "holiday";
  return WORKDAY.test(e.summary) || WORKDAY.test(e.description) ? "workday" : "holiday";
}

const defaultName = (kind: OfficialKind) => (kind === "workday" ? "补班" : "节假日");

function checkName(name: string, line: number): string {
  if (name.length > CALENDAR_LIMITS.nameChars) {
    throw importError("calendar.import.nameTooLong", { line, max: CALENDAR_LIMITS.nameChars });
  }
  if (hasControlCharacter(name, false)) {
    throw importError("calendar.import.nameControlCharacter", { line });
  }
  return name;
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function icsDays(events: IcsEvent[]): OfficialDay[] {
  const days: OfficialDay[] = [];
  for (const e of events) {
    const kind = eventKind(e);
    const name = checkName(
      cleanName(e.summary) || cleanName(e.description) || defaultName(kind),
      e.line,
    );
    for (let date = e.start; date < e.end; date = addDays(date, 1)) {
      days.push({ date, kind, name, line: e.line });
    }
  }
  return days;
}

// ---------------------------------------------------------------------------------------------
// .csv and .xlsx: date, kind, name
// ---------------------------------------------------------------------------------------------

const HEADERS: Record<string, "date" | "kind" | "name"> = {
  date: "date",
  "日期": "date",
  kind: "kind",
  type: "kind",
  "类型": "kind",
  "类别": "kind",
  name: "name",
  "名称": "name",
  "节日": "name",
  holiday: "name",
};

const KINDS: Record<string, OfficialKind> = {
  holiday: "holiday",
  "休": "holiday",
  "假": "holiday",
  "节假日": "holiday",
  "放假": "holiday",
  workday: "workday",
  "班": "workday",
  "补班": "workday",
  "上班": "workday",
  "工作日": "workday",
};

/** A cell as a date: a spreadsheet date, or YYYY-MM-DD (also with / or . between). */
function cellDate(cell: unknown): string | null {
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  }
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(String(cell ?? "").trim());
  if (!m) return null;
  const date = `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
  return isCalendarDate(date) ? date : null;
}

const text = (cell: unknown) => (cell instanceof Date ? "" : String(cell ?? "").trim());

type Columns = { date: number; kind: number; name: number };

/** Rows of date, kind and name; a first row that holds no date names the columns. */
class DayRows implements SheetVisitor {
  days: OfficialDay[] = [];
  #columns: Columns = { date: 0, kind: 1, name: 2 };

  row(row: number, sheetCells: SheetCell[]) {
    const cells: unknown[] = [];
    for (const c of sheetCells) cells[c.column - 1] = c.value;
    if (cells.every((c) => text(c) === "" && !(c instanceof Date))) return;
    if (row === 1 && cellDate(cells[0]) === null) {
      const found: Partial<Columns> = {};
      cells.forEach((c, i) => {
        const key = HEADERS[text(c).toLowerCase()];
        if (key && found[key] === undefined) found[key] = i;
      });
      if (found.date === undefined || found.kind === undefined) {
        throw importError("calendar.import.noColumns");
      }
      this.#columns = { date: found.date, kind: found.kind, name: found.name ?? -1 };
      return;
    }
    if (this.days.length >= CALENDAR_LIMITS.rows) {
      throw importError("calendar.import.tooManyRows", { row, max: CALENDAR_LIMITS.rows });
    }
    const raw = cells[this.#columns.date];
    const date = cellDate(raw);
    if (!date) {
      throw importError("calendar.import.badRowDate", { row, value: text(raw).slice(0, 40) });
    }
    const kindText = text(cells[this.#columns.kind]);
    const kind = KINDS[kindText.toLowerCase()];
    if (!kind) throw importError("calendar.import.badKind", { row, value: kindText.slice(0, 40) });
    const name = this.#columns.name < 0 ? "" : text(cells[this.#columns.name]);
    this.days.push({ date, kind, name: checkName(name || defaultName(kind), row), line: row });
  }
}

// ---------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------

/** Every day once: the same day twice must say the same kind (the first name is kept). */
function checkDays(days: OfficialDay[]): OfficialDay[] {
  const byDate = new Map<string, OfficialDay>();
  for (const d of days) {
    const year = Number(d.date.slice(0, 4));
    if (year < CALENDAR_LIMITS.firstYear || year > CALENDAR_LIMITS.lastYear) {
      throw importError("calendar.import.yearOutOfRange", {
        line: d.line,
        date: d.date,
        first: CALENDAR_LIMITS.firstYear,
        last: CALENDAR_LIMITS.lastYear,
      });
    }
    const seen = byDate.get(d.date);
    if (!seen) byDate.set(d.date, d);
    else if (seen.kind !== d.kind) {
      throw importError("calendar.import.conflict", {
        date: d.date,
        first: seen.line,
        line: d.line,
      });
    }
  }
  if (!byDate.size) throw importError("calendar.import.noDays");
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The official days of a file: an .ics calendar, an .xlsx workbook (first sheet) or a UTF-8 .csv
 * file, read from disk (an upload, a CLI argument) or from bytes, at most CALENDAR_LIMITS.fileBytes.
 */
export async function readOfficialFile(source: FileSource): Promise<OfficialFile> {
  const bytes = await openBytes(source);
  try {
    if (bytes.size > CALENDAR_LIMITS.fileBytes) {
      throw importError("calendar.import.tooLarge", { max: CALENDAR_LIMITS.fileBytes / 1024 });
    }
    const head = await bytes.read(0, 64);
    const start = new TextDecoder().decode(head).replace(/^\ufeff/, "").trimStart();
    if (looksLikeZip(head)) {
      const rows = new DayRows();
      await readXlsx(bytes, SHEET_LIMITS, rows);
      return { format: "xlsx", days: checkDays(rows.days) };
    }
    if (/^BEGIN:VCALENDAR/i.test(start)) {
      return { format: "ics", days: checkDays(icsDays(await readIcs(bytes, turns()))) };
    }
    const rows = new DayRows();
    await readCsv(bytes, SHEET_LIMITS, rows);
    return { format: "csv", days: checkDays(rows.days) };
  } catch (err) {
    throw err instanceof SpreadsheetRefused ? spreadsheetRefusal(err) : err;
  } finally {
    bytes.close();
  }
}
