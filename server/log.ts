// The server's log lines. LOG_FORMAT=json: one JSON object per line (a request, a job run, an
// error), for a log collector; the default, text: the human-readable lines, requests not logged.
// A line holds only what its caller passes: never a password, a token or a quote's contents.
import type { Config } from "./config.ts";

export type LogFields = Record<string, string | number | boolean | null | undefined>;

/**
 * Writes one line. In json format every call is a line with `time`, `level` and `msg` first; in
 * text format only lines with `text` are written (as the server always wrote them).
 */
export function log(
  config: Pick<Config, "logFormat">,
  level: "info" | "error",
  msg: string,
  fields: LogFields = {},
  text?: string,
): void {
  const write = level === "error" ? console.error : console.log;
  if (config.logFormat === "json") {
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
  } else if (text !== undefined) write(text);
}
