// The system resource calls (spec §7 SystemResource): the editable settings, typed by the server's
// SettingDto.
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { SettingDto } from "../../../../server/domain/settings/service.ts";

const RESOURCES = "/QMO/SystemResource";

export type Setting = Wire<SettingDto>;

export const resourcesApi = {
  all: () => api.get<{ items: Setting[] }>(`${RESOURCES}/GetAll`),
  update: (items: { key: Setting["key"]; value: unknown }[]) =>
    api.put(`${RESOURCES}/Update`, { items }, { silent: true }),
};
