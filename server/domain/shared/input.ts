// The primitives every input schema builds on: whole numbers (and ids) written in decimal, exact
// decimals, and the text rule: no control characters in any text input, tab and line breaks only in
// free text that may span lines. Shared by the HTTP routes, the CLI and the client.
import { z } from "zod";

/** At most 16 ASCII digits: no sign, no spaces, no hex, exponent or decimal point. */
const DIGITS = /^[0-9]{1,16}$/;
const NOT_WHOLE = "errors.field.wholeNumber";

/**
 * A whole number from `min` to `max`: a JSON number that is a safe integer, or a string of decimal
 * digits (query strings and form fields are text). Anything else (true, [1], "0x1", "1e3", " 1",
 * "1.5") is refused, never converted. `required` is the message when it is left out.
 */
export function wholeNumber(
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  required = "errors.field.required",
) {
  return z.union([z.number(), z.string().regex(DIGITS, { error: NOT_WHOLE })], {
    error: (issue) => (issue.input === undefined ? required : NOT_WHOLE),
  })
    .transform(Number)
    .pipe(z.number().int({ error: NOT_WHOLE }).min(min).max(max));
}

/** A record's id: a positive whole number, as `wholeNumber` reads it. */
export const id = wholeNumber(1);

/** The same rule outside a schema (a JSON text read by the domain): the number, or undefined. */
export function wholeNumberOf(value: unknown): number | undefined {
  const n = typeof value === "number"
    ? value
    : typeof value === "string" && DIGITS.test(value)
    ? Number(value)
    : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * An exact non-negative decimal (money, quantities, rates): a JSON number or a string, answered as
 * its trimmed text so nothing passes through a binary float, with at most `whole` digits before the
 * point and `places` after it; `error` is the message otherwise.
 */
export function decimalText(whole: number, places: number, error: string) {
  const form = new RegExp(`^\\d{1,${whole}}(\\.\\d{1,${places}})?$`);
  return z.union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => form.test(v), { error });
}

// ---------------------------------------------------------------------------------------------
// Control characters
// ---------------------------------------------------------------------------------------------

/** C0 controls other than tab, LF and CR; DEL; C1 controls. */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const TAB_OR_BREAK = /[\t\n\r]/;

/** Whether a text holds a control character (tab and line breaks count only on one line). */
export function hasControlCharacter(text: string, multiLine: boolean): boolean {
  // Tabs and line breaks around single-line text are dropped by its trim, so they do no harm.
  return CONTROL.test(text) || (!multiLine && TAB_OR_BREAK.test(text.trim()));
}

/** The definitions of the schemas marked multiLine (a clone, as `.describe()` makes, shares it). */
const multiLineDefs = new WeakSet<object>();

/**
 * Marks free text that may span lines (a remark, a description): tab, CR and LF are allowed. The
 * mark holds for the schema's clones too (`multiLine(s).describe("…")` still spans lines).
 */
export function multiLine<T extends z.ZodType>(schema: T): T {
  multiLineDefs.add(defOf(schema));
  return schema;
}

/** What a zod schema is made of (zod's own description of it), as far as these walks read it. */
export type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
};
export const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The fields of `value` (paths, as `schema` names them) whose text holds a control character.
 * Keys the schema does not know are left out (the schema drops or refuses them); where the schema
 * takes anything (unknown, a union of shapes), every text inside the value is looked at.
 */
export function controlCharacterFields(schema: z.ZodType, value: unknown): string[][] {
  const found: string[][] = [];
  const any = (v: unknown, path: string[], multi: boolean) => {
    if (typeof v === "string") {
      if (hasControlCharacter(v, multi)) found.push(path);
    } else if (v && typeof v === "object" && !(v instanceof Blob)) {
      for (const [k, item] of Object.entries(v)) any(item, [...path, k], multi);
    }
  };
  const walk = (s: z.ZodType, v: unknown, path: string[], multi: boolean) => {
    multi ||= multiLineDefs.has(defOf(s));
    const def = defOf(s);
    if (typeof v === "string") {
      if (hasControlCharacter(v, multi)) found.push(path);
      return;
    }
    switch (def.type) {
      case "object":
        if (v && typeof v === "object" && !Array.isArray(v)) {
          for (const [k, item] of Object.entries(v)) {
            if (Object.hasOwn(def.shape!, k)) walk(def.shape![k], item, [...path, k], multi);
          }
        }
        return;
      case "array":
        if (Array.isArray(v)) {
          v.forEach((item, i) => walk(def.element!, item, [...path, String(i)], multi));
        }
        return;
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "catch":
      case "readonly":
      case "nonoptional":
        return walk(def.innerType!, v, path, multi);
      case "pipe":
        // A preprocess pipes a transform into the schema that reads the value.
        return walk(defOf(def.in!).type === "transform" ? def.out! : def.in!, v, path, multi);
      default:
        return any(v, path, multi);
    }
  };
  walk(schema, value, [], false);
  return found;
}
