// One declaration per API call: path, method, who may call it, the zod schemas of its input, and
// the handler. The same declarations mount the routes, guard them, and generate the OpenAPI document.
import type { Context, Hono, MiddlewareHandler } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import type { Actor, Deps } from "../domain/context.ts";
import { hasAnyPermission } from "../domain/context.ts";
import { controlCharacterFields, defOf } from "../domain/shared/input.ts";
import {
  DomainError,
  type FieldError,
  fieldError,
  forbidden,
  fromZod,
  unauthorized,
  validation,
} from "../domain/errors.ts";
import { bodyLimit } from "hono/body-limit";
import type { ClientMeta } from "../domain/auth/service.ts";
import { resolveToken } from "../domain/auth/service.ts";
import type { Permission } from "../domain/auth/permissions.ts";
import { ok } from "./envelope.ts";
import {
  type FormParts,
  MalformedForm,
  type ParsedForm,
  parseFormStreaming,
  type PartRefusal,
} from "./multipart.ts";
import { uploadTmpDir } from "../domain/files/spool.ts";
import type { Lang } from "../i18n.ts";
import { uploadBytes, uploadsInProgress } from "../metrics.ts";

/**
 * Who may call: "public" (anyone), "signedIn" (any signed-in user), or permissions of which the
 * caller needs at least one.
 */
export type Access = "public" | "signedIn" | Permission | readonly Permission[];
/** Which kind of user: back-office routes refuse supplier users whatever their roles. */
export type Audience = "staff" | "supplier" | "any";

export type AppEnv = {
  Variables: {
    deps: Deps;
    lang: Lang;
    actor?: Actor;
    /** Who a sign-in call signed in, for the audit log (there is no actor yet). */
    auditUser?: { id: number; userName: string };
    auditInput?: unknown;
    formInput?: unknown;
    meta: ClientMeta;
    /** Aborted when the server begins to stop (drain.ts): event streams end. */
    stopping?: AbortSignal;
    /** The matched route's path pattern (never the URL), for the metrics and the request log. */
    route?: string;
  };
};

type HandlerCtx<Q, B> = {
  c: Context<AppEnv>;
  deps: Deps;
  /** The caller; reading it on a public route without a token answers 401. */
  actor: Actor;
  query: Q;
  body: B;
  lang: Lang;
  meta: ClientMeta;
};

type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * Failure statuses a route answers beyond those its declaration implies (openapi.ts `errorsOf`):
 * 404 where no required id names the record, 409 for a state conflict, 429 for too many attempts,
 * 503 when another system does not answer, and so on. tests/http/openapi_errors_test.ts fails
 * when the domain functions a handler calls can raise a failure its route does not declare.
 */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507;

type RouteBase<Q extends AnyObject, B extends AnyObject> = {
  method: "get" | "post" | "put" | "delete";
  /** Below /api/services, e.g. /app/User/GetAll */
  path: string;
  access: Access;
  audience?: Audience;
  summary: string;
  query?: Q;
  body?: B;
  /**
   * Multipart form input instead of JSON: the text fields and files (as `File`) are validated by
   * this schema and handed over as `body`. The body size is capped by MAX_UPLOAD_MB.
   */
  form?: B;
  /** A form's body cap (MB) when it is below the upload limit (a price sheet is small). */
  maxFormMb?: number;
  /**
   * Input fields the audit log keeps only the size of (a sealed quote's file name and prices must
   * not be readable there), whether or not the call succeeds.
   */
  auditOmit?: readonly string[];
  /** Failure statuses the domain answers beyond those the declaration implies (ErrorStatus). */
  errors?: readonly ErrorStatus[];
  /**
   * The route names a record by a required id but answers an unknown one without 404 (a 400
   * naming the field, or an answer such as false), so 404 is not implied.
   */
  noNotFound?: true;
};

type MaybePromise<T> = T | Promise<T>;

/**
 * What a handler may answer for its result schema: the schema's output (a `Date` where the schema
 * reads an instant), or nothing where the result may be null (the envelope's result is then null).
 */
type Answer<R extends z.ZodType> = z.output<R> | (null extends z.output<R> ? void : never);

/** A route answering JSON in the envelope: `result` describes its result, and the handler must answer it. */
type JsonRouteDef<Q extends AnyObject, B extends AnyObject, R extends z.ZodType> =
  & RouteBase<Q, B>
  & {
    /** The result's schema: the OpenAPI document describes it, and the handler's answer is typed by it. */
    result?: R;
    binary?: never;
    stream?: never;
    handler: (ctx: HandlerCtx<z.infer<Q>, z.infer<B>>) => MaybePromise<Answer<R>>;
  };

/** A route answering a file or a stream of events: its content is described by openapi.ts. */
type FileRouteDef<Q extends AnyObject, B extends AnyObject> =
  & RouteBase<Q, B>
  & (
    /** Answers a file instead of the envelope. */
    | { binary: true; stream?: never }
    /** Answers a stream of server-sent events (text/event-stream) instead of the envelope. */
    | { stream: true; binary?: never }
  )
  & {
    result?: never;
    handler: (ctx: HandlerCtx<z.infer<Q>, z.infer<B>>) => MaybePromise<Response>;
  };

/** A route as the app mounts it and the OpenAPI document describes it, whatever its types. */
export type RouteDef = RouteBase<AnyObject, AnyObject> & {
  result?: z.ZodType;
  binary?: boolean;
  stream?: boolean;
  handler: (ctx: HandlerCtx<Record<string, unknown>, Record<string, unknown>>) => unknown;
};

/**
 * Declares a route. A JSON route's handler must answer what its `result` schema says (a change of
 * a DTO that the schema does not follow fails the type check); a file or stream route answers a
 * Response.
 */
export function defineRoute<
  R extends z.ZodType,
  Q extends AnyObject = z.ZodObject<Record<never, never>>,
  B extends AnyObject = z.ZodObject<Record<never, never>>,
>(def: JsonRouteDef<Q, B, R>): RouteDef;
export function defineRoute<
  Q extends AnyObject = z.ZodObject<Record<never, never>>,
  B extends AnyObject = z.ZodObject<Record<never, never>>,
>(def: FileRouteDef<Q, B>): RouteDef;
export function defineRoute(def: unknown): RouteDef {
  return def as RouteDef;
}

export const requiredPermissions = (access: Access): Permission[] | null =>
  access === "public" || access === "signedIn"
    ? null
    : typeof access === "string"
    ? [access]
    : [...access];

export const audienceOf = (def: RouteDef): Audience =>
  def.audience ?? (requiredPermissions(def.access) ? "staff" : "any");

// ---------------------------------------------------------------------------------------------
// Input keys are matched without regard to case, as ABP does.
// ---------------------------------------------------------------------------------------------

/** A schema's keys by their lower case, made once per shape. */
const lowerKeys = new WeakMap<object, Map<string, string>>();
function lowerKeysOf(shape: Record<string, z.ZodType>): Map<string, string> {
  let byLower = lowerKeys.get(shape);
  if (!byLower) {
    lowerKeys.set(shape, byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k])));
  }
  return byLower;
}

/** Renames the keys of `value` to the casing the schema declares, at every depth. */
function normalizeKeys(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      if (!value || typeof value !== "object" || Array.isArray(value)) return value;
      const shape = def.shape!;
      // Only the schema's own keys count: an input key such as "constructor" or "__proto__" must
      // not reach Object.prototype (it is unknown, so left for the schema to strip or refuse).
      const own = (k: string) => Object.hasOwn(shape, k);
      const byLower = lowerKeysOf(shape);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === "__proto__") continue;
        const key = own(k) ? k : byLower.get(k.toLowerCase()) ?? k;
        // A key given twice in different casing: the exact one wins.
        if (Object.hasOwn(out, key) && key !== k) continue;
        out[key] = own(key) ? normalizeKeys(shape[key], v) : v;
      }
      return out;
    }
    case "array":
      return Array.isArray(value) ? value.map((v) => normalizeKeys(def.element!, v)) : value;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
      return normalizeKeys(def.innerType!, value);
    case "pipe":
      return normalizeKeys(def.in!, value);
    default:
      return value;
  }
}

/**
 * The schema reading its input without regard to key case, and refusing control characters in any
 * text of it (every route's query, JSON body and form fields pass here).
 */
const caseInsensitive = (schema: z.ZodType) =>
  z.preprocess((v, ctx) => {
    const input = normalizeKeys(schema, v);
    for (const path of controlCharacterFields(schema, input)) {
      ctx.addIssue({ code: "custom", message: "errors.field.controlCharacter", path, input });
    }
    return input;
  }, schema);

/** The fields of a query given more than once, also in other casing (Id=1&id=2): a 400 each. */
function repeatedQueryFields(schema: z.ZodType, queries: Record<string, string[]>): FieldError[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  const byLower = lowerKeysOf(shape);
  const counts = new Map<string, number>();
  for (const [key, values] of Object.entries(queries)) {
    const field = Object.hasOwn(shape, key) ? key : byLower.get(key.toLowerCase());
    // An empty value is as if it were left out (withoutEmptyValues).
    const given = values.filter((v) => v !== "").length;
    if (field) counts.set(field, (counts.get(field) ?? 0) + given);
  }
  // A field named twice is a mistake or a trick (the last one would win), unless it takes a list.
  return [...counts].filter(([field, n]) => n > 1 && !takesList(shape[field])).map(([field]) => ({
    messageKey: "errors.field.repeated",
    params: { field },
    members: [field],
  }));
}

/** Whether a field's schema is a list (looking through optional and default). */
function takesList(schema: z.ZodType): boolean {
  const def = defOf(schema);
  return def.type === "array" || (def.innerType ? takesList(def.innerType) : false);
}

/** The keys of an object schema, looking through optional, default and pipes. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(schema);
  if (def.type === "object") return def.shape;
  const inner = def.innerType ?? def.in;
  return inner ? objectShape(inner) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Authentication and permission, before any validation: a caller without the right gets 403, not 400.
// ---------------------------------------------------------------------------------------------

function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const m = header?.match(/^Bearer\s+(.+)$/i);
  return m?.[1]?.trim() || undefined;
}

function guard(def: RouteDef): MiddlewareHandler<AppEnv> {
  const required = requiredPermissions(def.access);
  const audience = audienceOf(def);
  return async (c, next) => {
    const token = bearerToken(c);
    if (def.access === "public") {
      if (token) c.set("actor", await resolveToken(c.get("deps"), token).catch(() => undefined));
      return next();
    }
    if (!token) throw unauthorized();
    const actor = await resolveToken(c.get("deps"), token);
    c.set("actor", actor);
    if (audience !== "any" && actor.kind !== audience) throw forbidden();
    if (required && !hasAnyPermission(actor, required)) throw forbidden();
    await next();
  };
}

/**
 * A query field given empty (`?Status=&Name=`) is the same as one left out, as for environment
 * variables: it is dropped before the schema reads the query (a list keeps its other values).
 */
function withoutEmptyValues(query: unknown): unknown {
  if (!query || typeof query !== "object") return query;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === "") continue;
    if (Array.isArray(value)) {
      const kept = value.filter((v) => v !== "");
      if (kept.length) out[key] = kept.length === 1 ? kept[0] : kept;
      continue;
    }
    out[key] = value;
  }
  return out;
}

function validator(target: "query" | "json", schema: z.ZodType): MiddlewareHandler<AppEnv> {
  const read = target === "query"
    ? z.preprocess(withoutEmptyValues, caseInsensitive(schema))
    : caseInsensitive(schema);
  return zValidator(target, read, (result, ctx) => {
    const c = ctx as unknown as Context<AppEnv>;
    auditValid(c, result.data);
    if (!result.success) throw fromZod(result.error as z.ZodError);
  }) as unknown as MiddlewareHandler<AppEnv>;
}

function auditValid(c: Context<AppEnv>, data: unknown) {
  const prev = (c.get("auditInput") ?? {}) as Record<string, unknown>;
  c.set("auditInput", { ...prev, ...(data as Record<string, unknown>) });
}

/** The query's validator; a field given more than once is refused before the schema reads it. */
function queryValidator(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  const validate = validator("query", schema);
  return (c, next) => {
    const repeated = repeatedQueryFields(schema, c.req.queries());
    if (repeated.length) {
      auditValid(c, c.req.query());
      throw new DomainError("validation", "errors.validation", {}, repeated);
    }
    return validate(c, next);
  };
}

/** Room for the multipart framing and text fields around the largest accepted file. */
const FORM_OVERHEAD = 1024 * 1024;

/**
 * The largest JSON body read (MB): well above the largest valid input (a project with 500 line
 * items filled to their maximum lengths), so that no caller can make the server buffer without end.
 */
export const MAX_JSON_BODY_MB = 8;

function jsonLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: MAX_JSON_BODY_MB * 1024 * 1024,
    onError: () => {
      throw new DomainError("tooLarge", "errors.bodyTooLarge", { max: MAX_JSON_BODY_MB });
    },
  }) as unknown as MiddlewareHandler<AppEnv>;
}

/**
 * Whether a field takes a file (z.instanceof(File), optional or described): it accepts a file and
 * refuses text. Asked of the schema itself, since a described copy no longer says its class.
 */
function takesFile(schema: z.ZodType): boolean {
  const file = new File(["%PDF-"], "a.pdf", { type: "application/pdf" });
  return schema.safeParse(file).success && !schema.safeParse("text").success;
}

/**
 * The parts a form schema takes (FormParts): every key once, files only under the keys that take
 * one (one file each: a key that took a list of files would need a count of its own; none does).
 */
function formPartsOf(schema: z.ZodType): FormParts {
  const shape = objectShape(schema) ?? {};
  const keys = Object.keys(shape);
  return {
    fields: new Set(keys.map((k) => k.toLowerCase())),
    files: new Set(keys.filter((k) => takesFile(shape[k])).map((k) => k.toLowerCase())),
  };
}

/** A refused part as the caller reads it: a 400 naming the part. */
function refusedPart(parts: FormParts, why: PartRefusal, part: string): DomainError {
  const file = parts.files.has(part.toLowerCase());
  switch (why) {
    case "repeated":
      return fieldError(part, file ? "files.oneFile" : "errors.field.repeated");
    case "noName":
      return fieldError(part, "files.noName");
    case "unexpectedFile":
      return fieldError(part, "errors.form.unexpectedFile", {
        allowed: [...parts.files].join(", "),
      });
    case "tooManyFields":
      return fieldError(part, "errors.form.tooManyFields", { max: parts.fields.size });
  }
}

function formParser(schema: z.ZodType, capMb?: number): MiddlewareHandler<AppEnv> {
  const parts = formPartsOf(schema);
  return async (c, next) => {
    const maxMb = Math.min(c.get("deps").config.maxUploadMb, capMb ?? Infinity);
    const tooLarge = () => new DomainError("tooLarge", "files.tooLarge", { max: maxMb });
    // Streamed: each file goes to a temporary file as it arrives, never whole into memory.
    let form: ParsedForm;
    uploadsInProgress.inc();
    try {
      form = await parseFormStreaming(c.req.raw, {
        tmpDir: uploadTmpDir(c.get("deps").config.dataDir),
        maxBytes: maxMb * 1024 * 1024 + FORM_OVERHEAD,
        tooLarge,
        parts,
        refuse: (why, part) => refusedPart(parts, why, part),
        onBytes: (n) => uploadBytes.inc(n),
      });
    } catch (err) {
      if (err instanceof DomainError) throw err;
      if (err instanceof MalformedForm) throw validation("errors.malformedForm");
      throw err;
    } finally {
      uploadsInProgress.dec();
    }
    try {
      const raw = form.fields;
      const audit = Object.fromEntries(
        Object.entries(raw).map((
          [k, v],
        ) => [k, v instanceof File ? { name: v.name, size: v.size } : v]),
      );
      c.set("auditInput", audit);
      const parsed = caseInsensitive(schema).safeParse(raw);
      if (!parsed.success) throw fromZod(parsed.error);
      c.set("formInput", parsed.data);
      await next();
    } finally {
      await form.cleanup();
    }
  };
}

/** Replaces the named input fields in the audit log by their size, after the call ran or failed. */
function omitFromAudit(fields: readonly string[]): MiddlewareHandler<AppEnv> {
  const names = new Set(fields.map((f) => f.toLowerCase()));
  return async (c, next) => {
    try {
      await next();
    } finally {
      const input = c.get("auditInput") as Record<string, unknown> | undefined;
      if (input && typeof input === "object") {
        c.set(
          "auditInput",
          Object.fromEntries(
            Object.entries(input).map(([k, v]) => [
              k,
              names.has(k.toLowerCase()) ? { omitted: true, size: sizeOf(v) } : v,
            ]),
          ),
        );
      }
    }
  };
}

function sizeOf(v: unknown): number {
  if (v && typeof v === "object" && "size" in v && typeof v.size === "number") return v.size;
  if (typeof v === "string") return v.length;
  return Array.isArray(v) ? v.length : 0;
}

export function mountRoutes(app: Hono<AppEnv>, routes: RouteDef[], prefix = "/api/services") {
  for (const def of routes) {
    const chain: MiddlewareHandler<AppEnv>[] = [guard(def)];
    if (def.query) chain.push(queryValidator(def.query));
    if (def.body) chain.push(jsonLimit(), validator("json", def.body));
    if (def.auditOmit) chain.unshift(omitFromAudit(def.auditOmit));
    if (def.form) chain.push(formParser(def.form, def.maxFormMb));
    const route = prefix + def.path;
    chain.unshift((c, next) => {
      c.set("route", route);
      return next();
    });
    const handler: MiddlewareHandler<AppEnv> = async (c) => {
      const valid = c.req.valid.bind(c.req) as unknown as (t: string) => unknown;
      const result = await def.handler({
        c,
        deps: c.get("deps"),
        get actor() {
          const a = c.get("actor");
          if (!a) throw unauthorized();
          return a;
        },
        query: def.query ? valid("query") as Record<string, unknown> : {},
        body: def.form
          ? c.get("formInput") as Record<string, unknown>
          : def.body
          ? valid("json") as Record<string, unknown>
          : {},
        lang: c.get("lang"),
        meta: c.get("meta"),
      });
      if (result instanceof Response) return result;
      return c.json(ok(result));
    };
    // The chain is built at run time, so Hono's per-handler typing cannot follow it.
    const on = app.on.bind(app) as unknown as (
      m: string,
      p: string,
      ...h: MiddlewareHandler<AppEnv>[]
    ) => void;
    on(def.method.toUpperCase(), prefix + def.path, ...chain, handler);
  }
}
