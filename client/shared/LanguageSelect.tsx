// The sign-in page's language picker: a plain select, so the page does not load the menu library
// that the signed-in shell's LanguageMenu uses.
import { useTranslation } from "react-i18next";
import { type Lang, languages } from "./i18n.ts";
import { changeLanguage } from "./language.ts";

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      aria-label={t("shell.language")}
      title={t("shell.language")}
      data-testid="language-select"
      value={i18n.language}
      onChange={(e) => changeLanguage(e.target.value as Lang)}
      className="rounded-md border border-white/20 bg-transparent px-2 py-1 text-sm text-slate-200 hover:bg-white/10 focus:outline-none focus:ring-2 focus:ring-white/40"
    >
      {languages.map((lang) => (
        <option key={lang} value={lang} lang={lang} className="text-slate-900">
          {t(`shell.languages.${lang}`)}
        </option>
      ))}
    </select>
  );
}
