// The sidebar menu: 260 px, collapsible to icons (state in a cookie), an overlay on mobile.
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "../../shared/icons.tsx";
import type { RouteRecord } from "../../shared/permission.ts";
import { appState, settings } from "../../shared/settings.ts";
import { useStore } from "../../shared/store.ts";

const SIDEBAR_WIDTH = 260;

/** A group with one visible page shows that page directly. */
function visible(routes: RouteRecord[]): RouteRecord[] {
  return routes.filter((r) => !r.hidden).map((r) => {
    if (!r.children) return r;
    const kids = visible(r.children);
    return kids.length === 1 ? kids[0] : { ...r, children: kids };
  }).filter((r) => !r.children || r.children.length > 0);
}

export function Sidebar({ routes }: { routes: RouteRecord[] }) {
  const { t } = useTranslation();
  const app = useStore(appState);
  const s = useStore(settings);
  const mobile = app.device === "mobile";
  const collapsed = !mobile && !app.sidebarOpened;
  const items = visible(routes);

  const position = mobile
    ? `fixed inset-y-0 left-0 z-40 transition-transform ${
      app.sidebarOpened ? "translate-x-0" : "-translate-x-full"
    }`
    : "relative transition-[width]";

  return (
    <aside
      className={`${position} flex shrink-0 flex-col bg-sidebar text-slate-300`}
      style={{ width: collapsed ? 64 : SIDEBAR_WIDTH }}
      aria-label={t("shell.sidebar")}
      data-testid="sidebar"
      data-collapsed={collapsed ? "1" : "0"}
      inert={mobile && !app.sidebarOpened}
    >
      {s.sidebarLogo && (
        <Link
          to="/"
          className="flex h-12 shrink-0 items-center gap-2.5 border-b border-white/5 px-4 text-white"
        >
          <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-sm font-bold">
            Q
          </span>
          {!collapsed && <span className="truncate text-sm font-semibold">{t("app.title")}</span>}
        </Link>
      )}
      <nav className="flex-1 overflow-y-auto overflow-x-hidden py-2" aria-label={t("shell.menu")}>
        <ul className="space-y-0.5 px-2">
          {items.map((r) => (
            <li key={r.path}>
              {r.children
                ? collapsed ? <CollapsedGroup route={r} /> : <Group route={r} />
                : <Leaf route={r} collapsed={collapsed} />}
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

const itemClass = (active: boolean, collapsed = false) =>
  `flex h-10 items-center gap-3 rounded-md text-sm outline-none transition-colors focus-visible:ring-2 focus-visible:ring-white ${
    collapsed ? "justify-center" : "px-3"
  } ${active ? "bg-primary text-white" : "hover:bg-white/5 hover:text-white"}`;

function Leaf(
  { route, collapsed, nested }: { route: RouteRecord; collapsed: boolean; nested?: boolean },
) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={route.path}
      title={collapsed ? t(route.title) : undefined}
      className={({ isActive }) => `${itemClass(isActive, collapsed)} ${nested ? "pl-10" : ""}`}
    >
      {!nested && <Icon name={route.icon ?? "file"} className="size-[18px]" />}
      {collapsed
        ? <span className="sr-only">{t(route.title)}</span>
        : <span className="truncate">{t(route.title)}</span>}
    </NavLink>
  );
}

function Group({ route }: { route: RouteRecord }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const containsActive = route.children!.some((c) => c.path === pathname);
  const [open, setOpen] = useState(containsActive);
  const expanded = open || containsActive;
  const id = `menu-${route.path.replaceAll("/", "-")}`;
  return (
    <>
      <button
        type="button"
        className={`${itemClass(false)} w-full ${containsActive ? "text-white" : ""}`}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setOpen(!expanded)}
      >
        <Icon name={route.icon ?? "folder"} className="size-[18px]" />
        <span className="flex-1 truncate text-left">{t(route.title)}</span>
        <Icon
          name="chevronDown"
          className={`size-4 opacity-60 transition-transform ${expanded ? "" : "-rotate-90"}`}
        />
      </button>
      {expanded && (
        <ul id={id} className="mt-0.5 space-y-0.5">
          {route.children!.map((c) => (
            <li key={c.path}>
              <Leaf route={c} collapsed={false} nested />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CollapsedGroup({ route }: { route: RouteRecord }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const containsActive = route.children!.some((c) => c.path === pathname);
  return (
    <Menu>
      <MenuButton className={`${itemClass(containsActive, true)} w-full`} title={t(route.title)}>
        <Icon name={route.icon ?? "folder"} className="size-[18px]" />
        <span className="sr-only">{t(route.title)}</span>
      </MenuButton>
      <MenuItems anchor="right start" className="menu-panel ml-2 w-52">
        <p className="px-2.5 py-1 text-xs font-medium text-slate-400">{t(route.title)}</p>
        {route.children!.map((c) => (
          <MenuItem key={c.path}>
            <Link to={c.path} className="menu-item">
              <Icon name={c.icon ?? "file"} className="size-4 text-slate-400" />
              {t(c.title)}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
