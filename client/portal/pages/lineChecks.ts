// The priced lines' checks before sending, by the server's own rules (checkLineFields, shared with
// server/domain/quotes/lines.ts): every problem of every line at once, each under its field's key,
// and the server's refusals placed on the same fields.
import type { ApiError } from "../../shared/api.ts";
import {
  checkLineFields,
  PRICE_FIELDS,
  type PriceField,
} from "../../../server/domain/quotes/schemas.ts";
import type { QuoteForm } from "../data.ts";

type LineValues = QuoteForm["lines"][number];
export type LineDraft = Record<Exclude<keyof LineValues, "itemId">, string>;
type Item = QuoteForm["items"][number];

/** A problem to show: a message key with its parameters, or the server's own words. */
export type Problem = { key: string; params?: Record<string, unknown> } | { text: string };
/** Problems by place: `itemId.field`, or `itemId.line` for the line as a whole. */
export type LineErrors = Record<string, Problem>;

/** Where a problem of a line's field (or of the whole line) is shown. */
export const placeOf = (itemId: number, field: PriceField | "line") => `${itemId}.${field}`;

/**
 * Whether an item's line has been started: anything typed or chosen but the currency, which has a
 * default. Only started lines are sent.
 */
export const started = (d: LineDraft | undefined) =>
  !!d && PRICE_FIELDS.some((k) => k !== "currency" && d[k].trim());

/** The problems of one item's line, by the server's rules. */
const problemsOf = (form: QuoteForm, item: Item, d: LineDraft, today: string) =>
  checkLineFields(d, item.itemName, form, today).problems;

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
    for (const p of problemsOf(form, item, d, today)) {
      problems.push([placeOf(item.id, p.field), { key: p.key, params: p.params }]);
    }
    lines.push({
      itemId: item.id,
      ...Object.fromEntries(PRICE_FIELDS.map((k) => [k, d[k].trim()])),
    });
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
      const itemId = n === undefined ? undefined : Number(lines[Number(n)]?.itemId);
      if (!itemId) return [];
      const field = PRICE_FIELDS.find((f) => f.toLowerCase() === name.toLowerCase());
      return [placeOf(itemId, field ?? "line")];
    });
    if (!places.length) unplaced++;
    for (const p of places) placed.push([p, { text: v.message }]);
  }
  return { placed, unplaced };
}
