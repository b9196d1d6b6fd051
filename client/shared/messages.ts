// Transient messages (spec §9: shown 5 s) and the in-production error log of the header.
/// <reference path="./vite-env.d.ts" />
import { createStore } from "./store.ts";

const MESSAGE_DURATION = 5000;

export type MessageKind = "success" | "error" | "warning" | "info";
/** A message; `duration` counts from when it is first on screen (a page may still be loading). */
export type Message = { id: number; kind: MessageKind; text: string; duration: number };

export const messages = createStore<Message[]>([]);
let nextId = 1;

function showMessage(kind: MessageKind, text: string, duration = MESSAGE_DURATION) {
  const id = nextId++;
  messages.set((list) =>
    [...list.filter((m) => m.text !== text), { id, kind, text, duration }].slice(-5)
  );
  return id;
}

export const dismissMessage = (id: number) => messages.set((l) => l.filter((m) => m.id !== id));

export const message = {
  success: (text: string) => showMessage("success", text),
  error: (text: string) => showMessage("error", text),
  warning: (text: string) => showMessage("warning", text),
  info: (text: string) => showMessage("info", text),
};

export type ErrorLogEntry = {
  id: number;
  time: number;
  message: string;
  detail?: string;
  page: string;
  kind: "error" | "request";
};

export const errorLog = createStore<ErrorLogEntry[]>([]);

/** The error log keeps entries only in production builds, as spec §8 says. */
export function logError(entry: Omit<ErrorLogEntry, "id" | "time" | "page">) {
  if (!import.meta.env?.PROD) return;
  errorLog.set((l) =>
    [...l, { ...entry, id: nextId++, time: Date.now(), page: location.pathname + location.search }]
      .slice(-100)
  );
}

const RELOADED_AT = "qmo-release-reload";

/**
 * A tab left open across a new release asks for hashed files the server no longer has: it reloads
 * once to pick up the new release (not again within a minute, so a file truly missing is reported
 * instead of reloading forever). Answers whether it reloads.
 */
function reloadForNewRelease(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  location.reload();
  return true;
}

export function installErrorHandlers() {
  // Vite's event when a lazily loaded page (or its styles) cannot be fetched.
  addEventListener("vite:preloadError", (e) => {
    if (reloadForNewRelease()) e.preventDefault();
  });
  addEventListener("error", (e) => {
    logError({ kind: "error", message: e.message || String(e.error), detail: e.error?.stack });
  });
  addEventListener("unhandledrejection", (e) => {
    const r = e.reason;
    if (r?.handled) return;
    logError({ kind: "error", message: String(r?.message ?? r), detail: r?.stack });
  });
}
