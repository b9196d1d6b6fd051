// The pagination bar (spec §9): total, sizes, prev, pager, next, jumper.
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";
import { PAGE_SIZES } from "./usePagedList.ts";

/** Page numbers to show: first, last, and a window around the current page, gaps as null. */
function pagerItems(page: number, pages: number, around = 2): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const out: (number | null)[] = [1];
  const from = Math.max(2, page - around);
  const to = Math.min(pages - 1, page + around);
  if (from > 2) out.push(null);
  for (let p = from; p <= to; p++) out.push(p);
  if (to < pages - 1) out.push(null);
  out.push(pages);
  return out;
}

export function Pagination(
  { total, totalExact = true, more = false, page, size, onPage, onSize, sizes = PAGE_SIZES }: {
    total: number;
    /** False: `total` is a lower bound, shown as "2,000+". */
    totalExact?: boolean;
    /** Rows may follow the last page `total` counts (a full page past a count that is not exact). */
    more?: boolean;
    page: number;
    size: number;
    onPage: (page: number) => void;
    onSize: (size: number) => void;
    sizes?: readonly number[];
  },
) {
  const { t } = useTranslation();
  const counted = Math.max(1, Math.ceil(total / size));
  const pages = totalExact ? counted : Math.max(counted, more ? page + 1 : page);
  const [jump, setJump] = useState("");
  const go = (p: number) => onPage(Math.min(pages, Math.max(1, p)));
  const onJump = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const n = Number(jump);
    if (Number.isFinite(n) && n >= 1) go(Math.floor(n));
    setJump("");
  };
  const pagerBtn =
    "inline-flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <nav
      className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 text-sm text-slate-600"
      aria-label={t("ui.pagination")}
      data-testid="pagination"
    >
      <span data-testid="total">
        {totalExact
          ? t("ui.total", { count: total })
          : t("ui.totalAtLeast", { total: total.toLocaleString("en-US") })}
      </span>
      <select
        className="input h-7 w-auto py-0 pr-7"
        value={size}
        aria-label={t("ui.pageSize")}
        onChange={(e) => onSize(Number(e.target.value))}
      >
        {sizes.map((s) => <option key={s} value={s}>{t("ui.perPage", { size: s })}</option>)}
      </select>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={`${pagerBtn} hover:bg-slate-100`}
          disabled={page <= 1}
          onClick={() => go(page - 1)}
          aria-label={t("ui.prev")}
        >
          <Icon name="chevronRight" className="size-4 rotate-180" />
        </button>
        {pagerItems(page, pages).map((p, i) =>
          p === null ? <span key={`gap${i}`} className="px-1 text-slate-400">…</span> : (
            <button
              key={p}
              type="button"
              className={`${pagerBtn} ${
                p === page ? "bg-primary font-semibold text-white" : "hover:bg-slate-100"
              }`}
              aria-current={p === page ? "page" : undefined}
              onClick={() => go(p)}
            >
              {p}
            </button>
          )
        )}
        <button
          type="button"
          className={`${pagerBtn} hover:bg-slate-100`}
          disabled={page >= pages}
          onClick={() => go(page + 1)}
          aria-label={t("ui.next")}
        >
          <Icon name="chevronRight" className="size-4" />
        </button>
      </div>
      <label className="flex items-center gap-1.5">
        {t("ui.goTo")}
        <input
          className="input h-7 w-14 text-center"
          inputMode="numeric"
          value={jump}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ""))}
          onKeyDown={onJump}
          onBlur={() => {
            if (jump) go(Number(jump));
            setJump("");
          }}
          aria-label={t("ui.jumpTo")}
        />
        {t("ui.pageUnit")}
      </label>
    </nav>
  );
}
