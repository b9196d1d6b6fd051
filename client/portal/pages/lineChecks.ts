// The priced lines' checks before sending, by the server's own rules (checkLineFields, shared with
// server/domain/quotes/lines.ts): every problem of every line at once, each under its field's key,
// and the server's refusals placed on the same fields.
import type { ApiError } from "../../shared/api.ts";
import {
  checkLineFields,
  fieldColumn,
  rowLines,
  SHEET_FIELDS,
  type SheetField,
} from "../../../server/domain/quotes/schemas.ts";
import type { QuoteForm } from "../data.ts";

/**
 * An item's line as typed: its price fields, further quantity breaks and alternative, the same
 * cells as a row of the price sheet (priceSheetColumns.ts turns them into the lines sent).
 */
export type LineDraft = { [K in SheetField | "altDatasheetFileId"]: string };
type Item = QuoteForm["items"][number];

/** A problem to show: a message key with its parameters, or the server's own words. */
export type Problem = { key: string; params?: Record<string, unknown> } | { text: string };
/** Problems by place: `itemId.field`, or `itemId.line` for the line as a whole. */
export type LineErrors = Record<string, Problem>;

/** Where a problem of a line's field (or of the whole line) is shown. */
export const placeOf = (
  itemId: number,
  field: SheetField | "altDatasheetFileId" | "line",
) => `${itemId}.${field}`;

/**
 * Whether an item's line has been started: anything typed or chosen but the currency, which has a
 * default. Only started lines are sent.
 */
export const started = (d: LineDraft | undefined) =>
  !!d && SHEET_FIELDS.some((k) => k !== "currency" && d[k]?.trim());

/**
 * The lines an item's draft sends (the line as asked, its alternative) and their problems by the
 * server's rules, each under the place of the field it names (the alternative's own where it has).
 */
function judgeItem(form: QuoteForm, item: Item, d: LineDraft, today: string) {
  const { asked, alt: offered } = rowLines(item.id, d);
  const alt: Record<string, unknown> | null = offered && d.altDatasheetFileId
    ? { ...offered, altDatasheetFileId: Number(d.altDatasheetFileId) }
    : offered;
  const problems = new Map<string, { key: string; params: Record<string, unknown> }>();
  const lines: Record<string, unknown>[] = [];
  for (const line of [asked, alt]) {
    if (!line) continue;
    lines.push(line);
    const found = checkLineFields(line, item.itemName, form, today, form.deadlineDay).problems;
    for (const p of found) {
      const place = placeOf(item.id, fieldColumn(p.field, line.alternative === true));
      if (!problems.has(place)) problems.set(place, { key: p.key, params: p.params });
    }
  }
  return { lines, problems: [...problems] };
}

const problemsOf = (form: QuoteForm, item: Item, d: LineDraft, today: string) =>
  judgeItem(form, item, d, today).problems;

/** Whether a line counts as priced: started, complete and valid. */
export const priced = (form: QuoteForm, item: Item, d: LineDraft | undefined, today: string) =>
  started(d) && problemsOf(form, item, d!, today).length === 0;

/**
 * The lines to send (the started ones) and every problem found, in the page's order: each field's
 * under its place, and a line the project requires but nobody started under its line's place.
 */
export function judgeLines(
  form: QuoteForm,
  drafts: Record<number, LineDraft>,
  today: string,
): { lines: Record<string, unknown>[]; problems: [string, Problem][] } {
  const lines: Record<string, unknown>[] = [];
  const problems: [string, Problem][] = [];
  for (const item of form.items) {
    const d = drafts[item.id];
    if (!started(d)) {
      if (form.linesRequired) {
        problems.push([placeOf(item.id, "line"), { key: "portal.lines.linePending" }]);
      }
      continue;
    }
    const judged = judgeItem(form, item, d, today);
    problems.push(...judged.problems);
    lines.push(...judged.lines);
  }
  return { lines, problems };
}

/**
 * The server's refusal of the sent `lines` placed on their fields: a member `lines.N.field` is
 * the field of the N-th line sent; `unplaced` counts the messages that name no field of a line.
 */
export function refusalProblems(err: ApiError, lines: Record<string, unknown>[]) {
  const placed: [string, Problem][] = [];
  let unplaced = 0;
  for (const v of err.body?.validationErrors ?? []) {
    const places = (v.members ?? []).flatMap((m) => {
      const [, n, name] = /^lines\.(\d+)\.(\w+)$/i.exec(m) ?? [];
      const line = n === undefined ? undefined : lines[Number(n)];
      const itemId = Number(line?.itemId);
      if (!itemId) return [];
      const field = fieldColumn(name, line?.alternative === true);
      return [
        placeOf(
          itemId,
          field.toLowerCase() === name.toLowerCase() || name === "breaks" ? field : "line",
        ),
      ];
    });
    if (!places.length) unplaced++;
    for (const p of places) placed.push([p, { text: v.message }]);
  }
  return { placed, unplaced };
}
