// i18next for the browser: the same locales/*.json the server uses; saved language, else the
// browser's, else Chinese. Changing the language saves it and reloads the page.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { getCookie, setCookie } from "./cookies.ts";

export type Lang = "zh" | "en";
export const languages: Lang[] = ["zh", "en"];
const LANGUAGE_COOKIE = "language";

/** Saved preference, else the first supported browser language, else Chinese. */
function pickLanguage(saved: string | undefined, browser: readonly string[]): Lang {
  if (saved === "zh" || saved === "en") return saved;
  for (const tag of browser) {
    const t = tag.toLowerCase();
    if (t.startsWith("zh")) return "zh";
    if (t.startsWith("en")) return "en";
  }
  return "zh";
}

export const currentLanguage = (): Lang =>
  pickLanguage(getCookie(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);

const lng = currentLanguage();
// Only the language in use is loaded (each is ~18 KB gzipped); changing it reloads the page. The
// two files hold the same keys, so there is nothing to fall back to.
const translation = lng === "en"
  ? (await import("../../locales/en.json", { with: { type: "json" } })).default
  : (await import("../../locales/zh.json", { with: { type: "json" } })).default;

export const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  resources: { [lng]: { translation } },
  lng,
  fallbackLng: lng,
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  // An empty string in a locale is meant (English has no word after the page jumper).
  returnEmptyString: true,
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export const t = (key: string, params?: Record<string, unknown>) =>
  i18n.t(key, params ?? {}) as string;

/** Saves the language and reloads, so every string and date format follows at once. */
export function saveLanguage(lang: Lang) {
  setCookie(LANGUAGE_COOKIE, lang, 365);
  location.reload();
}
