// The email log: each email's status, recipient, template, project and attempts, with resend.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { formatTime } from "../../../shared/time.ts";
import {
  Badge,
  type Column,
  orDash,
  PagedTable,
  QueryForm,
  QuerySelect,
  QueryText,
  RowAction,
  usePagedList,
} from "../../components/index.ts";
import { emailApi, type Outbox } from "./api.ts";

const statusTone = {
  pending: "amber",
  sent: "green",
  failed: "red",
  notConfigured: "slate",
} as const;

export function EmailLog() {
  const { t } = useTranslation();
  const list = usePagedList(
    emailApi.outbox,
    { initialQuery: { status: "", recipient: "", templateCode: "" } },
  );
  const [sending, setSending] = useState<number | null>(null);
  async function resend(row: Outbox) {
    setSending(row.id);
    try {
      const r = await emailApi.resend(row.id);
      if (r.status === "sent") message.success(t("emailPage.resent"));
      else message.warning(t("emailPage.resendFailed", { error: r.lastError ?? r.status }));
      list.reload();
    } catch {
      /* shown by the API client */
    } finally {
      setSending(null);
    }
  }
  const columns: Column<Outbox>[] = [
    {
      key: "creationTime",
      title: t("emailPage.createdAt"),
      sortField: "creationTime",
      nowrap: true,
      render: (r) => <span className="tabular-nums">{formatTime(r.creationTime)}</span>,
    },
    {
      key: "recipient",
      title: t("emailPage.recipient"),
      sortField: "recipient",
      render: (r) => (
        <span>
          {r.recipientName && <span className="mr-1">{r.recipientName}</span>}
          <span className="text-xs text-slate-500">{r.recipient}</span>
        </span>
      ),
    },
    { key: "templateCode", title: t("emailPage.code"), sortField: "templateCode", nowrap: true },
    { key: "subject", title: t("emailPage.subject") },
    {
      key: "projectCode",
      title: t("emailPage.project"),
      nowrap: true,
      render: (r) => r.projectCode || "—",
    },
    {
      key: "status",
      title: t("emailPage.status"),
      sortField: "status",
      nowrap: true,
      render: (r) => <Badge tone={statusTone[r.status]}>{r.statusText}</Badge>,
    },
    {
      key: "attempts",
      title: t("emailPage.attempts"),
      sortField: "attempts",
      align: "right",
      render: (r) => <span className="tabular-nums">{r.attempts}</span>,
    },
    {
      key: "lastError",
      title: t("emailPage.lastError"),
      render: (r) =>
        r.lastError
          ? (
            <span className="line-clamp-2 text-xs text-red-700" title={r.lastError}>
              {r.lastError}
            </span>
          )
          : orDash(null),
    },
    {
      key: "sentAt",
      title: t("emailPage.sentAt"),
      sortField: "sentAt",
      nowrap: true,
      render: (r) => formatTime(r.sentAt) || "—",
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (r) => (
        <RowAction
          disabled={r.status === "sent" || sending === r.id}
          onClick={() => resend(r)}
          testId="resend"
        >
          {t("emailPage.resend")}
        </RowAction>
      ),
    },
  ];
  return (
    <div className="space-y-3">
      <QueryForm onSearch={() => list.search()} onReset={list.reset} testId="log-query">
        <QuerySelect
          list={list}
          name="status"
          id="log-status"
          label={t("emailPage.status")}
          width="w-48"
        >
          {(["pending", "sent", "failed", "notConfigured"] as const).map((s) => (
            <option key={s} value={s}>{t(`email.statuses.${s}`)}</option>
          ))}
        </QuerySelect>
        <QueryText
          list={list}
          name="recipient"
          id="log-recipient"
          label={t("emailPage.recipient")}
          width="w-52"
        />
        <QueryText
          list={list}
          name="templateCode"
          id="log-template"
          label={t("emailPage.code")}
          width="w-44"
        />
      </QueryForm>
      <PagedTable list={list} columns={columns} rowKey={(r) => r.id} testId="email-log" />
    </div>
  );
}
