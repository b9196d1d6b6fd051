// Email alert management (spec §2 emailManager) and the email log, in the spec's path style.
import { Permissions } from "../../domain/auth/permissions.ts";
import * as email from "../../domain/email/service.ts";
import {
  createTemplateInput,
  emailTemplateDto,
  emailTemplatePage,
  listOutboxInput,
  listTemplatesInput,
  outboxDto,
  outboxPage,
  resendInput,
  templateIdInput,
  updateTemplateInput,
} from "../../domain/email/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";
import { t } from "../../i18n.ts";

const manage = Permissions.EmailManagerSearch;

export const emailRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/EmailManager/GetAll",
    access: manage,
    summary: "Email templates, paged; filter by keyword, mechanism and active flag.",
    query: listTemplatesInput,
    result: emailTemplatePage,
    handler: ({ deps, query }) => email.listTemplates(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/EmailManager/Get",
    access: manage,
    summary: "One email template with the placeholders it may use.",
    query: templateIdInput,
    result: emailTemplateDto,
    handler: ({ deps, query }) => email.getTemplate(deps, query.id),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/EmailManager/Create",
    access: manage,
    summary: "Create an email template; an unknown placeholder is refused naming it.",
    body: createTemplateInput,
    result: emailTemplateDto,
    handler: ({ deps, body }) => email.createTemplate(deps, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/EmailManager/Update",
    access: manage,
    summary: "Change an email template (text, mechanism, recipients, active flag, hours).",
    body: updateTemplateInput,
    result: emailTemplateDto,
    handler: ({ deps, body }) => email.updateTemplate(deps, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/EmailManager/Delete",
    access: manage,
    summary: "Delete an email template.",
    query: templateIdInput,
    result: noResult,
    handler: ({ deps, query }) => email.deleteTemplate(deps, query.id),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/EmailLog/GetAll",
    access: manage,
    summary: "The email log (outbox): status, recipient, template, project, attempts, last error.",
    query: listOutboxInput,
    result: outboxPage,
    handler: async ({ deps, query, lang }) => {
      const page = await email.listOutbox(deps, query);
      // The status as people read it, e.g. "not sent: SMTP not configured".
      const items = page.items.map((i) => ({
        ...i,
        statusText: t(lang, `email.statuses.${i.status}`),
      }));
      return { ...page, items };
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/EmailLog/Resend",
    access: manage,
    summary: "Send a failed or unsent email again now.",
    body: resendInput,
    result: outboxDto,
    errors: [409],
    handler: ({ deps, body }) => email.resendEmail(deps, body.id),
  }),
];
