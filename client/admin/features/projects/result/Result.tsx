// The hidden result pages (spec §2), material and asset: the header with the publish time, line
// items, and the invited suppliers with their quote times; a download button only where a quote
// exists, opening the file-download dialog. The asset page adds the two optimisation rounds (each
// shown only when some supplier's attachment for it exists) and opens a round with its deadline.
// Where the buyer watches quotes arrive, it ends quoting and closes the project as the list does.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../../shared/icons.tsx";
import { Spinner } from "../../../../shared/ui.tsx";
import { type Column, DataTable, FormDialog, RowAction } from "../../../components/index.ts";
import { Comparison } from "./Comparison.tsx";
import { IntegritySignals } from "./IntegritySignals.tsx";
import { type Kind, kindPages } from "../../../components/projectPages.ts";
import { type ProjectResult, projectsApi, type SupplierResult } from "../api.ts";
import { Field, Section } from "../../../components/Section.tsx";
import { useRequiredId } from "../../../components/hiddenPage.ts";
import { ProjectClosing, StatusBadge } from "../../../components/ProjectStatus.tsx";
import { AttachmentList, ItemsTable } from "../parts.tsx";
import { formatTime } from "../../../../shared/time.ts";
import { usePermission } from "../../../../shared/session.ts";
import { FlagFields, ProjectBadges } from "../Flags.tsx";
import { ReminderDialog } from "../ReminderDialog.tsx";
import { DeclinedBadge } from "../DeclinedBadge.tsx";
import { CloseDialog } from "../CloseDialog.tsx";
import { useEndProject } from "../useEndProject.tsx";
import { OpenRoundDialog } from "./OpenRoundDialog.tsx";
import { filesApi } from "../../../components/files.ts";
import { SlotPanels, type SlotProps } from "../../../layout/panels.tsx";

type QuoteFile = { round: number; time: string | null; attId: number };

/** A supplier's quote files, first quote and the rounds, where an attachment exists. */
const quoteFiles = (s: SupplierResult): QuoteFile[] =>
  [
    { round: 0, time: s.offerTime, attId: s.attId },
    { round: 1, time: s.offerTime1, attId: s.attId1 },
    { round: 2, time: s.offerTime2, attId: s.attId2 },
  ].filter((q): q is QuoteFile => q.attId !== null);

/** The result of one kind of project (the route says which). */
export default function Result({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const id = useRequiredId();
  const mayPublish = usePermission(kindPages[kind].publish);
  const [data, setData] = useState<ProjectResult | null>(null);
  const [files, setFiles] = useState<SupplierResult | null>(null);
  const [round, setRound] = useState<number | null>(null);
  const [reminding, setReminding] = useState(false);
  const [closing, setClosing] = useState(false);
  const [auctionEnds, setAuctionEnds] = useState(0);
  const f = (k: string) => t(`projects.fields.${k}`);
  const r = (k: string, p: Record<string, unknown> = {}) => t(`result.${k}`, p);

  const load = () => id && projectsApi.result(id).then(setData).catch(() => {});
  const [endElement, end] = useEndProject(() => load());
  useEffect(() => {
    load();
  }, [id]);

  if (!id) return null;
  if (!data) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner />
      </div>
    );
  }
  const p = data.project;
  // What the other areas' sections (questions, auction, savings) are handed, through the shell.
  const panelProps: SlotProps["projectResult"] = {
    project: p,
    loaded: data,
    mayPublish,
    reload: () => load(),
    onMatrixChanged: () => setAuctionEnds((n) => n + 1),
  };
  // A round shows where some quote exists (its file is hidden while sealed, its time is not).
  const showRound1 = kind === "asset" && data.suppliers.some((s) => s.offerTime1 !== null);
  const showRound2 = kind === "asset" && data.suppliers.some((s) => s.offerTime2 !== null);
  const anySealed = p.sealed || data.rounds.some((x) => x.sealed);
  const nextRound = kind === "asset" && p.actions.includes("openRound")
    ? (data.rounds.some((x) => x.round === 1) ? 2 : 1)
    : null;

  const timeCell = (v: string | null, version: number | null = null) =>
    v
      ? (
        <span className="tabular-nums">
          {formatTime(v)}
          {version !== null && p.packVersion !== null && version < p.packVersion && (
            <span
              className="ml-1.5 rounded bg-amber-50 px-1 py-0.5 text-xs text-amber-800 ring-1 ring-amber-200"
              data-testid="based-on-version"
            >
              {r("basedOn", { version })}
            </span>
          )}
        </span>
      )
      : <span className="text-xs text-slate-400">{r("notQuoted")}</span>;

  const columns: Column<SupplierResult>[] = [
    {
      key: "code",
      title: t("suppliers.fields.code"),
      nowrap: true,
      className: "font-mono text-xs",
    },
    { key: "abbrName", title: t("suppliers.fields.abbrName"), nowrap: true },
    { key: "fullName", title: t("suppliers.fields.fullName") },
    {
      key: "offerTime",
      title: kind === "asset" ? f("firstQuote") : f("quoteTime"),
      nowrap: true,
      render: (s) =>
        !s.offerTime && s.decline
          ? <DeclinedBadge decline={s.decline} />
          : timeCell(s.offerTime, s.packVersion),
    },
  ];
  if (showRound1) {
    columns.push({
      key: "offerTime1",
      title: f("round1"),
      nowrap: true,
      render: (s) => timeCell(s.offerTime1, s.packVersion1),
    });
  }
  if (showRound2) {
    columns.push({
      key: "offerTime2",
      title: f("round2"),
      nowrap: true,
      render: (s) => timeCell(s.offerTime2, s.packVersion2),
    });
  }
  columns.push({
    key: "download",
    title: t("ui.actions"),
    width: "6rem",
    render: (s) =>
      quoteFiles(s).length > 0
        ? (
          <RowAction onClick={() => setFiles(s)} testId="quote-download">
            {t("projectsPage.download")}
          </RowAction>
        )
        : s.isOffer && anySealed && (
          <span
            className="inline-flex items-center gap-1 text-xs text-slate-500"
            data-testid="quote-sealed"
          >
            <Icon name="lock" className="size-3.5" />
            {r("sealedShort")}
          </span>
        ),
  });

  return (
    <div className="space-y-3" data-testid="result-page">
      <Section
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs text-slate-500">{p.code}</span>
            <span>{p.name}</span>
            <StatusBadge status={p.status} />
            <ProjectBadges project={p} />
          </span>
        }
        extra={mayPublish && (
          <span className="flex gap-2">
            {p.actions.includes("end") && (
              <button
                type="button"
                className="btn btn-default"
                onClick={() => setReminding(true)}
                data-testid="remind"
              >
                {t("reminder.action")}
              </button>
            )}
            {nextRound && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setRound(nextRound)}
                data-testid="open-round"
              >
                {r("openRound", { round: nextRound })}
              </button>
            )}
            {p.actions.includes("end") && (
              <button
                type="button"
                className="btn btn-default"
                onClick={() => end(p)}
                data-testid="result-end"
              >
                {t("projectsPage.end")}
              </button>
            )}
            {p.actions.includes("close") && (
              <button
                type="button"
                className="btn btn-default text-red-600"
                onClick={() => setClosing(true)}
                data-testid="result-close"
              >
                {t("projectsPage.close")}
              </button>
            )}
          </span>
        )}
      >
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={f("category")}>{p.categoryName}</Field>
          <Field label={f("pubDate")}>{formatTime(p.pubDate)}</Field>
          <Field label={f("offerEndTime")}>
            <ProjectClosing project={p} dash />
          </Field>
          <Field label={r("quoted")}>
            <span className="tabular-nums">{p.quotedCount} / {p.supplierCount}</span>
          </Field>
          {kind === "asset" && (
            <>
              <Field label={f("demandCode")}>{p.demandCode}</Field>
              <Field label={f("offerItemType")}>
                {p.offerItemType && t(`projects.quotationTypes.${p.offerItemType}`)}
              </Field>
              <Field label={f("equipmentName")}>{p.equipmentName}</Field>
              <Field label={f("estimatedAmount")}>{p.estimatedAmount}</Field>
              <FlagFields project={p} />
            </>
          )}
          {p.endTime && (
            <Field label={r("endTime")}>
              {formatTime(p.endTime)}
              {p.endReason && (
                <span className="ml-1 text-xs text-slate-500">
                  ({t(`projects.endReasons.${p.endReason}`)})
                </span>
              )}
            </Field>
          )}
          {p.closeReason && <Field label={f("closeReason")} wide>{p.closeReason}</Field>}
          {p.sealedQuotes && (
            <Field label={f("sealedQuotes")}>
              <span data-testid="seal-state">
                {p.sealed
                  ? (p.sealOpensAt
                    ? r("sealedUntil", { time: formatTime(p.sealOpensAt) })
                    : r("sealedUntilEnded"))
                  : r("unsealed")}
              </span>
            </Field>
          )}
          {p.packVersion !== null && (
            <Field label={r("packVersion")}>
              <span className="tabular-nums" data-testid="pack-version">v{p.packVersion}</span>
            </Field>
          )}
          {p.instructionText && (
            <Field label={f("instructionText")} wide>
              <span className="whitespace-pre-line">{p.instructionText}</span>
            </Field>
          )}
          {p.award && (
            <Field label={f("award")}>
              <span className="font-medium text-amber-800" data-testid="result-award">
                ★ {p.award}
              </span>
            </Field>
          )}
        </dl>
        {data.rounds.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2 text-xs" data-testid="rounds">
            {data.rounds.map((x) => (
              <li key={x.round} className="rounded bg-slate-50 px-2 py-1 ring-1 ring-slate-200">
                {f(`round${x.round}`)}: {formatTime(x.openTime)} – {formatTime(x.endTime)}
                {x.isOpen && <span className="ml-1 text-amber-700">· {r("roundOpen")}</span>}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("projectsPage.items")}>
        <ItemsTable items={data.opiList} kind={kind} />
      </Section>

      <Section title={f("attachments")}>
        <AttachmentList files={data.attList} />
      </Section>

      <Section title={f("suppliers")} testId="result-suppliers">
        <DataTable rows={data.suppliers} rowKey={(s) => s.id} columns={columns} />
      </Section>

      <SlotPanels slot="projectResult" place="afterSuppliers" props={panelProps} />

      {data.packVersions.length > 1 && (
        <Section title={r("packVersions")} testId="pack-versions">
          <ul className="divide-y divide-slate-100 text-sm">
            {data.packVersions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
                <span className="font-medium text-slate-800">v{v.version}</span>
                <span className="text-slate-500 tabular-nums">{formatTime(v.publishedAt)}</span>
                <code className="text-xs break-all text-slate-500" title={r("contentHash")}>
                  {v.contentHash}
                </code>
                {v.version === p.packVersion && (
                  <span className="text-xs text-emerald-700">{r("inForce")}</span>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}

      <SlotPanels slot="projectResult" place="beforeComparison" props={panelProps} />

      {anySealed
        ? (
          <Section title={r("comparisonTitle")} testId="comparison-sealed">
            <p className="flex items-start gap-1.5 text-sm text-slate-600">
              <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
              {p.evaluation === "weighted"
                ? t("evaluation.pricesSealed")
                : p.sealOpensAt
                ? r("sealedNotice", { time: formatTime(p.sealOpensAt) })
                : r("sealedNoticeNoDeadline")}
            </p>
          </Section>
        )
        : (
          <Comparison
            key={auctionEnds}
            projectId={p.id}
            canAward={p.status === "ended"}
            awardBlocked={data.auctionNotOver ? t("award.auctionRunning") : null}
            mayPublish={mayPublish}
            onAwarded={load}
          />
        )}

      <SlotPanels slot="projectResult" place="afterComparison" props={panelProps} />

      <IntegritySignals projectId={p.id} reload={data} />

      <FormDialog
        open={!!files}
        title={`${r("quoteFiles")} · ${files?.abbrName ?? ""}`}
        onClose={() => setFiles(null)}
        testId="quote-files-dialog"
      >
        <ul className="divide-y divide-slate-100">
          {files &&
            quoteFiles(files).map((q) => (
              <li key={q.round} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  <span className="font-medium text-slate-800">
                    {q.round === 0 ? f("firstQuote") : f(`round${q.round}`)}
                  </span>
                  <span className="ml-2 text-slate-500 tabular-nums">{formatTime(q.time)}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-default h-7 text-xs"
                  data-testid="quote-file"
                  onClick={() =>
                    // On the result page a failed download is only logged (spec §8).
                    filesApi.download(q.attId, undefined, true).catch((e) =>
                      console.error(e)
                    )}
                >
                  {t("projectsPage.download")}
                </button>
              </li>
            ))}
        </ul>
      </FormDialog>

      <ReminderDialog project={reminding ? p : null} onClose={() => setReminding(false)} />
      <CloseDialog
        project={closing ? p : null}
        onClose={() => setClosing(false)}
        onDone={() => {
          setClosing(false);
          load();
        }}
      />
      {endElement}

      <OpenRoundDialog
        projectId={p.id}
        round={round}
        onClose={() => setRound(null)}
        onDone={(next) => {
          setRound(null);
          setData(next);
        }}
      />
    </div>
  );
}
