// Language picker (zh / en) of the back-office and the portal: saved, then the page reloads.
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useTranslation } from "react-i18next";
import { languages } from "./i18n.ts";
import { Icon } from "./icons.tsx";
import { changeLanguage } from "./language.ts";

export function LanguageMenu({ variant = "light" }: { variant?: "light" | "dark" }) {
  const { t, i18n } = useTranslation();
  return (
    <Menu>
      <MenuButton
        className={variant === "dark"
          ? "btn text-slate-200 hover:bg-white/10 hover:text-white"
          : "icon-btn"}
        aria-label={t("shell.language")}
        title={t("shell.language")}
        data-testid="language-menu"
      >
        <Icon name="language" />
        {variant === "dark" && <span>{t(`shell.languages.${i18n.language}`)}</span>}
      </MenuButton>
      <MenuItems anchor="bottom end" className="menu-panel mt-1 [--anchor-gap:4px]">
        {languages.map((lang) => (
          <MenuItem key={lang}>
            <button
              type="button"
              className="menu-item"
              lang={lang}
              onClick={() => lang !== i18n.language && changeLanguage(lang)}
            >
              <span className="w-4">
                {lang === i18n.language && <Icon name="check" className="size-4 text-primary" />}
              </span>
              {t(`shell.languages.${lang}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
