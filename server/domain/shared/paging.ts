// Paged lists as ABP answers them: SkipCount, MaxResultCount (default 20, at most 1000), Sorting
// ("field desc") in; { items, totalCount } out. Shared by the input schemas, the client and the
// lists; turning Sorting into SQL is server/domain/paging.ts.
import { z } from "zod";
import { wholeNumber } from "./input.ts";

/** The paging fields of a list's input schema. */
export const pagedInput = {
  skipCount: wholeNumber(0).default(0).describe("How many rows to skip before the page (0)."),
  maxResultCount: wholeNumber(1, 1000).default(20).describe(
    "How many rows the page holds at most (20, at most 1000).",
  ),
  sorting: z.string().max(100).optional().describe(
    'The order: a field name, optionally followed by "asc" or "desc" ("creationTime desc").',
  ),
};

/**
 * A page of a list and how many rows the whole list has. `totalCountExact` false: `totalCount` is a
 * lower bound (the project list by keyword counts up to 2,000 matches); lists that always count
 * exactly leave it out.
 */
export type Paged<T> = { items: T[]; totalCount: number; totalCountExact?: boolean };
