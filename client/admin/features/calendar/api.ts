// The working-day calendar calls (QMO/Calendar), typed by the server's answers.
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { calendarYear } from "../../../../server/domain/calendar/service.ts";
import type { CalendarImport } from "../../../../server/domain/calendar/import.ts";

const CAL = "/QMO/Calendar";

export type CalendarYear = Wire<Awaited<ReturnType<typeof calendarYear>>>;
export type ImportReport = Wire<CalendarImport>;

export const calendarApi = {
  year: (year: number) => api.get<CalendarYear>(`${CAL}/GetYear`, { Year: year }),
  /** Reads the file and answers what it would change (dryRun), or loads it. */
  importFile: (file: File, dryRun: boolean) => {
    const form = new FormData();
    form.append("file", file);
    form.append("dryRun", String(dryRun));
    return api.post<ImportReport>(`${CAL}/ImportOfficialDays`, form, { silent: true });
  },
};
