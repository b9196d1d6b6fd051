// Changing the interface language: saved on the account when signed in, then the page reloads.
import { api } from "./api.ts";
import { getToken } from "./auth.ts";
import { type Lang, saveLanguage } from "./i18n.ts";

export async function changeLanguage(lang: Lang) {
  if (getToken()) {
    await api.post("/app/User/ChangeLanguage", { languageName: lang }, { silent: true })
      .catch(() => {});
  }
  saveLanguage(lang);
}
