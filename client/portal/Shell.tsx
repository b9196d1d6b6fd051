// The signed-in portal (loaded after sign-in, not with the sign-in page): the header with its
// navigation, language, account and sign-out, and the portal's pages.
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, Route, Routes } from "react-router";
import { Icon } from "../shared/icons.tsx";
import { LanguageMenu } from "../shared/LanguageMenu.tsx";
import { PORTAL_LOGIN, session, signOut } from "../shared/session.ts";
import { useStore } from "../shared/store.ts";
import { Avatar, Spinner } from "../shared/ui.tsx";
import { Projects } from "./pages/Projects.tsx";

// A project's page (quotation, upload, lines) and the account load when first opened.
const ProjectPage = lazy(() =>
  import("./pages/Project.tsx").then((m) => ({ default: m.ProjectPage }))
);
const Account = lazy(() => import("./pages/Account.tsx").then((m) => ({ default: m.Account })));
const AuctionPage = lazy(() =>
  import("./pages/Auction.tsx").then((m) => ({ default: m.AuctionPage }))
);

export default function Shell() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="mx-auto w-full max-w-5xl flex-1 px-3 py-4 sm:px-4 sm:py-6">
        <Suspense
          fallback={
            <div className="flex justify-center py-10 text-primary">
              <Spinner />
            </div>
          }
        >
          <Routes>
            <Route path="/portal" element={<Projects />} />
            <Route path="/portal/projects/:id" element={<ProjectPage />} />
            <Route path="/portal/projects/:id/auction" element={<AuctionPage />} />
            <Route path="/portal/account" element={<Account />} />
            <Route path="*" element={<Navigate to="/portal" replace />} />
          </Routes>
        </Suspense>
      </main>
      <Footer />
    </div>
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
    location.assign(PORTAL_LOGIN);
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
              data-testid="portal-user-menu"
            >
              <Avatar src={user.avatar} name={user.name} className="size-7 text-xs" />
              <span className="sr-only">{t("portal.nav.account")}</span>
              <span className="max-w-36 truncate max-sm:sr-only" data-testid="portal-user">
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
