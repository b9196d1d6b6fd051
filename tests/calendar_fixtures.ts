// A 2027 official holiday schedule as a calendar feed publishes it (.ics, CRLF lines folded at 75
// bytes, a VALARM inside one event, Apple's special-day marks on some events and not others), for
// the calendar tests at every door.

type Event = { start: string; end: string; summary: string; special?: string };

/** 2027's schedule: 春节 2-06…2-14 with make-up days Sunday 1-31 and Saturday 2-20, and more. */
export const EVENTS_2027: Event[] = [
  { start: "20270101", end: "20270104", summary: "元旦(休)", special: "WORK-HOLIDAY" },
  { start: "20270206", end: "20270215", summary: "春节(休)", special: "WORK-HOLIDAY" },
  { start: "20270131", end: "20270201", summary: "春节 补班" },
  { start: "20270220", end: "20270221", summary: "春节(班)", special: "ALTERNATE-WORKDAY" },
  { start: "20270501", end: "20270506", summary: "劳动节 放假" },
  { start: "20270508", end: "20270509", summary: "劳动节调休上班" },
  { start: "20271001", end: "20271008", summary: "国庆节(休)" },
  { start: "20271009", end: "20271010", summary: "国庆节(班)" },
];

/** Folds a content line at 75 bytes, as RFC 5545 says, even inside a UTF-8 character. */
function fold(line: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(line);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += i === 0 ? 75 : 74) {
    const piece = bytes.subarray(i, i + (i === 0 ? 75 : 74));
    out.push(i === 0 ? piece : new Uint8Array([0x20, ...piece]));
  }
  return out;
}

/** The bytes of an .ics file holding `events`. */
export function icsBytes(events: Event[] = EVENTS_2027): Uint8Array {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Example//Holidays 2027//CN",
    "X-WR-CALNAME:中国节假日 2027",
    "BEGIN:VTIMEZONE",
    "TZID:Asia/Shanghai",
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0800",
    "TZOFFSETTO:+0800",
    "END:STANDARD",
    "END:VTIMEZONE",
    ...events.flatMap((e, i) => [
      "BEGIN:VEVENT",
      `UID:holiday-2027-${i}@example.com`,
      "DTSTAMP:20261120T020000Z",
      `DTSTART;VALUE=DATE:${e.start}`,
      `DTEND;VALUE=DATE:${e.end}`,
      `SUMMARY:${e.summary}`,
      // A long property, folded; its words must not leak into the summary.
      `DESCRIPTION:${"国务院办公厅关于2027年部分节假日安排的通知，".repeat(3)}`,
      ...(e.special ? [`X-APPLE-SPECIAL-DAY:${e.special}`] : []),
      ...(i === 1
        ? ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:补班", "TRIGGER:-PT15M", "END:VALARM"]
        : []),
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  const parts = lines.flatMap((l) => fold(l).flatMap((p) => [p, new Uint8Array([13, 10])]));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
