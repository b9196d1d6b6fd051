// Messages say counts in plain words: no English message hedges with "(s)", every count with a
// plural form has it in both languages (i18next's _one/_other), and each renders right for 1 and 5,
// in the browser's set-up and the server's (the CLI and the API's messages), nested counts included.
import assert from "node:assert/strict";
import i18next from "i18next";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { t as serverT } from "../../server/i18n.ts";

type Tree = { [key: string]: string | string[] | Tree };

/** Every message of a locale file by its dotted key. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else if (Array.isArray(v)) v.forEach((x, i) => out.set(`${key}.${i}`, x));
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const messages = { en: flatten(en as unknown as Tree), zh: flatten(zh as unknown as Tree) };

/** The browser's i18next set-up (client/shared/i18n.ts) for one language. */
function browserT(lang: "en" | "zh") {
  const i = i18next.createInstance();
  i.init({
    resources: { [lang]: { translation: lang === "en" ? en : zh } },
    lng: lang,
    fallbackLng: lang,
    interpolation: { escapeValue: false },
    returnEmptyString: true,
    initAsync: false,
  });
  return (key: string, params: Record<string, unknown>) => i.t(key, params) as string;
}

Deno.test("no English message says a count with (s)", () => {
  const hedged = [...messages.en].filter(([, v]) => v.includes("(s)")).map(([k, v]) =>
    `${k}: ${v}`
  );
  assert.deepEqual(hedged, []);
});

Deno.test("every plural message has its forms in both languages and renders right for 1 and 5", () => {
  const bases = [...messages.en.keys()].filter((k) => k.endsWith("_other"))
    .map((k) => k.slice(0, -"_other".length));
  assert.ok(bases.length >= 20, `plural messages found: ${bases.length}`);
  /** A value for every other placeholder of a message (text, or 7 where it is a number). */
  const fillerOf = (base: string) =>
    Object.fromEntries(
      [...`${messages.en.get(`${base}_other`)}${messages.zh.get(`${base}_other`)}`
        .matchAll(/\{\{(\w+)\}\}/g)]
        .map(([, name]) => [name, /file|name|code|template|closes/.test(name) ? `«${name}»` : 7]),
    );
  for (const base of bases) {
    const filler = fillerOf(base);
    assert.ok(messages.en.has(`${base}_one`), `${base}_one in en`);
    assert.ok(messages.zh.has(`${base}_other`), `${base}_other in zh`);
    assert.equal(messages.en.has(base), false, `${base} has no form without a count in en`);
    for (const [lang, t] of [["en", browserT("en")], ["zh", browserT("zh")]] as const) {
      for (const count of [1, 5]) {
        const shown = t(base, { ...filler, count });
        assert.equal(shown, serverT(lang, base, { ...filler, count }), `${lang} ${base}: server`);
        assert.doesNotMatch(
          shown,
          /\{\{|\$t\(|_one|_other/,
          `${lang} ${base} (${count}): ${shown}`,
        );
        assert.match(shown, new RegExp(`\\b${count}\\b|^[^0-9]*$`), `${lang} ${base}: ${shown}`);
      }
    }
    // English: one form for 1, the other for 5, and they differ.
    const t = browserT("en");
    assert.notEqual(
      t(base, { ...filler, count: 1 }).replace("1", "N"),
      t(base, { ...filler, count: 5 }).replace("5", "N"),
      `${base}: the same words for 1 and 5`,
    );
  }
});

Deno.test("counts say 1 and 5 in plain words, nested counts included", () => {
  const t = browserT("en");
  assert.equal(
    serverT("en", "auth.locked", { count: 1 }),
    "Too many failed sign-in attempts. Try again in 1 minute.",
  );
  assert.equal(
    serverT("en", "auth.locked", { count: 5 }),
    "Too many failed sign-in attempts. Try again in 5 minutes.",
  );
  assert.equal(serverT("zh", "auth.locked", { count: 5 }), "登录失败次数过多，请 5 分钟后再试");
  assert.equal(t("auctionPage.pricedLines", { count: 1 }), "1 line priced");
  assert.equal(t("auctionPage.pricedLines", { count: 5 }), "5 lines priced");
  assert.equal(t("comparison.missingLines", { count: 1 }), "1 line missing: not ranked");
  assert.equal(t("comparison.missingLines", { count: 5 }), "5 lines missing: not ranked");
  assert.equal(
    t("calendarPage.willReplace", { holidays: 1, workdays: 5 }),
    "will be replaced by 1 public holiday and 5 make-up working days.",
  );
  assert.equal(
    t("calendarPage.before", { holidays: 5, workdays: 1 }),
    "Now: 5 holidays, 1 make-up day.",
  );
  assert.equal(
    serverT("en", "calendar.cli.added", {
      year: 2027,
      holidays: 1,
      workdays: 5,
      before: serverT("en", "calendar.cli.beforeNone"),
    }),
    "2027: 5 make-up working days and 1 holiday added; the rest of 2027 is kept (before: not loaded)",
  );
  assert.equal(
    browserT("zh")("calendarPage.willReplace", { holidays: 1, workdays: 5 }),
    "将替换为法定节假日 1 天、调休上班日 5 天。",
  );
  // The toasts in plain words.
  assert.equal(t("ui.exported", {}), "Exported");
  assert.equal(t("ui.saved", {}), "Saved");
  assert.equal(t("ui.deleted", {}), "Deleted");
});
