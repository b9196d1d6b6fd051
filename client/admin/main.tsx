// Entry of the staff back-office.
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import "../shared/styles.css";
import { i18n } from "../shared/i18n.ts";
import { installErrorHandlers } from "../shared/messages.ts";
import { applySize, applyTheme } from "../shared/settings.ts";
import { watchInactivity } from "../shared/session.ts";
import { App } from "./App.tsx";

installErrorHandlers();
applyTheme();
applySize();
watchInactivity();

createRoot(document.getElementById("root")!).render(
  <I18nextProvider i18n={i18n}>
    <App />
  </I18nextProvider>,
);
