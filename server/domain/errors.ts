import type { ZodError } from "zod";
// Domain failures: a kind (mapped to an HTTP status by the envelope, to an exit code by the CLI),
// a message key in locales/ with its parameters, and for validation the failing fields.

export type ErrorKind =
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "notFound"
  | "conflict"
  | "tooLarge"
  | "unsupportedType"
  | "tooMany"
  | "unavailable"
  | "storageFull";

export type FieldError = {
  messageKey: string;
  params?: Record<string, unknown>;
  members: string[];
};

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(messageKey);
    this.name = "DomainError";
  }
}

/** A message parameter that is itself a message, localised with the rest (server/i18n.ts). */
export type Phrase = { $t: string; params?: Record<string, unknown> };
export const phrase = (key: string, params?: Record<string, unknown>): Phrase => ({
  $t: key,
  params,
});
export const isPhrase = (v: unknown): v is Phrase =>
  !!v && typeof v === "object" && typeof (v as Phrase).$t === "string";

export const validation = (
  key: string,
  params?: Record<string, unknown>,
  fields: FieldError[] = [],
) => new DomainError("validation", key, params, fields);
/** A single field's failure, shown beside that field. */
/** A refusal of one field; its message may name it as {{field}}. */
export const fieldError = (member: string, key: string, extra?: Record<string, unknown>) => {
  const params = { field: member, ...extra };
  return new DomainError("validation", key, params, [{
    messageKey: key,
    params,
    members: [member],
  }]);
};
export const unauthorized = (key = "errors.unauthorized", params?: Record<string, unknown>) =>
  new DomainError("unauthorized", key, params);
export const forbidden = (key = "errors.forbidden", params?: Record<string, unknown>) =>
  new DomainError("forbidden", key, params);
export const notFound = (entity: string, id?: unknown) =>
  new DomainError("notFound", "errors.notFound", { entity, id: id ?? "" });
export const conflict = (key: string, params?: Record<string, unknown>) =>
  new DomainError("conflict", key, params);
export const tooMany = (key: string, params?: Record<string, unknown>) =>
  new DomainError("tooMany", key, params);

/** The disk (or quota) the server writes to took no more bytes: nothing was kept, try later. */
const storageFull = (cause?: unknown) => {
  const err = new DomainError("storageFull", "errors.storageFull");
  if (cause !== undefined) err.cause = cause;
  return err;
};

/** Linux errno values of a write that ran out of room: EFBIG (a file-size limit), ENOSPC, EDQUOT. */
const OUT_OF_ROOM = /\(os error (27|28|122)\)/;

/**
 * Whether a failure (or one of its causes) is the storage running out of room: a Deno write with
 * ENOSPC / EDQUOT / EFBIG, or SQLite's SQLITE_FULL (through drizzle's and libsql's wrappers).
 */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof DomainError) return e.kind === "storageFull";
    const code = (e as { code?: unknown }).code;
    if (code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL") return true;
    if (OUT_OF_ROOM.test(e.message)) return true;
  }
  return false;
}

/** A failed write as the domain reports it: out of room is `storageFull`, anything else as it was. */
export const asStorageFull = (err: unknown) =>
  isStorageFull(err) && !(err instanceof DomainError) ? storageFull(err) : err;

/** One zod issue as a message key with parameters, naming the field. */
function zodIssue(issue: ZodError["issues"][number]): FieldError {
  const field = issue.path.map(String).join(".") || "body";
  const i = issue as unknown as Record<string, unknown>;
  let key: string;
  const params: Record<string, unknown> = { field };
  if (typeof issue.message === "string" && /^[a-z]+(\.[A-Za-z0-9_]+)+$/.test(issue.message)) {
    key = issue.message;
  } else {
    switch (issue.code) {
      case "invalid_type":
        key = /received (undefined|null)/.test(issue.message)
          ? "errors.field.required"
          : "errors.field.invalidType";
        params.expected = String(i.expected);
        break;
      case "too_small":
        key = i.origin === "string"
          ? (Number(i.minimum) <= 1 ? "errors.field.required" : "errors.field.tooShort")
          : i.origin === "array"
          ? "errors.field.tooFewItems"
          : "errors.field.tooSmall";
        params.min = i.minimum;
        break;
      case "too_big":
        key = i.origin === "string"
          ? "errors.field.tooLong"
          : i.origin === "array"
          ? "errors.field.tooManyItems"
          : "errors.field.tooBig";
        params.max = i.maximum;
        break;
      case "invalid_format":
        key = i.format === "email" ? "errors.field.invalidEmail" : "errors.field.invalidFormat";
        break;
      case "invalid_value":
        key = "errors.field.invalidValue";
        params.values = (i.values as unknown[] | undefined)?.join(", ") ?? "";
        break;
      case "unrecognized_keys":
        key = "errors.field.unknownKeys";
        params.keys = (i.keys as string[]).join(", ");
        break;
      default:
        key = "errors.field.invalid";
    }
  }
  return { messageKey: key, params, members: [field] };
}

export function fromZod(err: ZodError): DomainError {
  return new DomainError(
    "validation",
    "errors.validation",
    {},
    err.issues.map((i) => zodIssue(i)),
  );
}
