// The header: sidebar toggle, breadcrumb, menu search, error log, fullscreen, size, language,
// theme settings and the user menu.
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { Icon } from "../../shared/icons.tsx";
import { message } from "../../shared/messages.ts";
import { loginUrl, session, signOut } from "../../shared/session.ts";
import { appState, setSize, sizes, toggleSidebar } from "../../shared/settings.ts";
import { useStore } from "../../shared/store.ts";
import { Avatar } from "../../shared/ui.tsx";
import { type FlatRoute, HOME } from "./route.ts";
import { ErrorLogButton } from "./ErrorLog.tsx";
import { HeaderSearch } from "./HeaderSearch.tsx";
import { LanguageMenu } from "./LanguageMenu.tsx";
import { openSettingsPanel } from "./SettingsPanel.tsx";
import { refreshTag, resetTags } from "./tags.ts";

export function Navbar({ route }: { route: FlatRoute }) {
  const { t } = useTranslation();
  const app = useStore(appState);
  return (
    <div className="flex h-12 items-center gap-1 border-b border-slate-200 px-2">
      <button
        type="button"
        className="icon-btn"
        onClick={toggleSidebar}
        aria-label={app.sidebarOpened ? t("shell.collapseSidebar") : t("shell.expandSidebar")}
        aria-expanded={app.sidebarOpened}
        data-testid="hamburger"
      >
        <Icon name={app.sidebarOpened ? "fold" : "unfold"} className="size-5" />
      </button>
      <Breadcrumb route={route} />
      <div className="ml-auto flex items-center gap-0.5">
        <HeaderSearch />
        <ErrorLogButton />
        <FullscreenButton />
        <SizeMenu path={route.path} />
        <LanguageMenu />
        <button
          type="button"
          className="icon-btn max-sm:hidden"
          onClick={openSettingsPanel}
          aria-label={t("shell.settings.title")}
          title={t("shell.settings.title")}
        >
          <Icon name="palette" />
        </button>
        <UserMenu />
      </div>
    </div>
  );
}

function Breadcrumb({ route }: { route: FlatRoute }) {
  const { t } = useTranslation();
  const isHome = route.path === HOME;
  return (
    <nav aria-label={t("shell.breadcrumb")} className="ml-1 min-w-0 max-md:hidden">
      <ol className="flex items-center gap-1.5 text-sm" data-testid="breadcrumb">
        <li>
          {isHome
            ? <span className="text-slate-800">{t("menu.dashboard")}</span>
            : (
              <Link to={HOME} className="text-slate-500 hover:text-primary">
                {t("menu.dashboard")}
              </Link>
            )}
        </li>
        {!isHome &&
          [...route.parents, route].map((r, i, all) => (
            <li key={r.path} className="flex min-w-0 items-center gap-1.5">
              <span className="text-slate-300" aria-hidden="true">/</span>
              <span
                className={`truncate ${i === all.length - 1 ? "text-slate-800" : "text-slate-500"}`}
                aria-current={i === all.length - 1 ? "page" : undefined}
              >
                {t(r.title)}
              </span>
            </li>
          ))}
      </ol>
    </nav>
  );
}

function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(!!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener("fullscreenchange", on);
    return () => document.removeEventListener("fullscreenchange", on);
  }, []);
  const toggle = async () => {
    if (!document.fullscreenEnabled) return message.warning(t("shell.fullscreenUnsupported"));
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      message.warning(t("shell.fullscreenUnsupported"));
    }
  };
  return (
    <button
      type="button"
      className="icon-btn max-sm:hidden"
      onClick={toggle}
      aria-label={full ? t("shell.exitFullscreen") : t("shell.fullscreen")}
      title={full ? t("shell.exitFullscreen") : t("shell.fullscreen")}
    >
      <Icon name={full ? "exitFullscreen" : "fullscreen"} />
    </button>
  );
}

function SizeMenu({ path }: { path: string }) {
  const { t } = useTranslation();
  const { size } = useStore(appState);
  return (
    <Menu>
      <MenuButton
        className="icon-btn max-sm:hidden"
        aria-label={t("shell.size.title")}
        title={t("shell.size.title")}
      >
        <Icon name="size" />
      </MenuButton>
      <MenuItems anchor="bottom end" className="menu-panel mt-1">
        {sizes.map((s) => (
          <MenuItem key={s} disabled={s === size}>
            <button
              type="button"
              className="menu-item data-disabled:text-primary"
              onClick={() => {
                setSize(s);
                refreshTag(path);
                message.success(t("shell.size.changed"));
              }}
            >
              <span className="w-4">{s === size && <Icon name="check" className="size-4" />}</span>
              {t(`shell.size.${s}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const user = useStore(session);
  const navigate = useNavigate();
  const loc = useLocation();
  const logout = async () => {
    await signOut();
    resetTags();
    navigate(loginUrl(loc.pathname + loc.search), { replace: true });
  };
  return (
    <Menu>
      <MenuButton
        className="ml-1 flex items-center gap-2 rounded-md py-1 pl-1 pr-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary"
        data-testid="user-menu"
      >
        <Avatar src={user?.avatar} name={user?.name} className="size-7 text-xs" />
        <span className="max-w-32 truncate max-sm:sr-only">{user?.name}</span>
        <Icon name="chevronDown" className="size-3.5 text-slate-400" />
      </MenuButton>
      <MenuItems anchor="bottom end" className="menu-panel mt-1 w-52">
        <div className="px-2.5 py-2">
          <p className="truncate font-medium text-slate-900">{user?.name}</p>
          <p className="truncate text-xs text-slate-500">{user?.userName}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <Link to="/profile/index" className="menu-item">
            <Icon name="user" className="text-slate-400" />
            {t("menu.profile")}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={HOME} className="menu-item">
            <Icon name="home" className="text-slate-400" />
            {t("menu.dashboard")}
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" className="menu-item" onClick={openSettingsPanel}>
            <Icon name="palette" className="text-slate-400" />
            {t("shell.theme")}
          </button>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <button type="button" className="menu-item" onClick={logout}>
            <Icon name="logout" className="text-slate-400" />
            {t("shell.logout")}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
