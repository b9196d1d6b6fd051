// Paged list state for a list page: the applied query, page, size, sort, the rows and reload. The
// rows come from a list call of the page's area (its api.ts), typed by the server's input schema and
// DTO: the query may hold only fields the call takes.
// The state lives in the page's component, and the shell keeps each tab's page mounted, so every
// tab keeps its own query and page while it is in the background.
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { Paged, pagedInput } from "../../../server/domain/shared/paging.ts";

export const PAGE_SIZES = [10, 20, 30, 50] as const;
const DEFAULT_PAGE_SIZE = 20;

export type Sort = { field: string; order: "asc" | "desc" } | null;

/** The paging and sorting every list call sends (the server's pagedInput). */
type Paging = { skipCount: number; maxResultCount: number; sorting?: string };

type FilterName<S extends z.ZodType> = Exclude<keyof z.input<S> & string, keyof typeof pagedInput>;

/**
 * What a list call sends: its filters by the names of the server's input schema (which reads a
 * name in any case, Code as code), each as the query form holds it, with paging and sorting.
 */
export type ListParams<S extends z.ZodType> =
  & { [K in FilterName<S> | Capitalize<FilterName<S>>]?: string | number | boolean }
  & Paging;

/** A list call of an area's api.ts: filters, paging and sorting in, a page of rows out. */
type ListCall<T, P> = (params: P) => Promise<Paged<T>>;

/** A query whose every field is one the list call takes. */
type QueryFor<Q, P> = { [K in keyof Q]: K extends keyof P ? unknown : never };

export type PagedList<T, Q> = {
  /** The query the rows were loaded with (what Search applied). */
  query: Q;
  /** The query being edited in the query form. */
  draft: Q;
  setDraft: (next: Q | ((prev: Q) => Q)) => void;
  /** Applies the draft and goes to page 1. */
  search: (next?: Q) => void;
  /** Back to the initial query, page 1. */
  reset: () => void;
  page: number;
  size: number;
  sort: Sort;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  setSort: (sort: Sort) => void;
  items: T[];
  total: number;
  /** False when `total` is a lower bound (the project list by keyword counts up to 2,000). */
  totalExact: boolean;
  loading: boolean;
  /** Loaded at least once (so an empty table can say "no data" rather than flash it). */
  loaded: boolean;
  reload: () => Promise<void>;
};

/** Turns the query into the API's params: empty values dropped, paging and sorting added. */
function listParams(
  query: Record<string, unknown>,
  page: number,
  size: number,
  sort: Sort,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) continue;
    params[k] = typeof v === "string" ? v.trim() : v;
  }
  params.skipCount = (page - 1) * size;
  params.maxResultCount = size;
  if (sort) params.sorting = `${sort.field} ${sort.order}`;
  return params;
}

export function usePagedList<T, P, Q extends Record<string, unknown> & QueryFor<Q, P>>(
  /** The area's list call; none: no rows (yet). */
  call: ListCall<T, P> | null,
  opts: {
    initialQuery: Q;
    pageSize?: number;
    sort?: Sort;
    /** Turns the query into params when some fields need converting (dates …). */
    toParams?: (q: Q) => Record<string, unknown>;
  },
): PagedList<T, Q> {
  const initial = useRef(opts.initialQuery);
  const toParams = useRef(opts.toParams);
  toParams.current = opts.toParams;
  const [query, setQuery] = useState<Q>(opts.initialQuery);
  const [draft, setDraft] = useState<Q>(opts.initialQuery);
  const [page, setPage] = useState(1);
  const [size, setSizeState] = useState(opts.pageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSortState] = useState<Sort>(opts.sort ?? null);
  const [data, setData] = useState<Paged<T>>({ items: [], totalCount: 0 });
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const seq = useRef(0);

  const load = useCallback(async () => {
    if (!call) {
      setData({ items: [], totalCount: 0 });
      return;
    }
    const mine = ++seq.current;
    setLoading(true);
    try {
      const q = toParams.current ? toParams.current(query) : query;
      const res = await call(listParams(q, page, size, sort) as P);
      if (mine !== seq.current) return;
      // A page past the end (after a delete) steps back to the last page that has rows.
      if (res.items.length === 0 && res.totalCount > 0 && page > 1) {
        setPage(Math.max(1, Math.ceil(res.totalCount / size)));
        return;
      }
      setData(res);
    } catch {
      /* the API client showed the reason; the old rows stay */
    } finally {
      if (mine === seq.current) {
        setLoading(false);
        setLoaded(true);
      }
    }
  }, [call, query, page, size, sort]);

  useEffect(() => {
    load();
  }, [load]);

  return {
    query,
    draft,
    setDraft,
    search: (next) => {
      const q = next ?? draft;
      setDraft(q);
      setQuery({ ...q });
      setPage(1);
    },
    reset: () => {
      setDraft(initial.current);
      setQuery({ ...initial.current });
      setPage(1);
    },
    page,
    size,
    sort,
    setPage,
    setSize: (s) => {
      setSizeState(s);
      setPage(1);
    },
    setSort: (s) => {
      setSortState(s);
      setPage(1);
    },
    items: data.items,
    total: data.totalCount,
    totalExact: data.totalCountExact !== false,
    loading,
    loaded,
    reload: load,
  };
}
