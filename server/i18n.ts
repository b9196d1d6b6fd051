// Server-side translation from locales/en.json and locales/zh.json, by the caller's language.
import i18next from "i18next";
import { type DomainError, isPhrase } from "./domain/errors.ts";
import en from "../locales/en.json" with { type: "json" };
import zh from "../locales/zh.json" with { type: "json" };

export type Lang = "zh" | "en";
const languages: Lang[] = ["zh", "en"];

const instance = i18next.createInstance();
await instance.init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  fallbackLng: "zh",
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function t(lang: Lang, key: string, params?: Record<string, unknown>): string {
  return instance.getFixedT(lang)(key, params ?? {}) as string;
}

/** Picks zh or en from an Accept-Language header (first supported tag wins); Chinese otherwise. */
export const langFromHeader = (header: string | null | undefined): Lang =>
  langInHeader(header) ?? "zh";

/** The first supported language an Accept-Language header names, by weight; none when it names neither. */
export function langInHeader(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined;
  const tags = header.split(",").map((part) => {
    const [tag, ...params] = part.trim().split(";");
    const q = params.find((p) => p.trim().startsWith("q="));
    return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
  }).sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag.startsWith("zh")) return "zh";
    if (tag.startsWith("en")) return "en";
  }
  return undefined;
}

/**
 * A field as people read it: the label of the last name in its path (fieldNames.*), with the line
 * it stands on where the path runs through a list ("opiList.0.itemName": "Material name (line 1)");
 * the path itself where no label is known.
 */
function fieldLabel(lang: Lang, path: string): string {
  const parts = path.split(".");
  const name = parts.findLast((x) => !/^\d+$/.test(x));
  const label = name && t(lang, `fieldNames.${name}`, { defaultValue: "" });
  if (!label) return path;
  const index = parts.findLast((x) => /^\d+$/.test(x));
  return index === undefined
    ? label
    : t(lang, "errors.fieldOnLine", { field: label, line: Number(index) + 1 });
}

/**
 * Translates a message key; `entity` and `expected` parameters are themselves keys (entities.*,
 * errors.types.*), `field` a field's path (fieldLabel), and a parameter made by `phrase`
 * (errors.ts) is a message of its own.
 */
function localize(
  lang: Lang,
  key: string,
  params: Record<string, unknown> = {},
  depth = 0,
): string {
  const p = { ...params };
  for (const [name, value] of Object.entries(p)) {
    if (isPhrase(value) && depth < 3) p[name] = localize(lang, value.$t, value.params, depth + 1);
  }
  if (typeof p.entity === "string") p.entity = t(lang, `entities.${p.entity}`);
  if (typeof p.field === "string") {
    p.field = fieldLabel(lang, p.field);
    // Chinese messages follow the field at once; a name in Latin letters keeps a space from them.
    if (lang === "zh" && /[!-~]$/.test(p.field as string)) p.field += " ";
  }
  if (typeof p.expected === "string") {
    p.expected = t(lang, `errors.types.${p.expected}`, { defaultValue: p.expected });
  }
  return t(lang, key, p);
}

/** A domain failure as people read it: one message, and the fields' own messages when there are any. */
export function describeError(lang: Lang, err: DomainError) {
  const validationErrors = err.fieldErrors.length
    ? err.fieldErrors.map((f) => ({
      message: localize(lang, f.messageKey, f.params),
      members: f.members,
    }))
    : null;
  let message = localize(lang, err.messageKey, err.params);
  if (validationErrors) {
    message = err.messageKey === "errors.validation"
      ? `${message}: ${validationErrors.map((v) => v.message).join("; ")}`
      : validationErrors[0].message;
  }
  return { message, validationErrors };
}
