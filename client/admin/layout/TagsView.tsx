// The tab bar of open pages, with its context menu: refresh, close, close others, close all, pin.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { Icon } from "../../shared/icons.tsx";
import { type FlatRoute, HOME } from "./route.ts";
import { closeAll, closeOthers, closeTag, refreshTag, type Tag, tags, togglePin } from "./tags.ts";
import { useStore } from "../../shared/store.ts";

type MenuState = { tag: Tag; x: number; y: number } | null;

export function TagsView({ flat }: { flat: Map<string, FlatRoute> }) {
  const { t } = useTranslation();
  const list = useStore(tags).filter((tag) => flat.has(tag.path));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<MenuState>(null);
  const activeRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);

  const actions = {
    refresh(tag: Tag) {
      refreshTag(tag.path);
      if (tag.path !== pathname) navigate(tag.fullPath);
    },
    close(tag: Tag) {
      const next = closeTag(tag.path);
      if (tag.path === pathname) navigate(next ?? HOME);
    },
    closeOthers(tag: Tag) {
      closeOthers(tag.path);
      if (tag.path !== pathname) navigate(tag.fullPath);
    },
    closeAll() {
      const next = closeAll();
      if (!tags.get().some((x) => x.path === pathname)) navigate(next ?? HOME);
    },
    pin(tag: Tag) {
      togglePin(tag.path);
    },
  };

  return (
    <div className="relative border-b border-slate-200 bg-white">
      <nav
        className="flex h-9 items-center gap-1 overflow-x-auto px-2 [scrollbar-width:none]"
        aria-label={t("shell.tags.label")}
        data-testid="tags-view"
      >
        {list.map((tag) => {
          const active = tag.path === pathname;
          const closable = !tag.affix && !tag.pinned;
          return (
            <span
              key={tag.path}
              data-testid="tag"
              data-path={tag.path}
              data-active={active ? "1" : "0"}
              className={`group flex h-6 shrink-0 items-center rounded border text-xs transition-colors ${
                active
                  ? "border-primary bg-primary text-white"
                  : "border-slate-200 bg-white text-slate-600 hover:border-primary-200 hover:text-primary"
              }`}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ tag, x: e.clientX, y: e.clientY });
              }}
            >
              <Link
                ref={active ? activeRef : undefined}
                to={tag.fullPath}
                aria-current={active ? "page" : undefined}
                className="flex h-full items-center gap-1.5 rounded pl-2 pr-2 outline-none focus-visible:ring-2 focus-visible:ring-primary-200"
                onKeyDown={(e) => {
                  if (e.key === "ContextMenu" || (e.shiftKey && e.key === "F10")) {
                    e.preventDefault();
                    const r = e.currentTarget.getBoundingClientRect();
                    setMenu({ tag, x: r.left, y: r.bottom + 2 });
                  }
                }}
              >
                {active && <span className="size-1.5 rounded-full bg-white" aria-hidden="true" />}
                {(tag.pinned || tag.affix) && (
                  <Icon name="pin" className="size-3" aria-label={t("shell.tags.pinned")} />
                )}
                <span className="whitespace-nowrap">{t(tag.title)}</span>
              </Link>
              {closable && (
                <button
                  type="button"
                  className={`-ml-1 mr-1 inline-flex size-4 items-center justify-center rounded-full ${
                    active ? "hover:bg-white/25" : "hover:bg-slate-400 hover:text-white"
                  }`}
                  aria-label={t("shell.tags.closeTab", { title: t(tag.title) })}
                  onClick={() => actions.close(tag)}
                >
                  <Icon name="close" className="size-3" />
                </button>
              )}
            </span>
          );
        })}
      </nav>
      {menu && <ContextMenu state={menu} onClose={() => setMenu(null)} actions={actions} />}
    </div>
  );
}

function ContextMenu(
  { state, onClose, actions }: {
    state: NonNullable<MenuState>;
    onClose: () => void;
    actions: {
      refresh: (t: Tag) => void;
      close: (t: Tag) => void;
      closeOthers: (t: Tag) => void;
      closeAll: () => void;
      pin: (t: Tag) => void;
    };
  },
) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { tag } = state;
  const items: { key: string; icon: string; label: string; run: () => void; disabled?: boolean }[] =
    [
      {
        key: "refresh",
        icon: "refresh",
        label: t("shell.tags.refresh"),
        run: () => actions.refresh(tag),
      },
      {
        key: "close",
        icon: "close",
        label: t("shell.tags.close"),
        run: () => actions.close(tag),
        disabled: tag.affix || tag.pinned,
      },
      {
        key: "closeOthers",
        icon: "close",
        label: t("shell.tags.closeOthers"),
        run: () => actions.closeOthers(tag),
      },
      {
        key: "closeAll",
        icon: "close",
        label: t("shell.tags.closeAll"),
        run: () => actions.closeAll(),
      },
      {
        key: "pin",
        icon: "pin",
        label: tag.pinned ? t("shell.tags.unpin") : t("shell.tags.pin"),
        run: () => actions.pin(tag),
        disabled: tag.affix,
      },
    ];

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
    const down = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("mousedown", down);
    document.addEventListener("keydown", key);
    addEventListener("resize", onClose);
    return () => {
      document.removeEventListener("mousedown", down);
      document.removeEventListener("keydown", key);
      removeEventListener("resize", onClose);
    };
  }, [onClose]);

  const move = (e: React.KeyboardEvent) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    const buttons = [...ref.current!.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = (i + (e.key === "ArrowDown" ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  return (
    <div
      ref={ref}
      role="menu"
      aria-label={t("shell.tags.menu")}
      className="menu-panel fixed w-44"
      style={{ left: Math.min(state.x, innerWidth - 190), top: state.y }}
      onKeyDown={move}
      data-testid="tag-menu"
    >
      {items.map((it) => (
        <button
          key={it.key}
          type="button"
          role="menuitem"
          disabled={it.disabled}
          className="menu-item hover:bg-primary-50 hover:text-primary focus:bg-primary-50 focus:text-primary focus:outline-none disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-700"
          onClick={() => {
            it.run();
            onClose();
          }}
        >
          <Icon name={it.icon} className="size-3.5 text-slate-400" />
          {it.label}
        </button>
      ))}
    </div>
  );
}
