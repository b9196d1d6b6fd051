// System management › logs: the audit log with filters (user, time range, service, method, status,
// exception) and a detail view with the parameters and the error.
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMs, formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import {
  Badge,
  type Column,
  FormDialog,
  ListPage,
  orDash,
  PagedTable,
  QueryField,
  QueryForm,
  QuerySelect,
  QueryText,
  RowAction,
  Toolbar,
  usePagedList,
} from "../../components/index.ts";
import { type AuditLog, logsApi, type VerifyReport } from "./api.ts";

type Query = {
  userName: string;
  startTime: string;
  endTime: string;
  serviceName: string;
  methodName: string;
  httpStatus: string;
  hasException: string;
};

/** A datetime-local value read as UTC+8 (the times shown everywhere) into an ISO instant. */
function utc8ToIso(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(`${local.length === 16 ? `${local}:00` : local}+08:00`);
  return isNaN(d.getTime()) ? undefined : d.toISOString();
}

const statusTone = (s: number) => (s >= 500 ? "red" : s >= 400 ? "amber" : "green");

export default function Logs() {
  const { t, i18n } = useTranslation();
  const [verifying, setVerifying] = useState(false);
  const list = usePagedList(logsApi.list, {
    initialQuery: {
      userName: "",
      startTime: "",
      endTime: "",
      serviceName: "",
      methodName: "",
      httpStatus: "",
      hasException: "",
    },
    toParams: (q) => ({ ...q, startTime: utc8ToIso(q.startTime), endTime: utc8ToIso(q.endTime) }),
  });
  const [detail, setDetail] = useState<number | null>(null);
  const closeDetail = useCallback(() => setDetail(null), []);
  const d = list.draft;

  const columns: Column<AuditLog>[] = [
    {
      key: "executionTime",
      title: t("logsPage.time"),
      sortField: "executionTime",
      nowrap: true,
      render: (l) => <span className="tabular-nums">{formatTime(l.executionTime)}</span>,
    },
    {
      key: "userName",
      title: t("logsPage.user"),
      sortField: "userName",
      nowrap: true,
      render: (l) => orDash(l.userName),
    },
    { key: "serviceName", title: t("logsPage.service"), sortField: "serviceName", nowrap: true },
    { key: "methodName", title: t("logsPage.method"), nowrap: true },
    {
      key: "httpStatus",
      title: t("logsPage.status"),
      align: "center",
      render: (l) => <Badge tone={statusTone(l.httpStatus)}>{l.httpStatus}</Badge>,
    },
    {
      key: "executionDuration",
      title: t("logsPage.duration"),
      sortField: "executionDuration",
      align: "right",
      nowrap: true,
      render: (l) => (
        <span className="tabular-nums">{formatMs(l.executionDuration, i18n.language)}</span>
      ),
    },
    {
      key: "clientIp",
      title: t("logsPage.clientIp"),
      nowrap: true,
      render: (l) => l.clientIp || "—",
    },
    {
      key: "exception",
      title: t("logsPage.exception"),
      align: "center",
      render: (l) =>
        l.exception
          ? <Badge tone="red">{t("ui.yes")}</Badge>
          : <span className="text-slate-400">{t("ui.no")}</span>,
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (l) => (
        <RowAction onClick={() => setDetail(l.id)} testId="detail">{t("ui.detail")}</RowAction>
      ),
    },
  ];

  return (
    <ListPage
      testId="logs-page"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <QueryText
            list={list}
            name="userName"
            id="logs-user"
            label={t("logsPage.user")}
            width="w-40"
          />
          <QueryText
            list={list}
            name="startTime"
            id="logs-from"
            type="datetime-local"
            label={t("logsPage.from")}
            width="w-52"
          />
          <QueryText
            list={list}
            name="endTime"
            id="logs-to"
            type="datetime-local"
            label={t("logsPage.to")}
            width="w-52"
          />
          <QueryText
            list={list}
            name="serviceName"
            id="logs-service"
            label={t("logsPage.service")}
            width="w-40"
          />
          <QueryText
            list={list}
            name="methodName"
            id="logs-method"
            label={t("logsPage.method")}
            width="w-40"
          />
          <QueryField label={t("logsPage.status")} htmlFor="logs-status" width="w-24">
            <input
              id="logs-status"
              className="input"
              inputMode="numeric"
              maxLength={3}
              value={d.httpStatus}
              onChange={(e) =>
                list.setDraft({ ...d, httpStatus: e.target.value.replace(/\D/g, "") })}
            />
          </QueryField>
          <QuerySelect
            list={list}
            name="hasException"
            id="logs-exception"
            label={t("logsPage.exception")}
            width="w-32"
            options={[
              ["true", t("logsPage.withException")],
              ["false", t("logsPage.withoutException")],
            ]}
          />
        </QueryForm>
      }
      toolbar={
        <Toolbar>
          <button
            type="button"
            className="btn btn-default"
            onClick={() => setVerifying(true)}
            data-testid="verify-record"
          >
            {t("logsPage.verifyRecord")}
          </button>
        </Toolbar>
      }
    >
      <PagedTable
        list={list}
        columns={columns}
        rowKey={(l) => l.id}
        onRowClick={(l) => setDetail(l.id)}
      />
      {detail !== null && <LogDetail id={detail} onClose={closeDetail} />}
      {verifying && <RecordCheck onClose={() => setVerifying(false)} />}
    </ListPage>
  );
}

/** The quote record's check, as `cli audit verify` runs it: intact, or where it is broken. */
function RecordCheck({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<VerifyReport | null>(null);
  useEffect(() => {
    logsApi.verifyQuoteRecord().then(setReport, onClose);
  }, [onClose]);
  return (
    <FormDialog open size="lg" title={t("logsPage.verifyRecord")} onClose={onClose}>
      <div data-testid="record-check" className="space-y-2 text-sm">
        {!report
          ? (
            <div className="flex justify-center py-6 text-primary">
              <Spinner />
            </div>
          )
          : report.ok
          ? (
            <p className="text-emerald-700" data-testid="record-intact">
              {t("cli.chainIntact", { entries: report.entries, head: report.head.entryHash })}
            </p>
          )
          : (
            <>
              <p className="font-medium text-red-700" data-testid="record-broken">
                {t("cli.chainNotIntact", { entries: report.entries })}
              </p>
              <ul className="list-disc space-y-1 pl-5 text-slate-700">
                {report.firstBroken && (
                  <li>
                    {t(`cli.chainBroken.${report.firstBroken.reason}`, {
                      seq: report.firstBroken.seq,
                      quoteId: report.firstBroken.quoteId ?? "—",
                    })}
                  </li>
                )}
                {report.mismatches.map((m, i) => (
                  <li key={i}>
                    {t(`cli.recordMismatch.${m.reason}`, { seq: m.seq ?? "—", quoteId: m.quoteId })}
                  </li>
                ))}
              </ul>
            </>
          )}
        <p className="text-xs text-slate-500">{t("logsPage.verifyRecordHint")}</p>
      </div>
    </FormDialog>
  );
}

function pretty(json: string | null): string {
  if (!json) return "";
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

function LogDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [log, setLog] = useState<AuditLog | null>(null);
  useEffect(() => {
    logsApi.get(id).then(setLog, onClose);
  }, [id, onClose]);
  const row = (label: string, value: ReactNode) => (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-1.5">
      <dt className="text-right text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{value}</dd>
    </div>
  );
  return (
    <FormDialog
      open
      size="lg"
      title={t("logsPage.detailTitle")}
      onClose={onClose}
      testId="log-detail"
    >
      {!log
        ? (
          <div className="flex justify-center py-10 text-primary">
            <Spinner />
          </div>
        )
        : (
          <dl className="divide-y divide-slate-100 text-sm">
            {row(t("logsPage.time"), formatTime(log.executionTime))}
            {row(t("logsPage.user"), log.userName ? `${log.userName} (#${log.userId})` : "—")}
            {row(t("logsPage.service"), log.serviceName)}
            {row(t("logsPage.method"), log.methodName)}
            {row(
              t("logsPage.request"),
              <code className="text-xs">{log.httpMethod} {log.path}</code>,
            )}
            {row(
              t("logsPage.status"),
              <Badge tone={statusTone(log.httpStatus)}>{log.httpStatus}</Badge>,
            )}
            {row(t("logsPage.duration"), formatMs(log.executionDuration, i18n.language))}
            {row(t("logsPage.clientIp"), log.clientIp || "—")}
            {row(
              t("logsPage.browser"),
              <span className="text-xs text-slate-600">{log.browserInfo || "—"}</span>,
            )}
            {row(
              t("logsPage.parameters"),
              log.parameters
                ? (
                  <pre
                    className="max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs ring-1 ring-slate-200"
                    data-testid="log-parameters"
                  >{pretty(log.parameters)}</pre>
                )
                : "—",
            )}
            {row(
              t("logsPage.error"),
              log.exception
                ? (
                  <pre
                    className="max-h-60 overflow-auto rounded bg-red-50 p-2 text-xs whitespace-pre-wrap text-red-800 ring-1 ring-red-200"
                    data-testid="log-exception"
                  >{log.exception}</pre>
                )
                : "—",
            )}
          </dl>
        )}
    </FormDialog>
  );
}
