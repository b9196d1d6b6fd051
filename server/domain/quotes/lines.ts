// Priced quote lines: beside the attachment, a supplier prices each line item of the project (unit
// price before tax, tax rate, currency, trade terms, payment method and term, lead time, validity;
// spec §5). Checked here against the project's items and the data dictionary, stored in the same
// atomic batch as the submission they belong to, and read back for the supplier and the buyer.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { offerProjectItems, quoteLines } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { type FieldError, fieldError, validation } from "../errors.ts";
import {
  type CommercialOption,
  commercialOptions,
  CURRENCY,
  PAYMENT_METHOD,
  TRADE_TERMS,
} from "../dictionary/commercial.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { wholeNumberOf } from "../shared/input.ts";
import { ALT_FIELDS, type CheckedLine, checkLineFields, PRICE_FIELDS } from "./schemas.ts";
import { files } from "../../../db/schema.ts";

/** A line as stored and answered: money and rates as exact decimal strings. */
export type QuoteLine = { itemId: number } & CheckedLine;

type ItemRef = { id: number; itemName: string };

export type CommercialCodes = {
  currencies: CommercialOption[];
  tradeTerms: CommercialOption[];
  paymentMethods: CommercialOption[];
};

export async function commercialCodes(db: DbOrTx): Promise<CommercialCodes> {
  return {
    currencies: await commercialOptions(db, CURRENCY),
    tradeTerms: await commercialOptions(db, TRADE_TERMS),
    paymentMethods: await commercialOptions(db, PAYMENT_METHOD),
  };
}

/** The line items a quote answers now: the project's items still in its request pack. */
export async function quotableItems(db: DbOrTx, projectId: number) {
  return await db.select().from(offerProjectItems).where(and(
    eq(offerProjectItems.projectId, projectId),
    isNull(offerProjectItems.removedAt),
  )).orderBy(asc(offerProjectItems.sort), asc(offerProjectItems.id));
}

/** Reads a key without regard to case, as every other input of the API. */
function pick(o: Record<string, unknown>, key: string): unknown {
  if (key in o) return o[key];
  const k = Object.keys(o).find((x) => x.toLowerCase() === key.toLowerCase());
  return k === undefined ? undefined : o[k];
}

/**
 * Where a line's problem is, in its message: by default the line item's name; a price sheet says
 * the row and the column instead (a parameter the server localises).
 */
export type LinePlace = (index: number, field: string, itemName: string) => unknown;

/**
 * Checks the lines a supplier sent against the project's items and the dictionary's codes, and
 * answers them normalised. Every problem is reported at once, each naming its line item (or the
 * place `where` gives); when the project requires lines, every item must be priced. `today` is the
 * submission's date in UTC+8.
 */
export function checkLines(
  raw: unknown[],
  items: ItemRef[],
  codes: CommercialCodes,
  opts: { required: boolean; today: string; deadline?: string | null; where?: LinePlace },
): QuoteLine[] {
  const errors: FieldError[] = [];
  const out: QuoteLine[] = [];
  const seen = new Set<string>();
  const err = (i: number, field: string, key: string, params: Record<string, unknown> = {}) => {
    if (opts.where && typeof params.item === "string") {
      params = { ...params, item: opts.where(i, field, params.item) };
    }
    errors.push({ messageKey: key, params, members: [`lines.${i}.${field}`] });
  };

  raw.forEach((value, i) => {
    const line = i + 1;
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      return err(i, "itemId", "quoteLines.notALine", { line });
    }
    const o = value as Record<string, unknown>;
    const itemId = wholeNumberOf(pick(o, "itemId"));
    const item = itemId === undefined ? undefined : items.find((x) => x.id === itemId);
    if (!item) return err(i, "itemId", "quoteLines.unknownItem", { line });
    const fields = Object.fromEntries(
      [...PRICE_FIELDS, ...ALT_FIELDS, "breaks", "alternative", "altDatasheetFileId"]
        .map((f) => [f, pick(o, f)]),
    );
    const checked = checkLineFields(fields, item.itemName, codes, opts.today, opts.deadline);
    // One line as asked and one alternative per line item.
    const key = `${item.id}${checked.line?.alternative ? "a" : ""}`;
    if (seen.has(key)) {
      return err(i, "itemId", "quoteLines.duplicateItem", { item: item.itemName });
    }
    seen.add(key);
    for (const p of checked.problems) err(i, p.field, p.key, p.params);
    if (checked.line) out.push({ itemId: item.id, ...checked.line });
  });
  if (opts.required && !errors.length) {
    const missing = items.filter((x) => !seen.has(String(x.id)));
    if (missing.length) {
      errors.push({
        messageKey: "quoteLines.missing",
        params: { items: missing.map((x) => x.itemName).join(", "), count: missing.length },
        members: ["lines"],
      });
    }
  }
  if (errors.length) throw validation("errors.validation", {}, errors);
  return out;
}

/** The lines as sent: a JSON array in a form field (or an array already); undefined when none. */
function parseLines(sent: unknown[] | string | undefined): unknown[] | undefined {
  if (sent === undefined || Array.isArray(sent)) return sent;
  if (!sent.trim()) return undefined;
  try {
    const parsed = JSON.parse(sent);
    if (Array.isArray(parsed) && parsed.length <= 1000) return parsed;
  } catch { /* answered below */ }
  throw fieldError("lines", "quoteLines.badJson");
}

/** Reads the checked lines of a submission: its items, codes and, from the project, the rule. */
export async function linesForSubmission(
  db: DbOrTx,
  project: { id: number; linesRequired: boolean; offerEndTime: Date | null },
  sent: unknown[] | string | undefined,
  now: Date,
  uploader: number,
): Promise<QuoteLine[]> {
  const raw = parseLines(sent);
  if (!raw?.length && !project.linesRequired) return [];
  const items = await quotableItems(db, project.id);
  const lines = checkLines(raw ?? [], items, await commercialCodes(db), {
    required: project.linesRequired && items.length > 0,
    today: dateInUtc8(now),
    deadline: deadlineDay(project),
  });
  await checkDatasheets(db, lines, { projectId: project.id, uploader, items });
  return lines;
}

/** The quoting deadline's day (UTC+8): a price must hold at least until then. */
export const deadlineDay = (p: { offerEndTime: Date | null }) =>
  p.offerEndTime ? dateInUtc8(p.offerEndTime) : null;

/** An alternative's datasheet is a file this user uploaded for the project as a datasheet. */
async function checkDatasheets(
  db: DbOrTx,
  lines: QuoteLine[],
  at: { projectId: number; uploader: number; items: ItemRef[] },
) {
  const errors: FieldError[] = [];
  for (const [i, l] of lines.entries()) {
    if (!l.altDatasheetFileId) continue;
    const f = await db.query.files.findFirst({ where: eq(files.id, l.altDatasheetFileId) });
    if (
      !f || f.deletedAt || f.purpose !== "datasheet" || f.uploadedBy !== at.uploader ||
      f.projectId !== at.projectId
    ) {
      errors.push({
        messageKey: "quoteBreaks.badDatasheet",
        params: { item: at.items.find((x) => x.id === l.itemId)?.itemName ?? "" },
        members: [`lines.${i}.altDatasheetFileId`],
      });
    }
  }
  if (errors.length) throw validation("errors.validation", {}, errors);
}

/**
 * The statements that store `lines` for the submission stored with file `fileId`; they insert
 * nothing when that submission was not written (a refused guarded insert in the same batch).
 */
export function lineStatements(fileId: number, lines: QuoteLine[]) {
  return lines.map((l) =>
    sql`insert into ${quoteLines} (quote_id, item_id, unit_price, tax_rate, currency, trade_terms,
        payment_method, payment_term_days, lead_time_days, valid_until, remark, moq, pack_multiple,
        breaks, alternative, alt_brand, alt_grade, alt_spec, alt_datasheet_file_id)
      select q.id, ${l.itemId}, ${l.unitPrice}, ${l.taxRate}, ${l.currency}, ${l.tradeTerms},
        ${l.paymentMethod}, ${l.paymentTermDays}, ${l.leadTimeDays}, ${l.validUntil}, ${l.remark},
        ${l.moq ?? null}, ${l.packMultiple ?? null},
        ${l.breaks?.length ? JSON.stringify(l.breaks) : null}, ${l.alternative ? 1 : 0},
        ${l.altBrand ?? null}, ${l.altGrade ?? null}, ${l.altSpec ?? null},
        ${l.altDatasheetFileId ?? null}
      from quotes q where q.file_id = ${fileId}`
  );
}

/** The lines of each of the given submissions. */
export async function linesOfQuotes(
  db: DbOrTx,
  quoteIds: number[],
): Promise<Map<number, QuoteLine[]>> {
  const out = new Map<number, QuoteLine[]>();
  if (!quoteIds.length) return out;
  const rows = await db.select().from(quoteLines).where(inArray(quoteLines.quoteId, quoteIds))
    .orderBy(asc(quoteLines.id));
  for (const r of rows) {
    const { id: _, quoteId, ...line } = r;
    out.set(quoteId, [...(out.get(quoteId) ?? []), line]);
  }
  return out;
}
