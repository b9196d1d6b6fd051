// Layout settings (spec §3): theme colour, tags view, fixed header and sidebar logo saved in local
// storage; sidebar open state (1/0) and size in cookies (spec §4).
import { getCookie, setCookie } from "./cookies.ts";
import { createStore } from "./store.ts";

const SIDEBAR_COOKIE = "sidebarStatus";
const SIZE_COOKIE = "size";
const SETTINGS_KEY = "qmo-settings";

export const sizes = ["default", "medium", "small", "mini"] as const;
export type Size = (typeof sizes)[number];

// Each with white text on it and as text on white at 4.5:1 or more (WCAG AA).
export const themeColors = [
  "#0069ca",
  "#0958d9",
  "#2f54eb",
  "#722ed1",
  "#0c7878",
  "#0c785d",
  "#337a10",
  "#a45704",
  "#d30a14",
  "#304156",
];

export type Settings = {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
};

const defaultSettings: Settings = {
  theme: "#0069ca",
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
};

function loadSettings(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}");
    const s = { ...defaultSettings, ...saved };
    // A colour no longer offered (the lighter ones before) goes back to the default.
    if (!themeColors.includes(String(s.theme).toLowerCase())) s.theme = defaultSettings.theme;
    return s;
  } catch {
    return { ...defaultSettings };
  }
}

export const settings = createStore<Settings>(loadSettings());

export function changeSetting<K extends keyof Settings>(key: K, value: Settings[K]) {
  settings.set((s) => ({ ...s, [key]: value }));
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings.get()));
  if (key === "theme") applyTheme(value as string);
}

export function applyTheme(color = settings.get().theme) {
  document.documentElement.style.setProperty("--color-primary", color);
}

export type AppState = { sidebarOpened: boolean; size: Size; device: "desktop" | "mobile" };

export const MOBILE_WIDTH = 992;

const savedSize = getCookie(SIZE_COOKIE) as Size | undefined;

export const appState = createStore<AppState>({
  sidebarOpened: getCookie(SIDEBAR_COOKIE) !== "0",
  size: savedSize && sizes.includes(savedSize) ? savedSize : "medium",
  device: "desktop",
});

export function toggleSidebar() {
  const opened = !appState.get().sidebarOpened;
  appState.set((s) => ({ ...s, sidebarOpened: opened }));
  if (appState.get().device === "desktop") setCookie(SIDEBAR_COOKIE, opened ? "1" : "0", 365);
}

export function closeSidebar() {
  appState.set((s) => ({ ...s, sidebarOpened: false }));
}

export function setDevice(device: AppState["device"]) {
  appState.set((s) => ({
    ...s,
    device,
    sidebarOpened: device === "mobile" ? false : getCookie(SIDEBAR_COOKIE) !== "0",
  }));
}

export function setSize(size: Size) {
  setCookie(SIZE_COOKIE, size, 365);
  appState.set((s) => ({ ...s, size }));
  applySize(size);
}

export function applySize(size = appState.get().size) {
  document.documentElement.dataset.size = size;
}
