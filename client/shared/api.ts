// The one API client (spec §7): 60 s timeout, bearer token, `t` on GETs, envelope unwrapped,
// spec §8 messages on failure, blobs returned as they are.
import { getToken, removeToken } from "./auth.ts";
import { i18n, t } from "./i18n.ts";
import { logError, message } from "./messages.ts";

export const API_ROOT = "/api/services";
export const API_TIMEOUT = 60_000;

export type ApiErrorBody = {
  code?: number;
  message?: string;
  details?: string | null;
  validationErrors?: { message: string; members: string[] }[] | null;
};

export class ApiError extends Error {
  handled = true;
  constructor(
    message: string,
    readonly status: number,
    readonly body?: ApiErrorBody,
    readonly unauthorized = false,
  ) {
    super(message);
  }
}

/** Called when a call answers 401 while a token exists: the app resets and asks to sign in. */
let onUnauthorized: (() => void) | undefined;
export const setUnauthorizedHandler = (fn: () => void) => (onUnauthorized = fn);

/** Spec §8: the status's message, prefixed with its code (the locale strings carry the code). */
export function httpErrorMessage(status: number, url: string): string {
  const key = `errors.http.${status}`;
  if (i18n.exists(key)) return status === 404 ? `${t(key)}: ${url}` : t(key);
  return `${status} ${t("shell.api.requestFailed")}`;
}

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  params?: Record<string, unknown>;
  data?: unknown;
  /** "blob" answers the response body as a Blob with its file name. */
  responseType?: "json" | "blob";
  /** Do not show a message on failure (the caller shows it). */
  silent?: boolean;
  timeout?: number;
};

export type Download = { blob: Blob; fileName?: string };

function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch { /* fall back to the plain name */ }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
}

async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? "GET";
  const url = new URL(API_ROOT + path, location.origin);
  for (const [k, v] of Object.entries(opts.params ?? {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  if (method === "GET") url.searchParams.set("t", String(Math.floor(Date.now() / 1000)));
  const headers: Record<string, string> = {
    "accept-language": i18n.language,
    accept: opts.responseType === "blob" ? "*/*" : "application/json",
  };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.data instanceof FormData) body = opts.data;
  else if (opts.data !== undefined) {
    body = JSON.stringify(opts.data);
    headers["content-type"] = "application/json";
  }
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), opts.timeout ?? API_TIMEOUT);
  /** Shows and logs a failure; one with no response at all logs its stack too (spec §8). */
  const fail = (err: ApiError, stack?: string): never => {
    if (!opts.silent) message.error(err.message);
    const detail = `${method} ${url.pathname}${stack ? `\n${stack}` : ""}`;
    logError({ kind: "request", message: err.message, detail });
    throw err;
  };

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: "include", signal: ctrl.signal });
  } catch (e) {
    clearTimeout(timer);
    const timedOut = ctrl.signal.aborted;
    return fail(
      new ApiError(
        timedOut
          ? t("shell.api.timeout", { seconds: (opts.timeout ?? API_TIMEOUT) / 1000 })
          : `${t("shell.api.network")}: ${(e as Error).message}`,
        0,
      ),
      timedOut ? undefined : (e as Error).stack,
    );
  }
  clearTimeout(timer);

  const type = res.headers.get("content-type") ?? "";
  if (res.ok && (opts.responseType === "blob" || type.includes("application/octet-stream"))) {
    const blob = await res.blob();
    return { blob, fileName: fileNameOf(res.headers.get("content-disposition")) } as T;
  }
  // deno-lint-ignore no-explicit-any
  let json: any;
  if (type.includes("json")) json = await res.json().catch(() => undefined);
  if (!res.ok) {
    const unauthorized = res.status === 401 || json?.unAuthorizedRequest === true;
    const err = new ApiError(
      json?.error?.message || httpErrorMessage(res.status, url.pathname),
      res.status,
      json?.error ?? undefined,
      unauthorized,
    );
    if (unauthorized && token && path !== "/app/TokenAuth/Authenticate") {
      removeToken();
      onUnauthorized?.();
    }
    return fail(err);
  }
  if (json && typeof json === "object" && "success" in json) {
    if (!json.success) {
      return fail(new ApiError(json.error?.message || t("errors.error"), res.status, json.error));
    }
    return json.result as T;
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, params?: Record<string, unknown>, o?: RequestOptions) =>
    request<T>(path, { ...o, method: "GET", params }),
  post: <T>(path: string, data?: unknown, o?: RequestOptions) =>
    request<T>(path, { ...o, method: "POST", data }),
  put: <T>(path: string, data?: unknown, o?: RequestOptions) =>
    request<T>(path, { ...o, method: "PUT", data }),
  delete: <T>(path: string, params?: Record<string, unknown>, o?: RequestOptions) =>
    request<T>(path, { ...o, method: "DELETE", params }),
  download: (path: string, params?: Record<string, unknown>, o?: RequestOptions) =>
    request<Download>(path, { ...o, method: "GET", params, responseType: "blob" }),
};

/**
 * Saves a dialog's row: PUT `paths.update` with the row's `id` when it edits one, POST
 * `paths.create` when it adds one. Quiet: the dialog shows the failure beside its fields.
 */
export const createOrUpdate = (
  paths: { create: string; update: string },
  id: number | undefined,
  body: object,
) =>
  id === undefined
    ? api.post(paths.create, body, { silent: true })
    : api.put(paths.update, { ...body, id }, { silent: true });

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob({ blob, fileName }: Download, fallbackName = "download") {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
