// The browser tab's title: "<page> - QMO" in the reader's language.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * Sets the tab's title to the page's (already translated) title, again when the language changes;
 * leaves it as it is while there is none.
 */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (title) document.title = `${title} - ${t("app.title")}`;
  }, [title, t]);
}
