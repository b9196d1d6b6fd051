// The browser tab's title: "<page> - QMO" in the reader's language.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the tab's title to the page's (already translated) title, again when the language changes. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} - ${t("app.title")}`;
  }, [title, t]);
}
