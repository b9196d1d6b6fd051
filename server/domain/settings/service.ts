// Typed system resources over the `settings` table: each key has a schema and a default, so a
// missing or unreadable row always answers the default.
import { eq } from "drizzle-orm";
import { settings } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { DomainError } from "../errors.ts";
import { t } from "../../i18n.ts";
import {
  type SettingKey,
  settingKeys,
  settingSchemas,
  type SettingValues,
  type UpdateSettingsInput,
  updateSettingsInput,
} from "./schemas.ts";
import type { z } from "zod";
import { MONTHLY_PURCHASE_THRESHOLD } from "../projects/schemas.ts";

/** Reminder hours before the deadline when nobody has changed them. */
const DEFAULT_REMINDER_HOURS = [24, 2];

function defaultSetting<K extends SettingKey>(deps: Deps, key: K): SettingValues[K] {
  const defaults: SettingValues = {
    quoteInstructionZh: t("zh", "settings.defaultQuoteInstruction"),
    quoteInstructionEn: t("en", "settings.defaultQuoteInstruction"),
    reminderHours: DEFAULT_REMINDER_HOURS,
    uploadLimitMb: deps.config.maxUploadMb,
    // The spec's monthly-purchase threshold: awards of 200,000 CNY or more wait for approval.
    awardApproval: { mode: "threshold", thresholdCny: String(MONTHLY_PURCHASE_THRESHOLD) },
    staffPasswordSignIn: true,
    companySignInCreatesUsers: false,
    twoFactorRequired: { administrators: false, staff: false, suppliers: false },
  };
  return defaults[key];
}

export async function getSetting<K extends SettingKey>(
  deps: Deps,
  key: K,
): Promise<SettingValues[K]> {
  const row = await deps.db.query.settings.findFirst({ where: eq(settings.key, key) });
  if (row) {
    const parsed = settingSchemas[key].safeParse(row.value);
    if (parsed.success) return parsed.data as SettingValues[K];
  }
  return defaultSetting(deps, key);
}

async function setSetting<K extends SettingKey>(
  deps: Deps,
  key: K,
  value: z.input<(typeof settingSchemas)[K]>,
  actor?: Actor,
): Promise<SettingValues[K]> {
  const parsed = settingSchemas[key].safeParse(value);
  if (!parsed.success) {
    throw new DomainError("validation", "settings.invalidValue", { key }, [{
      messageKey: "settings.invalidValue",
      params: { key },
      members: [key],
    }]);
  }
  const now = deps.clock.now();
  await deps.db.insert(settings).values({
    key,
    value: parsed.data,
    updatedAt: now,
    updatedBy: actor?.id ?? null,
  }).onConflictDoUpdate({
    target: settings.key,
    set: { value: parsed.data, updatedAt: now, updatedBy: actor?.id ?? null },
  });
  return parsed.data as SettingValues[K];
}

/** The quote instructions in a language (Chinese unless English is asked for). */
export const quoteInstruction = (deps: Deps, lang: "zh" | "en") =>
  getSetting(deps, lang === "en" ? "quoteInstructionEn" : "quoteInstructionZh");

/** The upload limit that applies now: the admin's setting, never above MAX_UPLOAD_MB. */
export async function uploadLimitMb(deps: Deps): Promise<number> {
  return Math.min(await getSetting(deps, "uploadLimitMb"), deps.config.maxUploadMb);
}

export type SettingDto = {
  key: SettingKey;
  value: unknown;
  isDefault: boolean;
  lastModificationTime: Date | null;
};

export async function listSettings(deps: Deps): Promise<{ items: SettingDto[] }> {
  const rows = await deps.db.select().from(settings);
  const items: SettingDto[] = [];
  for (const key of settingKeys) {
    const row = rows.find((r) => r.key === key);
    const valid = row && settingSchemas[key].safeParse(row.value).success;
    items.push({
      key,
      value: await getSetting(deps, key),
      isDefault: !valid,
      lastModificationTime: valid ? row.updatedAt : null,
    });
  }
  return { items };
}

/** Saves several values at once; nothing is saved when one of them is invalid. */
export async function updateSettings(
  deps: Deps,
  raw: z.input<typeof updateSettingsInput>,
  actor?: Actor,
): Promise<{ items: SettingDto[] }> {
  const input: UpdateSettingsInput = updateSettingsInput.parse(raw);
  for (const item of input.items) {
    if (!settingSchemas[item.key].safeParse(item.value).success) {
      throw new DomainError("validation", "settings.invalidValue", { key: item.key }, [{
        messageKey: "settings.invalidValue",
        params: { key: item.key },
        members: [item.key],
      }]);
    }
  }
  for (const item of input.items) {
    // deno-lint-ignore no-explicit-any
    await setSetting(deps, item.key, item.value as any, actor);
  }
  return listSettings(deps);
}
