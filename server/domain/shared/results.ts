// The primitives every result schema builds on: an instant as the domain holds it (a Date) and as
// the wire carries it (ISO 8601 text), and a page of a list. The result schemas beside each area's
// input schemas describe what the API answers (the OpenAPI document) and type what the handlers
// return (server/http/route.ts), so the two cannot drift apart.
import { z } from "zod";

/**
 * An instant in a result: a `Date` in the domain, ISO 8601 text in UTC on the wire
 * (`2026-11-23T02:00:00.000Z`). Its input side is the text, its output side the Date.
 */
export const isoInstant = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A calendar day, YYYY-MM-DD (UTC+8 unless said otherwise). */
export const isoDay = z.iso.date();

/**
 * An exact decimal written as text (money, quantities, rates: "1250.5"), so nothing passes through
 * a binary float.
 */
export const decimal = z.string();

/** A page of a list: its rows and how many the whole list has (shared/paging.ts `Paged`). */
export function pageOf<T extends z.ZodType>(item: T, rows: string) {
  return z.object({
    items: z.array(item).describe(`The page's ${rows}.`),
    totalCount: z.int().describe(`How many ${rows} the whole list has.`),
    totalCountExact: z.boolean().optional().describe(
      "False when totalCount is only a lower bound (the project list by keyword counts up to 2,000); left out where the count is always exact.",
    ),
  });
}

/** A whole list in one answer: its rows and their number. */
export function listOf<T extends z.ZodType>(item: T, rows: string) {
  return z.object({
    items: z.array(item).describe(`The ${rows}.`),
    totalCount: z.int().describe(`How many ${rows} there are.`),
  });
}

/** No result: the envelope's result is null. */
export const noResult = z.null().describe("Nothing: the call succeeded.");
