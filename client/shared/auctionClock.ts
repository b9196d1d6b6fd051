// An auction's clock on a page: the server's time (each answer carries serverNow, so the page
// counts down by its offset from the server, not by its own clock), the state it implies, and a
// length of time as a countdown reads it, and its times as a line of text.
import { useEffect, useState } from "react";
import { formatTime } from "./time.ts";

type Timing = {
  state: "scheduled" | "live" | "paused" | "ended";
  startAt: string;
  closesAt: string;
  serverNow: string;
};

/** Milliseconds to add to this page's clock to read the server's (taken when an answer came). */
export const offsetOf = (serverNow: string) => Date.parse(serverNow) - Date.now();

/** The server's time now, ticking every `ms`. */
export function useServerNow(offset: number, ms = 250): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const timer = setInterval(() => setNow(Date.now() + offset), ms);
    return () => clearInterval(timer);
  }, [offset, ms]);
  return now;
}

/** The state at the server's `now`: the clock starts and ends an auction before any event says so. */
export function stateAt(a: Timing, now: number): Timing["state"] {
  if (a.state === "paused" || a.state === "ended") return a.state;
  if (now < Date.parse(a.startAt)) return "scheduled";
  return now < Date.parse(a.closesAt) ? "live" : "ended";
}

/** "1:05:09", "4:09", "0:07". */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** 1234567.5 → "1,234,567.50": an exact decimal string with thousands marks, never a float. */
export function money(amount: string | null | undefined): string {
  if (!amount) return "—";
  const [int, frac = ""] = amount.split(".");
  const places = Math.max(2, frac.replace(/0+$/, "").length);
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${
    frac.padEnd(places, "0").slice(0, places)
  }`;
}

/** An instant in UTC+8 to the minute, with its seconds only when it has any (after a pause). */
const clockOf = (at: string, day: boolean) =>
  formatTime(
    at,
    `${day ? "{y}-{m}-{d} " : ""}{h}:{i}${new Date(at).getUTCSeconds() ? ":{s}" : ""}`,
  );

/** "2026-11-23 18:00 – 18:30": an auction's times in UTC+8, the day said once when both share it. */
export function timeRange(start: string, end: string): string {
  const sameDay = formatTime(start, "{y}{m}{d}") === formatTime(end, "{y}{m}{d}");
  return `${clockOf(start, true)} – ${clockOf(end, !sameDay)}`;
}
