// The paged data table of every list page (spec §9): at most 600 px high with a sticky header,
// sortable columns where the API sorts, loading and empty states, and the pagination bar.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";
import { Spinner } from "../../shared/ui.tsx";
import { Pagination } from "./Pagination.tsx";
import type { PagedList, Sort } from "./usePagedList.ts";

const TABLE_MAX_HEIGHT = 600;

export type Column<T> = {
  key: string;
  /** Locale key or text of the header. */
  title: ReactNode;
  render?: (row: T, index: number) => ReactNode;
  /** The API's Sorting field when the column sorts. */
  sortField?: string;
  /** CSS width, e.g. "8rem". */
  width?: string;
  align?: "left" | "center" | "right";
  /** Keeps the column on one line (codes, times). */
  nowrap?: boolean;
  /** Lets a long header wrap (headers keep to one line unless set), for a narrow column. */
  wrapTitle?: boolean;
  className?: string;
};

export type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  loading?: boolean;
  loaded?: boolean;
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  onRowClick?: (row: T) => void;
  /** Marks a row (the selected one). */
  isRowSelected?: (row: T) => boolean;
  /** A row that cannot be chosen: greyed, and a click on it does nothing. */
  isRowDisabled?: (row: T) => boolean;
  empty?: ReactNode;
  maxHeight?: number;
  testId?: string;
  /** Serial numbers, counted across pages. */
  indexOffset?: number;
  showIndex?: boolean;
  /** Narrower cell padding, for a table with many columns. */
  dense?: boolean;
};

const alignClass = { left: "text-left", center: "text-center", right: "text-right" };
/** The row actions stay in sight when a wide table scrolls sideways. */
const ACTIONS = "actions";
const stickyRight = "sticky right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]";

export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const {
    columns,
    rows,
    rowKey,
    loading,
    loaded = true,
    sort,
    onSort,
    onRowClick,
    isRowSelected,
    isRowDisabled,
    maxHeight = TABLE_MAX_HEIGHT,
    testId = "data-table",
    indexOffset = 0,
    showIndex = true,
    dense = false,
  } = props;
  const padX = dense ? "px-2" : "px-3";

  const nextSort = (field: string): Sort => {
    if (sort?.field !== field) return { field, order: "asc" };
    if (sort.order === "asc") return { field, order: "desc" };
    return null;
  };

  return (
    <div
      className="relative overflow-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-primary"
      style={{ maxHeight }}
      // Scrolls with the keyboard too (arrow keys once focused), rows with no link or button.
      tabIndex={0}
      data-testid={testId}
      aria-busy={loading || undefined}
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <thead className="sticky top-0 z-10">
          <tr>
            {showIndex && (
              <th
                scope="col"
                className="w-12 border-b border-slate-200 bg-slate-50 px-2 py-2 text-center text-xs font-semibold text-slate-600"
              >
                #
              </th>
            )}
            {columns.map((c) => {
              const sorted = c.sortField && sort?.field === c.sortField ? sort.order : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  style={{ width: c.width }}
                  aria-sort={sorted === "asc"
                    ? "ascending"
                    : sorted === "desc"
                    ? "descending"
                    : undefined}
                  className={`border-b border-slate-200 bg-slate-50 ${padX} py-2 text-xs font-semibold ${
                    c.wrapTitle ? "" : "whitespace-nowrap"
                  } text-slate-600 ${alignClass[c.align ?? "left"]} ${
                    c.key === ACTIONS ? stickyRight : ""
                  }`}
                >
                  {c.sortField && onSort
                    ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary"
                        onClick={() => onSort(nextSort(c.sortField!))}
                        title={t("ui.sort")}
                      >
                        {c.title}
                        <SortMark order={sorted} />
                      </button>
                    )
                    : c.title}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const selected = isRowSelected?.(row);
            const disabled = isRowDisabled?.(row);
            const clickable = onRowClick && !disabled;
            return (
              <tr
                key={rowKey(row)}
                data-testid="row"
                aria-selected={selected || undefined}
                aria-disabled={disabled || undefined}
                onClick={clickable ? () => onRowClick(row) : undefined}
                className={`${clickable ? "cursor-pointer hover:bg-primary-50" : ""} ${
                  selected ? "bg-primary-50" : "odd:bg-white even:bg-slate-50"
                } ${disabled ? "opacity-60" : onRowClick ? "" : "hover:bg-primary-50"}`}
              >
                {showIndex && (
                  <td className="border-b border-slate-100 px-2 py-1.5 text-center text-xs text-slate-400 tabular-nums">
                    {indexOffset + i + 1}
                  </td>
                )}
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={`border-b border-slate-100 ${padX} py-1.5 align-middle text-slate-700 ${
                      alignClass[c.align ?? "left"]
                    } ${c.nowrap ? "whitespace-nowrap" : ""} ${
                      c.key === ACTIONS ? `${stickyRight} bg-inherit` : ""
                    } ${c.className ?? ""}`}
                  >
                    {c.render
                      ? c.render(row, i)
                      : String((row as Record<string, unknown>)[c.key] ?? "")}
                  </td>
                ))}
              </tr>
            );
          })}
          {rows.length === 0 && (
            <tr>
              <td
                colSpan={columns.length + (showIndex ? 1 : 0)}
                className="px-3 py-10 text-center text-sm text-slate-400"
                data-testid="table-empty"
              >
                {loaded && !loading
                  ? (
                    <span className="inline-flex flex-col items-center gap-2">
                      <Icon name="box" className="size-7 text-slate-300" />
                      {props.empty ?? t("ui.empty")}
                    </span>
                  )
                  : <span className="inline-block h-12" />}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {loading && (
        <div
          className="absolute inset-0 z-20 flex items-center justify-center bg-white/60 text-primary"
          role="status"
          aria-label={t("ui.loading")}
          data-testid="table-loading"
        >
          <Spinner />
        </div>
      )}
    </div>
  );
}

function SortMark({ order }: { order?: "asc" | "desc" }) {
  return (
    <span className="inline-flex flex-col leading-none" aria-hidden="true">
      <svg
        viewBox="0 0 8 5"
        className={`h-1.5 w-2 ${order === "asc" ? "text-primary" : "text-slate-300"}`}
      >
        <path d="M4 0 8 5H0z" fill="currentColor" />
      </svg>
      <svg
        viewBox="0 0 8 5"
        className={`mt-0.5 h-1.5 w-2 ${order === "desc" ? "text-primary" : "text-slate-300"}`}
      >
        <path d="M0 0h8L4 5z" fill="currentColor" />
      </svg>
    </span>
  );
}

/** A table and its pagination bar, driven by usePagedList. */
export function PagedTable<T, Q extends Record<string, unknown>>(
  { list, ...props }: Omit<DataTableProps<T>, "rows" | "loading" | "loaded" | "sort" | "onSort"> & {
    list: PagedList<T, Q>;
    sortable?: boolean;
  },
) {
  const { sortable = true, ...rest } = props;
  return (
    <div className="space-y-3">
      <DataTable
        {...rest}
        rows={list.items}
        loading={list.loading}
        loaded={list.loaded}
        sort={list.sort}
        onSort={sortable ? list.setSort : undefined}
        indexOffset={(list.page - 1) * list.size}
      />
      <Pagination
        total={list.total}
        totalExact={list.totalExact}
        more={!list.totalExact && list.items.length === list.size}
        page={list.page}
        size={list.size}
        onPage={list.setPage}
        onSize={list.setSize}
      />
    </div>
  );
}
