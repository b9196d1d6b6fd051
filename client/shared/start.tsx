// Starting a page of the client (the back-office or the portal): error reporting, the user's theme
// and size, the inactivity sign-out, and the app rendered in the user's language.
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { i18n } from "./i18n.ts";
import { installErrorHandlers } from "./messages.ts";
import { applySize, applyTheme } from "./settings.ts";
import { watchInactivity } from "./session.ts";

export function startApp(app: ReactNode) {
  installErrorHandlers();
  applyTheme();
  applySize();
  watchInactivity();
  createRoot(document.getElementById("root")!).render(
    <I18nextProvider i18n={i18n}>{app}</I18nextProvider>,
  );
}
