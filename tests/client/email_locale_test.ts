// The email template dialog names every placeholder, trigger and recipient in the reader's
// language: none of them may show as a raw key.
import assert from "node:assert/strict";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { MECHANISMS, NOTIFY_OBJECTS, PLACEHOLDERS } from "../../server/domain/email/schemas.ts";

Deno.test("every email placeholder, trigger and recipient has its words in Chinese and English", () => {
  for (const [lang, words] of [["en", en.email], ["zh", zh.email]] as const) {
    const missing = [
      ...PLACEHOLDERS.filter((k) => !(words.placeholders as Record<string, string>)[k]?.trim())
        .map((k) => `placeholders.${k}`),
      ...MECHANISMS.filter((k) => !(words.mechanisms as Record<string, string>)[k]?.trim())
        .map((k) => `mechanisms.${k}`),
      ...NOTIFY_OBJECTS.filter((k) => !(words.notifyObjects as Record<string, string>)[k]?.trim())
        .map((k) => `notifyObjects.${k}`),
    ];
    assert.deepEqual(missing, [], `${lang}: ${missing.join(", ")}`);
  }
});
