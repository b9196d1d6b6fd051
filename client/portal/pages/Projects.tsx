// "My quotation projects": every project published to this supplier with its status for it, the
// deadline in UTC+8 and a live countdown, what needs action first (the server's order).
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { Spinner } from "../../shared/ui.tsx";
import { closingFor, type MyProject, portalApi, type QuoteStatus, type Timed } from "../data.ts";
import { Countdown, Deadline, Empty, StatusBadge } from "../parts.tsx";
import { usePageTitle } from "../../shared/pageTitle.ts";

type Filter = "all" | QuoteStatus;
const filters: Filter[] = ["all", "canOffer", "quoted", "notQuoted", "declined"];

export function Projects() {
  const { t } = useTranslation();
  usePageTitle(t("portal.nav.projects"));
  const [items, setItems] = useState<Timed<MyProject>[] | null>(null);
  const [error, setError] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const [keyword, setKeyword] = useState("");

  useEffect(() => {
    portalApi.projects().then(setItems).catch((e: ApiError) => {
      setError(e.status === 403 ? t("portal.noSupplier") : e.message);
      setItems([]);
    });
  }, []);

  const counts = useMemo(() => {
    const c: Record<Filter, number> = { all: 0, canOffer: 0, quoted: 0, notQuoted: 0, declined: 0 };
    for (const p of items ?? []) {
      c.all++;
      c[p.status]++;
    }
    return c;
  }, [items]);

  const shown = (items ?? []).filter((p) => {
    if (filter !== "all" && p.status !== filter) return false;
    const k = keyword.trim().toLowerCase();
    return !k || p.name.toLowerCase().includes(k) || p.code.toLowerCase().includes(k);
  });

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-lg font-semibold text-slate-900">{t("portal.nav.projects")}</h1>
        <p className="text-sm text-slate-500">{t("portal.list.subtitle")}</p>
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div
          role="radiogroup"
          aria-label={t("portal.list.filter")}
          className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-0.5"
        >
          {filters.map((f) => (
            <button
              key={f}
              type="button"
              role="radio"
              aria-checked={filter === f}
              onClick={() => setFilter(f)}
              className={`btn h-7 shrink-0 rounded-full px-3 text-xs ${
                filter === f ? "bg-slate-900 text-white" : "btn-default"
              }`}
            >
              {f === "all" ? t("portal.list.all") : t(`quotes.status.${f}`)}
              <span
                className={`rounded-full px-1.5 text-[11px] tabular-nums ${
                  filter === f ? "bg-white/20" : "bg-slate-100 text-slate-600"
                }`}
              >
                {counts[f]}
              </span>
            </button>
          ))}
        </div>
        <label className="relative sm:ml-auto sm:w-64">
          <span className="sr-only">{t("portal.list.search")}</span>
          <Icon
            name="search"
            className="pointer-events-none absolute left-2.5 top-2 size-4 text-slate-400"
          />
          <input
            type="search"
            className="input pl-8"
            placeholder={t("portal.list.search")}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </label>
      </div>

      <section className="card overflow-hidden" aria-busy={items === null}>
        <div className="hidden grid-cols-[1fr_9rem_11rem_9rem] gap-3 border-b border-slate-100 bg-slate-50 px-4 py-2 text-xs font-medium text-slate-500 md:grid">
          <span>{t("projects.fields.name")}</span>
          <span>{t("projects.fields.status")}</span>
          <span>{t("projects.fields.offerEndTime")}</span>
          <span>{t("portal.list.timeLeft")}</span>
        </div>
        {items === null
          ? (
            <div className="flex justify-center py-10 text-primary">
              <Spinner />
            </div>
          )
          : error
          ? <Empty icon="info">{error}</Empty>
          : shown.length === 0
          ? <Empty>{items.length ? t("portal.list.noMatch") : t("portal.list.empty")}</Empty>
          : (
            <ul className="divide-y divide-slate-100" data-testid="project-list">
              {shown.map((p) => <Row key={p.id} p={p} />)}
            </ul>
          )}
      </section>
    </div>
  );
}

function Row({ p }: { p: Timed<MyProject> }) {
  const { t } = useTranslation();
  return (
    <li data-testid="project-row" data-id={p.id}>
      <Link
        to={`/portal/projects/${p.id}`}
        className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5 px-4 py-3 hover:bg-slate-50 focus-visible:bg-primary-50 focus-visible:outline-none md:grid-cols-[1fr_9rem_11rem_9rem] md:items-center"
      >
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{p.name}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
            <span className="font-mono">{p.code}</span>
            <span aria-hidden="true">·</span>
            <span>{t(`projects.kinds.${p.kind}`)}</span>
            {p.round > 0 && (
              <span className="rounded bg-violet-50 px-1.5 text-violet-700">
                {t(`quotes.round.${p.round}`)}
              </span>
            )}
            {p.typeName && (
              <>
                <span aria-hidden="true">·</span>
                <span>{p.typeName}</span>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-self-end gap-1 md:justify-self-start">
          <StatusBadge status={p.status} />
          {p.requestChanged && (
            <span
              className="rounded bg-amber-50 px-1.5 py-0.5 text-[11px] text-amber-800 ring-1 ring-amber-200 ring-inset"
              data-testid="request-changed"
            >
              {t("portal.pack.changedShort")}
            </span>
          )}
          {p.award && (
            <span
              className="rounded bg-emerald-50 px-1.5 py-0.5 text-[11px] text-emerald-800 ring-1 ring-emerald-200 ring-inset"
              data-testid="awarded"
            >
              {t("portal.award.badge")}
            </span>
          )}
        </div>
        <div className="text-xs text-slate-600 md:text-sm">
          <span className="mr-1 text-slate-400 md:hidden">{t("projects.fields.offerEndTime")}</span>
          <Deadline closing={closingFor(p)} />
        </div>
        <div className="justify-self-end text-xs md:justify-self-start md:text-sm">
          <Countdown endsAt={p.endsAt} open={p.canSubmit} />
        </div>
      </Link>
    </li>
  );
}
