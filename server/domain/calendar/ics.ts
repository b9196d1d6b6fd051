// An iCalendar (.ics) file read as a stream, a line at a time: folded lines joined back at the byte
// level (a fold may cut a UTF-8 character in two), each logical line within a length limit, and
// only what a holiday feed says kept: each VEVENT's dates, summary, description and Apple's
// special-day mark. Nothing else of RFC 5545 is needed for an official holiday schedule; an event
// that repeats (RRULE) is refused rather than guessed at.
import { isCalendarDate } from "../shared/dates.ts";
import { formatUtc8 } from "../shared/time.ts";
import type { Bytes } from "../shared/fileBytes.ts";
import { CALENDAR_LIMITS, importError } from "./limits.ts";

/** One all-day event as the feed states it: its first day and the day after its last. */
export type IcsEvent = {
  /** The line of BEGIN:VEVENT. */
  line: number;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** X-APPLE-SPECIAL-DAY: WORK-HOLIDAY or ALTERNATE-WORKDAY in Apple's and some Chinese feeds. */
  special: string;
};

/**
 * Reads "YYYYMMDD", "YYYYMMDDThhmmss" or "YYYYMMDDThhmmssZ" as a calendar date in UTC+8, and
 * whether it named a time of day other than midnight.
 */
function icsDate(value: string, line: number, property: string) {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  const date = m ? `${m[1]}-${m[2]}-${m[3]}` : "";
  if (!m || !isCalendarDate(date)) {
    throw importError("calendar.import.badIcsDate", { line, property, value: value.slice(0, 40) });
  }
  if (!m[4]) return { date, timeOfDay: false };
  // A UTC time is a moment: its day and time in UTC+8. A floating or zoned time keeps its own.
  const local = m[7]
    ? formatUtc8(new Date(`${date}T${m[4]}:${m[5]}:${m[6]}Z`))
    : `${date} ${m[4]}:${m[5]}:${m[6]}`;
  return { date: local.slice(0, 10), timeOfDay: !local.endsWith("00:00:00") };
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Text values: \n, \, and \; unescaped. */
const unescapeText = (v: string) =>
  v.replace(/\\([nN,;\\])/g, (_, c: string) => (c === "n" || c === "N" ? " " : c)).trim();

/** A content line split into its name (upper case, parameters dropped) and its value. */
function splitLine(text: string): { name: string; value: string } | null {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === ":" && !quoted) {
      const head = text.slice(0, i);
      const semi = head.indexOf(";");
      return {
        name: (semi < 0 ? head : head.slice(0, semi)).trim().toUpperCase(),
        value: text.slice(i + 1),
      };
    }
  }
  return null;
}

type PendingEvent = Partial<IcsEvent> & { line: number; repeats?: boolean };

/** Collects the events of a calendar from its logical lines. */
class IcsEvents {
  events: IcsEvent[] = [];
  #seenCalendar = false;
  /** Components open inside the event (a VALARM): their properties are not the event's. */
  #depth = 0;
  #event: PendingEvent | null = null;

  line(text: string, line: number) {
    if (!text.trim()) return;
    const parts = splitLine(text);
    if (!this.#seenCalendar) {
      if (parts?.name !== "BEGIN" || parts.value.trim().toUpperCase() !== "VCALENDAR") {
        throw importError("calendar.import.notIcs");
      }
      this.#seenCalendar = true;
      return;
    }
    if (!parts) throw importError("calendar.import.badIcsLine", { line });
    const { name, value } = parts;
    const component = value.trim().toUpperCase();
    if (name === "BEGIN" && component === "VEVENT" && !this.#event) {
      if (this.events.length >= CALENDAR_LIMITS.events) {
        throw importError("calendar.import.tooManyEvents", { max: CALENDAR_LIMITS.events, line });
      }
      this.#event = { line, summary: "", description: "", special: "" };
      this.#depth = 0;
      return;
    }
    const event = this.#event;
    if (!event) return; // time zones and the calendar's own properties
    if (name === "BEGIN") this.#depth++;
    else if (name === "END" && this.#depth > 0) this.#depth--;
    else if (name === "END" && component === "VEVENT") this.#finish(event);
    else if (this.#depth === 0) {
      if (name === "DTSTART") event.start = icsDate(value, line, name).date;
      else if (name === "DTEND") {
        // The end is the day after the event (a date, or midnight); a later time includes its day.
        const end = icsDate(value, line, name);
        event.end = end.timeOfDay ? nextDay(end.date) : end.date;
      } else if (name === "DURATION") {
        const days = /^P(\d{1,3})D$/.exec(value.trim())?.[1];
        if (!days || !event.start) {
          throw importError("calendar.import.badIcsLine", { line });
        }
        event.end = new Date(Date.parse(`${event.start}T00:00:00Z`) + Number(days) * 86_400_000)
          .toISOString().slice(0, 10);
      } else if (name === "SUMMARY") event.summary = unescapeText(value);
      else if (name === "DESCRIPTION") event.description = unescapeText(value);
      else if (name === "X-APPLE-SPECIAL-DAY") event.special = value.trim().toUpperCase();
      else if (name === "RRULE" || name === "RDATE") event.repeats = true;
    }
  }

  #finish(event: PendingEvent) {
    this.#event = null;
    if (!event.start) throw importError("calendar.import.noStart", { line: event.line });
    if (event.repeats) throw importError("calendar.import.repeating", { line: event.line });
    const end = event.end ?? nextDay(event.start);
    const days = (Date.parse(end) - Date.parse(event.start)) / 86_400_000;
    if (days < 1 || days > CALENDAR_LIMITS.eventDays) {
      throw importError("calendar.import.eventTooLong", {
        line: event.line,
        max: CALENDAR_LIMITS.eventDays,
      });
    }
    this.events.push({
      line: event.line,
      start: event.start,
      end,
      summary: event.summary ?? "",
      description: event.description ?? "",
      special: event.special ?? "",
    });
  }

  finish(): IcsEvent[] {
    if (!this.#seenCalendar) throw importError("calendar.import.notIcs");
    if (this.#event) {
      throw importError("calendar.import.unfinishedEvent", { line: this.#event.line });
    }
    return this.events;
  }
}

/**
 * The events of an .ics file, read 64 KB at a time. Lines are unfolded byte by byte (CRLF or LF
 * followed by a space or tab continues the line), each logical line is at most
 * CALENDAR_LIMITS.lineBytes and must be UTF-8.
 */
export async function readIcs(bytes: Bytes, pause: () => Promise<void>): Promise<IcsEvent[]> {
  const events = new IcsEvents();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const buf = new Uint8Array(CALENDAR_LIMITS.lineBytes);
  let len = 0;
  let physical = 1;
  /** The physical line the logical line being read began on. */
  let start = 1;
  let afterBreak = false;
  let first = true;
  const emit = () => {
    let text: string;
    try {
      text = decoder.decode(buf.subarray(0, len));
    } catch {
      throw importError("calendar.import.notUtf8", { line: start });
    }
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    events.line(text, start);
    len = 0;
  };
  const BLOCK = 64 * 1024;
  for (let offset = 0; offset < bytes.size; offset += BLOCK) {
    const chunk = await bytes.read(offset, BLOCK);
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (afterBreak) {
        afterBreak = false;
        if (b === 0x20 || b === 0x09) continue; // a folded line goes on
        emit();
        start = physical;
      }
      if (b === 0x0a) {
        afterBreak = true;
        physical++;
      } else if (b !== 0x0d) {
        if (len === buf.length) {
          throw importError("calendar.import.lineTooLong", {
            line: start,
            max: CALENDAR_LIMITS.lineBytes.toLocaleString("en-US"),
          });
        }
        buf[len++] = b;
      }
    }
    await pause();
  }
  if (len) emit();
  return events.finish();
}
