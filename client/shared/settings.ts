// Layout settings (spec §3): theme colour, tags view, fixed header and sidebar logo saved in local
// storage; sidebar open state (1/0) and size in cookies (spec §4).
import { getCookie, setCookie } from "./cookies.ts";
import { createStore } from "./store.ts";

const SIDEBAR_COOKIE = "sidebarStatus";
const SIZE_COOKIE = "size";
const SETTINGS_KEY = "qmo-settings";

export const sizes = ["default", "medium", "small", "mini"] as const;
export type Size = (typeof sizes)[number];

export const themeColors = [
  "#1890ff",
  "#409eff",
  "#2f54eb",
  "#722ed1",
  "#13c2c2",
  "#11a983",
  "#52c41a",
  "#fa8c16",
  "#f5222d",
  "#304156",
];

export type Settings = {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
};

const defaultSettings: Settings = {
  theme: "#1890ff",
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
};

function loadSettings(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}");
    const s = { ...defaultSettings, ...saved };
    if (!/^#[0-9a-f]{6}$/i.test(s.theme)) s.theme = defaultSettings.theme;
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
