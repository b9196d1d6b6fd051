// The email alert calls (templates and the email log), typed by the server's DTOs.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type {
  listOutboxInput,
  listTemplatesInput,
} from "../../../../server/domain/email/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { EmailTemplateDto, OutboxDto } from "../../../../server/domain/email/service.ts";

export const TEMPLATES = "/QMO/EmailManager";
const EMAIL_LOG = "/QMO/EmailLog";

export type Template = Wire<EmailTemplateDto>;
/** An email of the log, with its status as people read it. */
export type Outbox = Wire<OutboxDto> & { statusText: string };

export const emailApi = {
  templates: (params: ListParams<typeof listTemplatesInput>) =>
    api.get<Paged<Template>>(`${TEMPLATES}/GetAll`, params),
  outbox: (params: ListParams<typeof listOutboxInput>) =>
    api.get<Paged<Outbox>>(`${EMAIL_LOG}/GetAll`, params),
  remove: (id: number) => api.delete(`${TEMPLATES}/Delete`, { id }, { silent: true }),
  resend: (id: number) => api.post<Outbox>(`${EMAIL_LOG}/Resend`, { id }),
};
