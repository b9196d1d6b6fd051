// The home page: a greeting, the calendar warning, the buyer's overview of open projects, and quick
// links to the pages the user can open; around the overview, the panels other areas hand in through
// the shell for the slot "dashboard" (my approvals; savings, suppliers).
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../../shared/icons.tsx";
import { session } from "../../../shared/session.ts";
import { useStore } from "../../../shared/store.ts";
import { formatDay } from "../../../shared/time.ts";
import { Avatar } from "../../../shared/ui.tsx";
import { searchItems } from "../../layout/menuSearch.ts";
import { useMenuOfLayout } from "../../layout/menuContext.ts";
import { flattenRoutes } from "../../layout/route.ts";
import { SlotPanels } from "../../layout/panels.tsx";
import { Overview } from "./Overview.tsx";
import { CalendarWarning } from "./CalendarWarning.tsx";
import { roleDisplayName } from "../../components/roleName.ts";

export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const user = useStore(session);
  const { routes } = useMenuOfLayout();
  const [filter, setFilter] = useState("");
  const icons = useMemo(() => flattenRoutes(routes), [routes]);
  // Error pages and the error log stay in the menu but are no destination worth a card.
  const links = searchItems(routes, t).filter((i) =>
    i.path !== "/dashboard" && !i.path.startsWith("/error")
  );
  const shown = links.filter((i) => i.title.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-center gap-4 px-5 py-3">
        <Avatar src={user?.avatar} name={user?.name} className="size-12 text-lg" />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-slate-900">
            {t("dashboard.welcome", { name: user?.name })}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            {formatDay(Date.now(), i18n.language)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {user?.roleNames.map((r) => (
            <span
              key={r}
              className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-medium text-primary-700 ring-1 ring-primary-100"
            >
              {roleDisplayName(t, { name: r })}
            </span>
          ))}
        </div>
      </div>

      <CalendarWarning />
      {/* The awards waiting for my approval. */}
      <SlotPanels slot="dashboard" place="beforeOverview" props={{}} />

      <Overview />

      {/* The savings of the last 12 months, the suppliers' performance and certificates. */}
      <SlotPanels slot="dashboard" place="afterOverview" props={{}} />

      <div className="card p-5">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-semibold text-slate-900">{t("dashboard.quickLinks")}</h2>
          <label className="relative">
            <span className="sr-only">{t("dashboard.filter")}</span>
            <Icon
              name="search"
              className="pointer-events-none absolute left-2 top-2 size-4 text-slate-400"
            />
            <input
              className="input w-60 pl-7"
              placeholder={t("dashboard.filter")}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              data-testid="dashboard-filter"
            />
          </label>
        </div>
        {shown.length === 0
          ? <p className="py-8 text-center text-sm text-slate-500">{t("dashboard.noLinks")}</p>
          : (
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {shown.map((item) => (
                <li key={item.path}>
                  <Link
                    to={item.path}
                    className="flex items-center gap-3 rounded-lg p-3 ring-1 ring-slate-200 transition hover:bg-primary-50 hover:ring-primary-200 focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <span className="inline-flex size-9 items-center justify-center rounded-md bg-primary-50 text-primary">
                      <Icon name={icons.get(item.path)?.icon ?? "file"} className="size-5" />
                    </span>
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-800">
                        {item.trail[item.trail.length - 1]}
                      </span>
                      <span className="block truncate text-xs text-slate-500">
                        {item.trail.length > 1 ? item.trail.slice(0, -1).join(" / ") : item.path}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
      </div>
    </div>
  );
}
