// Menu search in the header: fuzzy over the pages the user can open, in the UI language.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Icon } from "../../shared/icons.tsx";
import { createMenuSearch, type SearchItem, searchItems } from "./menuSearch.ts";
import { useMenu } from "./useMenu.ts";

export function HeaderSearch() {
  const { t } = useTranslation();
  const { routes } = useMenu();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const search = useMemo(() => createMenuSearch(searchItems(routes, t)), [routes, t]);
  const results = search(query);
  return (
    <Combobox<SearchItem | null>
      value={null}
      onChange={(item) => {
        if (item) navigate(item.path);
        setQuery("");
      }}
      onClose={() => setQuery("")}
    >
      <div className="relative max-sm:hidden">
        <Icon
          name="search"
          className="pointer-events-none absolute left-2 top-2 size-4 text-slate-400"
        />
        <ComboboxInput
          className="h-8 w-40 rounded-md bg-slate-100 pl-7 pr-2 text-sm outline-none transition-[width] placeholder:text-slate-400 focus:w-64 focus:bg-white focus:ring-2 focus:ring-primary"
          placeholder={t("shell.search.placeholder")}
          aria-label={t("shell.search.label")}
          displayValue={() => query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="menu-search"
        />
      </div>
      <ComboboxOptions anchor="bottom end" className="menu-panel mt-1 w-80 empty:invisible">
        {query.trim() && results.length === 0 && (
          <p className="px-2.5 py-2 text-slate-500">{t("shell.search.noResults")}</p>
        )}
        {results.map((item) => (
          <ComboboxOption key={item.path} value={item} className="menu-item">
            <Icon name="chevronRight" className="size-3.5 text-slate-400" />
            <span className="min-w-0">
              <span className="block truncate">{item.trail[item.trail.length - 1]}</span>
              {item.trail.length > 1 && (
                <span className="block truncate text-xs text-slate-400">
                  {item.trail.slice(0, -1).join(" / ")}
                </span>
              )}
            </span>
          </ComboboxOption>
        ))}
      </ComboboxOptions>
    </Combobox>
  );
}
