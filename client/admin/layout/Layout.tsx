// The main layout: sidebar, header (navbar and tags view), and the open pages, each kept mounted
// while its tab is open so its state survives tab switches.
import {
  Component,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import {
  appState,
  closeSidebar,
  MOBILE_WIDTH,
  setDevice,
  settings,
} from "../../shared/settings.ts";
import { useStore } from "../../shared/store.ts";
import { Spinner } from "../../shared/ui.tsx";
import { usePageTitle } from "../../shared/pageTitle.ts";
import { allLeafRoutes, panels } from "../routes.ts";
import { type FlatRoute, HOME } from "./route.ts";
import { Navbar } from "./Navbar.tsx";
import { SettingsPanel } from "./SettingsPanel.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { addTag, tags } from "./tags.ts";
import { TagsView } from "./TagsView.tsx";
import { useMenu } from "./useMenu.ts";
import { MenuContext } from "./menuContext.ts";
import { PanelContext } from "./panels.tsx";
import { ViewContext } from "./view.ts";

export function Layout() {
  const menu = useMenu();
  const { routes, flat } = menu;
  const loc = useLocation();
  const { t } = useTranslation();
  const app = useStore(appState);
  const s = useStore(settings);
  const route = flat.get(loc.pathname);
  const mobile = app.device === "mobile";

  useEffect(() => {
    const mq = matchMedia(`(max-width: ${MOBILE_WIDTH - 0.02}px)`);
    const update = () => setDevice(mq.matches ? "mobile" : "desktop");
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    const home = flat.get(HOME);
    if (home) addTag({ path: HOME, fullPath: HOME, title: home.title, affix: true });
  }, [flat]);

  usePageTitle(route ? t(route.title) : undefined);

  useEffect(() => {
    if (!route) return;
    addTag({
      path: route.path,
      fullPath: loc.pathname + loc.search,
      title: route.title,
      affix: !!route.affix,
    });
    if (appState.get().device === "mobile") closeSidebar();
  }, [route, loc.pathname, loc.search, t]);

  if (!route) {
    return <Navigate to={allLeafRoutes.has(loc.pathname) ? "/401" : "/404"} replace />;
  }

  return (
    <MenuContext.Provider value={menu}>
      <PanelContext.Provider value={panels}>
        <div className="flex h-screen overflow-hidden" data-device={app.device}>
          {mobile && app.sidebarOpened && (
            <div
              className="fixed inset-0 z-30 bg-slate-900/40"
              data-testid="sidebar-backdrop"
              onClick={closeSidebar}
            />
          )}
          <Sidebar routes={routes} />
          <AppMain route={route} flat={flat} fixedHeader={s.fixedHeader} tagsView={s.tagsView} />
          <SettingsPanel />
        </div>
      </PanelContext.Provider>
    </MenuContext.Provider>
  );
}

/** The id of a page's heading (one view per path). */
const titleId = (path: string) => `page-title${path.replace(/[^A-Za-z0-9]+/g, "-")}`;

function AppMain(
  { route, flat, fixedHeader, tagsView }: {
    route: FlatRoute;
    flat: Map<string, FlatRoute>;
    fixedHeader: boolean;
    tagsView: boolean;
  },
) {
  const { t } = useTranslation();
  const list = useStore(tags);
  const loc = useLocation();
  const scroller = useRef<HTMLDivElement>(null);
  const scrollTops = useRef(new Map<string, number>());
  const active = route.path;
  const activeRef = useRef(active);
  activeRef.current = active;

  const views = useMemo(() => {
    const cached = tagsView
      ? list.filter((t) => flat.has(t.path) && !flat.get(t.path)!.noCache)
      : [];
    const out = cached.map((t) => ({ path: t.path, fullPath: t.fullPath, key: t.key }));
    if (!out.some((v) => v.path === active)) {
      const tag = list.find((t) => t.path === active);
      out.push({ path: active, fullPath: loc.pathname + loc.search, key: tag?.key ?? 0 });
    }
    return out;
  }, [list, flat, active, tagsView, loc.pathname, loc.search]);

  // Each tab's scroll position comes back with it.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = scrollTops.current.get(active) ?? 0;
  }, [active]);

  return (
    <div
      ref={scroller}
      className="flex min-w-0 flex-1 flex-col overflow-y-auto"
      onScroll={(e) => scrollTops.current.set(activeRef.current, e.currentTarget.scrollTop)}
    >
      <header className={`${fixedHeader ? "sticky top-0" : ""} z-20 bg-white shadow-xs`}>
        <Navbar route={route} />
        {tagsView && <TagsView flat={flat} />}
      </header>
      <main className="flex-1 p-4" id="main-content">
        {views.map((v) => {
          const r = flat.get(v.path)!;
          const Page = r.page;
          const isActive = v.path === active;
          const fullPath = isActive ? loc.pathname + loc.search : v.fullPath;
          return (
            // Each page is a region named by its one heading: the page's title as the menu and
            // the breadcrumb show it (visible to screen readers only; the breadcrumb shows it).
            <section
              key={`${v.path}#${v.key}`}
              hidden={!isActive}
              data-view={v.path}
              aria-labelledby={titleId(v.path)}
            >
              <h1 id={titleId(v.path)} className="sr-only" data-testid="page-title">
                {t(r.title)}
              </h1>
              <ViewContext.Provider
                value={{
                  path: v.path,
                  fullPath,
                  search: fullPath.slice(v.path.length),
                  active: isActive,
                }}
              >
                <PageBoundary>
                  <Suspense
                    fallback={
                      <div className="flex justify-center py-16 text-primary">
                        <Spinner />
                      </div>
                    }
                  >
                    {Page && <Page />}
                  </Suspense>
                </PageBoundary>
              </ViewContext.Provider>
            </section>
          );
        })}
      </main>
    </div>
  );
}

/** A page that throws shows the error in its own tab instead of blanking the shell. */
class PageBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    dispatchEvent(new ErrorEvent("error", { error, message: error.message }));
  }
  override render() {
    if (this.state.error) {
      return (
        <div className="card p-6 text-sm text-red-700" role="alert">
          {this.state.error.message}
        </div>
      );
    }
    return this.props.children;
  }
}
