// Inputs of the system resources (typed settings); shared by the HTTP routes, the CLI and the client.
import { z } from "zod";
import { multiLine, wholeNumber } from "../shared/input.ts";
import { isoInstant } from "../shared/results.ts";

/** Which awards need the approval of the buyer's person in charge. */
export const AWARD_APPROVAL_MODES = ["all", "none", "threshold"] as const;

/** Every editable system resource with the schema its value must satisfy. */
export const settingSchemas = {
  /** Quote instructions shown to suppliers before they may quote, per language. */
  quoteInstructionZh: z.string().trim().min(1).max(20_000),
  quoteInstructionEn: z.string().trim().min(1).max(20_000),
  /** Hours before the deadline at which suppliers that have not quoted are reminded. */
  reminderHours: z.array(wholeNumber(1, 24 * 30)).max(10)
    .transform((hours) => [...new Set(hours)].sort((a, b) => b - a)),
  /** Largest accepted attachment in MiB (never above the server's MAX_UPLOAD_MB). */
  uploadLimitMb: z.number().positive().max(2048),
  /**
   * Awards that need approval: all, none, or those whose amount in CNY is at or above
   * `thresholdCny` (an exact decimal, up to 2 decimals).
   */
  awardApproval: z.object({
    mode: z.enum(AWARD_APPROVAL_MODES),
    thresholdCny: z.union([z.string(), z.number()]).transform((v) => String(v).trim())
      .pipe(z.string().regex(/^\d{1,15}(\.\d{1,2})?$/))
      .transform((v) => v.replace(/^0+(?=\d)/, "")),
  }),
  /**
   * Whether staff may sign in with a QMO password while company sign-in is configured (the user
   * `admin` always may; suppliers are not concerned).
   */
  staffPasswordSignIn: z.boolean(),
  /** Whether company sign-in creates a staff user, with no roles, for a person QMO does not know. */
  companySignInCreatesUsers: z.boolean(),
  /** Who must sign in with a second factor (an authenticator app): administrators, all staff, suppliers. */
  twoFactorRequired: z.object({
    administrators: z.boolean(),
    staff: z.boolean(),
    suppliers: z.boolean(),
  }),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValues = { [K in SettingKey]: z.output<(typeof settingSchemas)[K]> };
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];

const keyText =
  "The resource's key: quoteInstructionZh, quoteInstructionEn, reminderHours, uploadLimitMb, awardApproval, staffPasswordSignIn, companySignInCreatesUsers or twoFactorRequired.";
const valueText =
  "Its value: the quote instructions' text (quoteInstructionZh, quoteInstructionEn), hours before the deadline as a list of whole numbers (reminderHours), MiB (uploadLimitMb), { mode: all | none | threshold, thresholdCny } (awardApproval), true or false (staffPasswordSignIn, companySignInCreatesUsers), or { administrators, staff, suppliers } as true or false (twoFactorRequired).";

export const updateSettingsInput = z.object({
  items: z.array(z.object({
    key: z.enum(settingKeys as [SettingKey, ...SettingKey[]]).describe(keyText),
    /** Free text for the quote instructions (checked against its key's schema when applied). */
    value: multiLine(z.unknown().describe(valueText)),
  })).min(1).max(settingKeys.length).describe("The resources to save, each once."),
});

/** Every system resource with its value. */
export const settingsResult = z.object({
  items: z.array(
    z.object({
      key: z.enum(settingKeys as [SettingKey, ...SettingKey[]]).describe(keyText),
      value: z.unknown().describe(valueText),
      isDefault: z.boolean().describe("Whether the value is the default (never saved)."),
      lastModificationTime: isoInstant.nullable().describe("When it was last saved, or null."),
    }),
  ).describe("Every resource."),
});
export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;
