// The ABP-style response envelope and the single place where any failure becomes an answer.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import {
  asStorageFull,
  DomainError,
  type ErrorKind,
  fromZod,
  isStorageFull,
} from "../domain/errors.ts";
import { describeError, type Lang, t } from "../i18n.ts";

export type ErrorInfo = {
  code: number;
  message: string;
  details: string | null;
  validationErrors: { message: string; members: string[] }[] | null;
};

export const ok = (result: unknown) => ({
  success: true,
  result: result ?? null,
  error: null,
  unAuthorizedRequest: false,
});

const fail = (error: ErrorInfo, unAuthorizedRequest = false) => ({
  success: false,
  result: null,
  error,
  unAuthorizedRequest,
});

const statusOfKind: Record<ErrorKind, ContentfulStatusCode> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  tooMany: 429,
  unavailable: 503,
  storageFull: 507,
};

/**
 * Builds the failure answer for any thrown value; a full disk answers 507 (and is logged), unknown
 * errors are logged and answer 500.
 */
export function errorResponse(c: Context, err: unknown, lang: Lang) {
  if (err instanceof ZodError) err = fromZod(err);
  if (isStorageFull(err)) {
    // Whatever write it was (an upload, the database), the operator has a disk to see to.
    const cause = err instanceof DomainError ? err.cause : err;
    console.error(`storage full: ${cause instanceof Error ? cause.message : String(cause)}`);
    err = asStorageFull(err);
  }
  if (err instanceof DomainError) {
    const status = statusOfKind[err.kind];
    const { message, validationErrors } = describeError(lang, err);
    return c.json(
      fail({
        code: status,
        message,
        details: validationErrors?.map((v) => v.message).join("\n") ?? null,
        validationErrors,
      }, status === 401),
      status,
    );
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const key = status === 400 && /json/i.test(err.message)
      ? "errors.malformedJson"
      : `errors.http.${status}`;
    const message = t(lang, key, { defaultValue: err.message || t(lang, "errors.http.400") });
    return c.json(
      fail({ code: status, message, details: null, validationErrors: null }, status === 401),
      status,
    );
  }
  console.error(err);
  return c.json(
    fail({ code: 500, message: t(lang, "errors.http.500"), details: null, validationErrors: null }),
    500,
  );
}
