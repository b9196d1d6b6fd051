// The working-day calendar: a year's official holidays, make-up days and company days, importing a
// year's official schedule from a file, one day judged with its reason, and the dashboard's warning
// of deadlines in a year without official data.
import { Permissions, ProjectSearch } from "../../domain/auth/permissions.ts";
import {
  calendarYear,
  dayInfo,
  notLoadedText,
  refusalText,
} from "../../domain/calendar/service.ts";
import { importOfficialFile } from "../../domain/calendar/import.ts";
import {
  calendarDateInput,
  calendarImportForm,
  calendarImportResult,
  calendarYearInput,
  calendarYearResult,
  dayInfoResult,
  deadlineWarningsResult,
} from "../../domain/calendar/schemas.ts";
import { missingCalendarYears } from "../../domain/projects/calendarNotice.ts";
import { SpooledFile } from "../../domain/files/spool.ts";
import { defineRoute } from "../route.ts";

const manage = Permissions.CalendarSearch;

export const calendarRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/Calendar/GetYear",
    access: manage,
    summary:
      "A year of the calendar: whether its official schedule is loaded, its official days, the company days, and every loaded year.",
    query: calendarYearInput,
    result: calendarYearResult,
    handler: ({ deps, query }) => calendarYear(deps, query.year),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Calendar/ImportOfficialDays",
    access: manage,
    summary:
      "Load official holidays and make-up working days from an .ics, .csv or .xlsx file (multipart `file`; dryRun=true only reports); each year with a holiday in the file is replaced.",
    form: calendarImportForm,
    result: calendarImportResult,
    handler: async ({ deps, body, actor }) =>
      importOfficialFile(
        deps,
        body.file instanceof SpooledFile ? body.file.path : await body.file.bytes(),
        { fileName: body.file.name || "upload", dryRun: body.dryRun, by: actor.userName },
      ),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Calendar/GetDayInfo",
    access: [manage, ...ProjectSearch],
    summary:
      "Whether a date (YYYY-MM-DD) is a working day and why (holiday, make-up day, weekend, company day), and whether its year's official schedule is loaded.",
    query: calendarDateInput,
    result: dayInfoResult,
    handler: async ({ deps, query, lang }) => {
      const info = await dayInfo(deps, query.date.slice(0, 10));
      return { ...info, message: refusalText(info, lang), warning: notLoadedText(info, lang) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Calendar/GetDeadlineWarnings",
    access: [...ProjectSearch],
    result: deadlineWarningsResult,
    summary:
      "Years without an official holiday schedule in which deadlines fall (or are about to be set), with the warning to show.",
    handler: async ({ deps, actor, lang }) => {
      const items = await missingCalendarYears(deps, actor, lang);
      return { items, totalCount: items.length };
    },
  }),
];
