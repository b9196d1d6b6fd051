// System resources (spec §7 QMO/SystemResource): the editable, typed settings.
import { Permissions } from "../../domain/auth/permissions.ts";
import * as settingsSvc from "../../domain/settings/service.ts";
import { settingsResult, updateSettingsInput } from "../../domain/settings/schemas.ts";
import { defineRoute } from "../route.ts";

export const settingRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/SystemResource/GetAll",
    access: Permissions.SystemResourceSearch,
    summary:
      "Every system resource (quote instructions zh/en, reminder hours, upload limit) with its value.",
    result: settingsResult,
    handler: ({ deps }) => settingsSvc.listSettings(deps),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/SystemResource/Update",
    access: Permissions.SystemResourceSearch,
    summary: "Save system resources: { items: [{ key, value }] }; all or none.",
    body: updateSettingsInput,
    result: settingsResult,
    handler: ({ deps, body, actor }) => settingsSvc.updateSettings(deps, body, actor),
  }),
];
