// The supplier portal's frame: the guard (suppliers only; staff go back to the back-office), the
// header with its navigation, language, account and log-out, and the portal's routes.
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Link, Navigate, NavLink, Route, Routes } from "react-router";
import { setUnauthorizedHandler } from "../shared/api.ts";
import { getToken } from "../shared/auth.ts";
import { Icon } from "../shared/icons.tsx";
import { LanguageMenu } from "../shared/LanguageMenu.tsx";
import { loadUserInfo, loginUrl, resetSession, session, signOut } from "../shared/session.ts";
import { useStore } from "../shared/store.ts";
import { Avatar, FullPageSpinner, Messages } from "../shared/ui.tsx";
import { Account } from "./pages/Account.tsx";
import { ProjectPage } from "./pages/Project.tsx";
import { Projects } from "./pages/Projects.tsx";

const here = () => location.pathname + location.search;

export function Portal() {
  const user = useStore(session);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!getToken()) return location.replace(loginUrl(here()));
    setUnauthorizedHandler(() => {
      resetSession();
      location.replace(loginUrl(here()));
    });
    loadUserInfo().then((info) => {
      if (info.kind !== "supplier") return location.replace("/");
      setReady(true);
    }).catch(() => {
      resetSession();
      location.replace(loginUrl(here()));
    });
  }, []);

  if (!ready || !user) return <FullPageSpinner />;

  return (
    <BrowserRouter>
      <div className="flex min-h-screen flex-col">
        <Messages />
        <Header />
        <main className="mx-auto w-full max-w-5xl flex-1 px-3 py-4 sm:px-4 sm:py-6">
          <Routes>
            <Route path="/portal" element={<Projects />} />
            <Route path="/portal/projects/:id" element={<ProjectPage />} />
            <Route path="/portal/account" element={<Account />} />
            <Route path="*" element={<Navigate to="/portal" replace />} />
          </Routes>
        </main>
        <Footer />
      </div>
    </BrowserRouter>
  );
}

/** The page title: the page's own, then the system's (spec §2). */
const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-14 items-center gap-1.5 border-b-2 px-1 text-sm font-medium ${
    isActive
      ? "border-primary text-primary"
      : "border-transparent text-slate-600 hover:text-slate-900"
  }`;

function Header() {
  const { t } = useTranslation();
  const user = useStore(session)!;
  const logout = async () => {
    await signOut();
    location.assign("/login");
  };
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
        <Link
          to="/portal"
          className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-primary"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-md bg-primary font-bold text-white">
            Q
          </span>
          <span className="leading-tight max-sm:hidden">
            <span className="block text-sm font-semibold text-slate-900">{t("portal.title")}</span>
            <span className="block text-xs text-slate-500">{t("app.title")}</span>
          </span>
        </Link>
        <nav aria-label={t("portal.title")} className="ml-1 flex items-center gap-4 sm:ml-4">
          <NavLink to="/portal" end className={navClass}>
            <Icon name="quote" className="size-4 max-sm:hidden" />
            {t("portal.nav.projects")}
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageMenu />
          <Menu>
            <MenuButton
              className="flex items-center gap-2 rounded-md py-1 pl-1 pr-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={t("portal.nav.account")}
              data-testid="portal-user-menu"
            >
              <Avatar src={user.avatar} name={user.name} className="size-7 text-xs" />
              <span className="max-w-36 truncate max-sm:hidden" data-testid="portal-user">
                {user.name}
              </span>
              <Icon name="chevronDown" className="size-3.5 text-slate-400" />
            </MenuButton>
            <MenuItems anchor="bottom end" className="menu-panel mt-1 w-56">
              <div className="px-2.5 py-2">
                <p className="truncate font-medium text-slate-900">{user.name}</p>
                <p className="truncate text-xs text-slate-500">{user.userName}</p>
              </div>
              <MenuSeparator className="my-1 h-px bg-slate-100" />
              <MenuItem>
                <Link to="/portal/account" className="menu-item">
                  <Icon name="key" className="size-4 text-slate-400" />
                  {t("portal.account.password")}
                </Link>
              </MenuItem>
              <MenuItem>
                <button type="button" className="menu-item" onClick={logout}>
                  <Icon name="logout" className="size-4 text-slate-400" />
                  {t("shell.logout")}
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
          <button
            type="button"
            className="icon-btn max-sm:hidden"
            onClick={logout}
            aria-label={t("shell.logout")}
            title={t("shell.logout")}
          >
            <Icon name="logout" />
          </button>
        </div>
      </div>
    </header>
  );
}

function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mx-auto w-full max-w-5xl px-4 pb-6 pt-2 text-center text-xs text-slate-400">
      {t("portal.footer")}
    </footer>
  );
}
