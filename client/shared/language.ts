// Changing the interface language: saved on the account when signed in, then the page reloads.
import { accountApi } from "./accountApi.ts";
import { getToken } from "./auth.ts";
import { type Lang, saveLanguage } from "./i18n.ts";

export async function changeLanguage(lang: Lang) {
  if (getToken()) {
    await accountApi.changeLanguage(lang).catch(() => {});
  }
  saveLanguage(lang);
}
