// One project as the supplier sees it: the read-only header, line items and attachments, and the
// quotation panel (instructions to agree to, the upload, the current quote and earlier ones).
import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type ApiError, saveBlob } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { formatTime, relativeTime } from "../../shared/time.ts";
import { Spinner } from "../../shared/ui.tsx";
import { useAction } from "../../shared/useAction.ts";
import {
  formatSize,
  type Instruction,
  portalApi,
  type ProjectDetail,
  type Quote,
  type Receipt,
  secondsUntil,
  type Timed,
  useNow,
} from "../data.ts";
import { Card, Countdown, Deadline, Empty, StatusBadge } from "../parts.tsx";
import { usePageTitle } from "../../shared/pageTitle.ts";
import { UploadBox } from "./Upload.tsx";
import { linesToSend, QuoteLinesCard, useQuoteLines } from "./QuoteLines.tsx";

type Loaded = { detail: Timed<ProjectDetail>; instruction: Instruction; quotes: Quote[] };

export function ProjectPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState("");
  const priced = useQuoteLines(id);
  usePageTitle(data?.detail.name ?? t("portal.detail.title"));

  const load = useCallback(async () => {
    try {
      const [detail, instruction, quotes] = await Promise.all([
        portalApi.project(id),
        portalApi.instruction(id),
        portalApi.quotes(id),
      ]);
      setData({ detail, instruction, quotes });
    } catch (e) {
      const err = e as ApiError;
      setError(
        err.status === 404 || err.status === 400 ? t("portal.detail.notFound") : err.message,
      );
    }
  }, [id, t]);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return setError(t("portal.detail.notFound"));
    load();
  }, [id]);

  const back = (
    <Link
      to="/portal"
      className="inline-flex items-center gap-1 rounded text-sm text-slate-500 hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
    >
      <Icon name="chevronRight" className="size-4 rotate-180" />
      {t("portal.detail.back")}
    </Link>
  );

  if (error) {
    return (
      <div className="space-y-3">
        {back}
        <div className="card">
          <Empty icon="info">{error}</Empty>
        </div>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner className="size-6" />
      </div>
    );
  }
  const { detail } = data;
  return (
    <div className="space-y-4">
      {back}
      <Header detail={detail} />
      <AwardNotice detail={detail} />
      <PackNotice detail={detail} quotes={data.quotes} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="lg:sticky lg:top-18 lg:order-2">
          <QuotePanel
            data={data}
            reload={async () => {
              await load();
              await priced.reload().catch(() => {});
            }}
            lines={() => linesToSend(priced.form, priced.drafts, (k, p) => t(k, p ?? {}))}
          />
        </div>
        <div className="space-y-4 lg:order-1">
          {detail.instructionText && (
            <Card title={t("portal.pack.buyerInstructions")} testId="buyer-instructions">
              <p className="whitespace-pre-line px-4 py-3 text-sm text-slate-700">
                {detail.instructionText}
              </p>
            </Card>
          )}
          <Items items={detail.opiList} />
          {priced.form && priced.form.items.length > 0 && (
            <QuoteLinesCard
              form={priced.form}
              drafts={priced.drafts}
              set={priced.set}
              disabled={!detail.canSubmit}
            />
          )}
          <Attachments files={detail.attList} />
        </div>
      </div>
    </div>
  );
}

function Header({ detail }: { detail: Timed<ProjectDetail> }) {
  const { t } = useTranslation();
  const fields: [string, React.ReactNode][] = [
    [t("projects.fields.code"), <span key="code" className="font-mono">{detail.code}</span>],
    [t("projects.fields.category"), detail.typeName || "—"],
    [t("projects.fields.pubDate"), formatTime(detail.pubDate, "{y}-{m}-{d} {h}:{i}") || "—"],
    [t("projects.fields.offerEndTime"), <Deadline key="end" at={detail.offerEndTime} />],
  ];
  if (detail.kind === "asset") {
    fields.push(
      [t("projects.fields.demandCode"), detail.demandCode || "—"],
      [t("projects.fields.equipmentName"), detail.equipmentName || "—"],
      [
        t("projects.fields.offerItemType"),
        detail.offerItemType ? t(`projects.quotationTypes.${detail.offerItemType}`) : "—",
      ],
    );
  }
  return (
    <section className="card p-4" data-testid="project-header">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold leading-snug text-slate-900">{detail.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
              {t(`projects.kinds.${detail.kind}`)}
            </span>
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
              {t(`projects.statuses.${detail.projectStatus}`)}
            </span>
          </p>
        </div>
        <StatusBadge status={detail.status} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="mt-0.5 break-words text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Items({ items }: { items: ProjectDetail["opiList"] }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`projects.fields.${k}`);
  return (
    <Card title={`${t("portal.detail.items")} (${items.length})`} testId="line-items">
      {items.length === 0 ? <Empty>{t("portal.detail.noItems")}</Empty> : (
        <>
          {/* Phone: one card per line; wider screens: a table. */}
          <ul className="divide-y divide-slate-100 md:hidden">
            {items.map((i, n) => (
              <li key={i.id} className="px-4 py-3 text-sm">
                <p className="font-medium text-slate-900">
                  <span className="mr-1.5 text-slate-400">{n + 1}.</span>
                  {i.itemName}
                </p>
                {i.description && <p className="text-slate-600">{i.description}</p>}
                <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                  {(
                    [
                      ["materialCode", i.materialCode],
                      ["unit", i.unit],
                      ["estimateYearAmount", i.estimateYearAmount],
                      ["useFactory", i.useFactory],
                    ] as const
                  ).map(([k, v]) => (
                    <div key={k}>
                      <dt className="inline text-slate-500">{f(k)}:</dt>{" "}
                      <dd className="inline text-slate-800">{v || "—"}</dd>
                    </div>
                  ))}
                </dl>
                {i.needExplain && (
                  <p className="mt-1.5 rounded bg-slate-50 px-2 py-1 text-xs text-slate-600">
                    {i.needExplain}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <div className="overflow-x-auto max-md:hidden">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th className="px-4 py-2 font-medium">#</th>
                  <th className="px-2 py-2 font-medium">{f("materialCode")}</th>
                  <th className="px-2 py-2 font-medium">{f("itemName")}</th>
                  <th className="px-2 py-2 font-medium">{f("unit")}</th>
                  <th className="px-2 py-2 text-right font-medium">{f("estimateYearAmount")}</th>
                  <th className="px-2 py-2 font-medium">{f("useFactory")}</th>
                  <th className="px-4 py-2 font-medium">{f("needExplain")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((i, n) => (
                  <tr key={i.id} className="align-top">
                    <td className="px-4 py-2 text-slate-400">{n + 1}</td>
                    <td className="px-2 py-2 font-mono text-xs">{i.materialCode || "—"}</td>
                    <td className="px-2 py-2">
                      <p className="font-medium text-slate-900">{i.itemName}</p>
                      {i.description && <p className="text-xs text-slate-500">{i.description}</p>}
                    </td>
                    <td className="px-2 py-2">{i.unit || "—"}</td>
                    <td className="px-2 py-2 text-right tabular-nums">
                      {i.estimateYearAmount || "—"}
                    </td>
                    <td className="px-2 py-2">{i.useFactory || "—"}</td>
                    <td className="px-4 py-2 text-slate-600">{i.needExplain || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}

function DownloadButton(
  { fileId, fileName, className = "" }: { fileId: number; fileName: string; className?: string },
) {
  const { t } = useTranslation();
  const [run, busy] = useAction();
  return (
    <button
      type="button"
      className={`inline-flex min-w-0 items-center gap-1.5 rounded text-left text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary ${className}`}
      title={t("portal.detail.download")}
      onClick={() => run(async () => saveBlob(await portalApi.download(fileId), fileName))}
    >
      {busy ? <Spinner className="size-4" /> : <Icon name="file" className="size-4" />}
      <span className="truncate">{fileName}</span>
    </button>
  );
}

function Attachments({ files }: { files: ProjectDetail["attList"] }) {
  const { t } = useTranslation();
  return (
    <Card title={`${t("portal.detail.attachments")} (${files.length})`} testId="attachments">
      {files.length === 0
        ? <Empty>{t("portal.detail.noAttachments")}</Empty>
        : (
          <ul className="divide-y divide-slate-100">
            {files.map((f) => (
              <li key={f.id} className="flex items-center gap-3 px-4 py-2 text-sm">
                <DownloadButton fileId={f.id} fileName={f.fileName} className="flex-1" />
                <span className="shrink-0 text-xs tabular-nums text-slate-400">
                  {formatSize(f.size)}
                </span>
              </li>
            ))}
          </ul>
        )}
    </Card>
  );
}

type RoundRow = { round: number; deadline: string | null; open: boolean; current?: Quote };

function QuotePanel(
  { data, reload, lines }: {
    data: Loaded;
    reload: () => Promise<void>;
    lines: () => { lines: Record<string, unknown>[]; problem: string | null };
  },
) {
  const { t } = useTranslation();
  const { detail, instruction, quotes } = data;
  const now = useNow();
  const [agreedAt, setAgreedAt] = useState(instruction.agreedAt);
  const [agreeing, setAgreeing] = useState(false);
  const open = detail.canSubmit && secondsUntil(detail.endsAt, now) > 0;
  // Why quoting is closed, in the server's words (deadline passed, ended early, closed …).
  const closedText = t(detail.refusal ?? "quotes.deadlinePassed");

  const current = (round: number) => quotes.find((q) => q.round === round && q.isCurrent);
  const rounds: RoundRow[] = [
    {
      round: 0,
      deadline: detail.round === 0 ? (detail.closesAt ?? detail.offerEndTime) : detail.offerEndTime,
      open: open && detail.round === 0,
      current: current(0),
    },
    ...detail.rounds.map((r) => ({
      round: r.round,
      deadline: r.endTime,
      open: open && detail.round === r.round,
      current: current(r.round),
    })),
  ];
  const mine = current(detail.round);
  const earlier = quotes.filter((q) => !q.isCurrent || q.round !== detail.round);

  async function agree(checked: boolean) {
    if (!checked || agreedAt) return;
    setAgreeing(true);
    try {
      const r = await portalApi.agree(detail.id);
      setAgreedAt(r.agreedAt);
    } catch { /* the API client showed the reason */ }
    setAgreeing(false);
  }

  return (
    <Card
      title={t("portal.quote.title")}
      action={<Countdown endsAt={detail.endsAt} open={detail.canSubmit} className="text-xs" />}
      testId="quote-panel"
    >
      {detail.kind === "asset" && <Rounds rounds={rounds} active={detail.round} />}

      <div className="space-y-4 p-4">
        {/* Step 1: the instructions, agreed once per project. */}
        <div>
          <h3 className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-900">
            <Step n={1} done={!!agreedAt} />
            {t("portal.quote.instructions")}
          </h3>
          {agreedAt
            ? (
              <Disclosure>
                <DisclosureButton className="group flex items-center gap-1 rounded text-xs text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                  <Icon
                    name="chevronRight"
                    className="size-3.5 transition-transform group-data-open:rotate-90"
                  />
                  {t("portal.quote.showInstructions")}
                </DisclosureButton>
                <DisclosurePanel className="mt-2">
                  <InstructionText text={instruction.content} />
                </DisclosurePanel>
              </Disclosure>
            )
            : <InstructionText text={instruction.content} />}
          <label
            className={`mt-3 flex items-start gap-2 rounded-md p-2 text-sm ring-1 ring-inset ${
              agreedAt
                ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
                : "bg-amber-50 text-amber-900 ring-amber-200"
            }`}
          >
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-[var(--color-primary)]"
              checked={!!agreedAt || agreeing}
              disabled={!!agreedAt || agreeing || !open}
              onChange={(e) => agree(e.target.checked)}
              data-testid="agree"
            />
            <span>
              {t("portal.quote.agree")}
              {agreedAt && (
                <span className="block text-xs text-emerald-700">
                  {t("portal.quote.agreedAt", { time: formatTime(agreedAt) })}
                </span>
              )}
            </span>
            {agreeing && <Spinner className="ml-auto size-4" />}
          </label>
        </div>

        {/* Step 2: the upload, only once agreed. */}
        <div>
          <h3 className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-900">
            <Step n={2} done={!!mine} />
            {detail.round > 0
              ? t("portal.quote.uploadRound", { round: t(`quotes.round.${detail.round}`) })
              : t("portal.quote.upload")}
          </h3>
          {!agreedAt && !open
            ? (
              <p
                className="flex items-start gap-1.5 rounded-md bg-red-50 p-2.5 text-sm text-red-700 ring-1 ring-red-200 ring-inset"
                data-testid="upload-closed"
              >
                <Icon name="lock" className="mt-0.5 size-4" />
                {closedText}
              </p>
            )
            : !agreedAt
            ? (
              <p
                className="rounded-md bg-slate-50 p-3 text-sm text-slate-500"
                data-testid="agree-first"
              >
                {t("portal.quote.agreeFirst")}
              </p>
            )
            : (
              <UploadBox
                offProId={detail.id}
                round={detail.round}
                open={open}
                closedText={closedText}
                maxUploadMb={instruction.maxUploadMb}
                replacing={!!mine}
                packVersion={detail.packVersion}
                onDone={reload}
                lines={lines}
              />
            )}
        </div>

        <CurrentQuote quote={mine} packVersion={detail.packVersion} />
        <History
          quotes={earlier}
          asset={detail.kind === "asset"}
          packVersion={detail.packVersion}
        />
      </div>
    </Card>
  );
}

function Step({ n, done }: { n: number; done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex size-5 items-center justify-center rounded-full text-xs font-semibold ${
        done ? "bg-emerald-500 text-white" : "bg-primary-100 text-primary-700"
      }`}
    >
      {done ? <Icon name="check" className="size-3.5" /> : n}
    </span>
  );
}

function InstructionText({ text }: { text: string }) {
  return (
    <div
      className="max-h-72 overflow-y-auto whitespace-pre-line rounded-md bg-slate-50 p-3 text-[13px] leading-relaxed text-slate-700 ring-1 ring-slate-200 ring-inset"
      data-testid="instruction"
      tabIndex={0}
    >
      {text}
    </div>
  );
}

/** Asset projects: first quote, then the optimisation rounds the buyer opened, each with its deadline. */
function Rounds({ rounds, active }: { rounds: RoundRow[]; active: number }) {
  const { t } = useTranslation();
  const all = [0, 1, 2].map((n) => rounds.find((r) => r.round === n));
  return (
    <ol className="grid grid-cols-3 border-b border-slate-100 text-xs" data-testid="rounds">
      {all.map((r, n) => (
        <li
          key={n}
          data-round={n}
          aria-current={r && n === active ? "step" : undefined}
          className={`border-r border-slate-100 px-2.5 py-2 last:border-r-0 ${
            r?.open ? "bg-primary-50" : ""
          }`}
        >
          <p className={`font-medium ${r ? "text-slate-900" : "text-slate-400"}`}>
            {t(`quotes.round.${n}`)}
          </p>
          <p className="mt-0.5 text-slate-500">
            {!r
              ? t("portal.quote.roundNotOpen")
              : r.open
              ? <span className="text-primary-700">{t("portal.quote.roundOpen")}</span>
              : r.current
              ? <span className="text-emerald-700">{t("quotes.status.quoted")}</span>
              : t("portal.closed")}
          </p>
          {r?.deadline && (
            <p className="mt-0.5 tabular-nums text-slate-400">
              {formatTime(r.deadline, "{m}-{d} {h}:{i}")}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** "Answers version N" beside a quote made before the request changed. */
function BasedOn({ quote, packVersion }: { quote: Quote; packVersion: number | null }) {
  const { t } = useTranslation();
  if (quote.packVersion === null || packVersion === null || quote.packVersion >= packVersion) {
    return null;
  }
  return (
    <span
      className="ml-1.5 rounded bg-amber-50 px-1 py-0.5 text-[11px] text-amber-800 ring-1 ring-amber-200 ring-inset"
      data-testid="quote-based-on"
    >
      {t("portal.quote.basedOn", { version: quote.packVersion })}
    </span>
  );
}

/**
 * The version of the request on screen, and when it changed after this supplier's current quote:
 * what changed is on the page, and quoting again is the way to answer it.
 */
function PackNotice({ detail, quotes }: { detail: ProjectDetail; quotes: Quote[] }) {
  const { t } = useTranslation();
  const latest = detail.packVersions[detail.packVersions.length - 1];
  if (!latest || detail.packVersion === null || detail.packVersion < 2) return null;
  const mine = quotes.find((q) => q.isCurrent && q.round === 0);
  return (
    <p
      className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
      data-testid="pack-notice"
      role="status"
    >
      <Icon name="info" className="mt-0.5 size-4 shrink-0" />
      {detail.requestChanged && mine
        ? t("portal.pack.changed", {
          time: formatTime(latest.publishedAt),
          version: detail.packVersion,
          mine: mine.packVersion,
        })
        : t("portal.pack.changedNoQuote", {
          time: formatTime(latest.publishedAt),
          version: detail.packVersion,
        })}
    </p>
  );
}

/** What the buyer's award gives this supplier: the whole project, or the line items named. */
function AwardNotice({ detail }: { detail: ProjectDetail }) {
  const { t } = useTranslation();
  const award = detail.award;
  if (!award) return null;
  const time = formatTime(award.awardedAt);
  return (
    <section
      className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset"
      data-testid="award-notice"
      role="status"
    >
      <h2 className="flex items-center gap-2 font-medium">
        <Icon name="check" className="size-4 shrink-0" />
        {t("portal.award.title")}
      </h2>
      <p className="mt-1">
        {award.projectWide
          ? t("portal.award.wholeProject", { time, count: award.items.length })
          : t("portal.award.lines", { time })}
      </p>
      {!award.projectWide && (
        <ul className="mt-1 list-disc pl-5">
          {award.items.map((item, i) => <li key={i}>{item}</li>)}
        </ul>
      )}
      <p className="mt-1 text-emerald-800">{t("portal.award.next")}</p>
    </section>
  );
}

/** The receipt of a submission: its entry in the record and the hashes to keep. */
function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("portal.receipt.recordNo"), `#${receipt.recordNo}`],
    [t("portal.receipt.contentHash"), receipt.contentHash],
    [t("portal.receipt.fileSha256"), receipt.fileSha256],
    [t("portal.receipt.recordHash"), receipt.recordHash],
  ];
  if (receipt.packVersion !== null) {
    rows.push([t("portal.receipt.version"), `v${receipt.packVersion}`]);
  }
  return (
    <Disclosure>
      <DisclosureButton
        className="group mt-1.5 flex items-center gap-1 rounded text-xs text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        data-testid="receipt-toggle"
      >
        <Icon
          name="chevronRight"
          className="size-3.5 transition-transform group-data-open:rotate-90"
        />
        {t("portal.receipt.show")} #{receipt.recordNo}
      </DisclosureButton>
      <DisclosurePanel className="mt-1.5 space-y-1.5 text-xs" data-testid="receipt">
        <dl className="space-y-1">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-mono break-all text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-slate-500">{t("portal.receipt.keep")}</p>
      </DisclosurePanel>
    </Disclosure>
  );
}

function CurrentQuote({ quote, packVersion }: { quote?: Quote; packVersion: number | null }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <div data-testid="current-quote">
      <h3 className="mb-2 text-sm font-medium text-slate-900">{t("portal.quote.current")}</h3>
      {quote
        ? (
          <div className="rounded-md p-3 ring-1 ring-emerald-200 ring-inset bg-emerald-50/50">
            <DownloadButton fileId={quote.fileId} fileName={quote.fileName} className="w-full" />
            <p className="mt-1 text-xs text-slate-500">
              {t("portal.quote.submittedAt", { time: formatTime(quote.submittedAt) })}
              <span className="ml-1 text-slate-400">UTC+8</span>
              <span className="ml-1 text-slate-400" data-testid="submitted-ago">
                · {relativeTime(quote.submittedAt, now, (k, p) => t(k, p ?? {}))}
              </span>
              <BasedOn quote={quote} packVersion={packVersion} />
            </p>
            {quote.receipt && <ReceiptView receipt={quote.receipt} />}
          </div>
        )
        : <p className="text-sm text-slate-500">{t("portal.quote.none")}</p>}
    </div>
  );
}

function History(
  { quotes, asset, packVersion }: { quotes: Quote[]; asset: boolean; packVersion: number | null },
) {
  const { t } = useTranslation();
  if (!quotes.length) return null;
  return (
    <div data-testid="history">
      <h3 className="mb-2 text-sm font-medium text-slate-900">
        {t("portal.quote.history")} ({quotes.length})
      </h3>
      <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200 ring-inset">
        {quotes.map((q) => (
          <li
            key={q.id}
            className="flex items-center gap-2 px-3 py-2 text-sm"
            data-testid="history-item"
          >
            <div className="min-w-0 flex-1">
              <DownloadButton fileId={q.fileId} fileName={q.fileName} className="max-w-full" />
              <p className="text-xs tabular-nums text-slate-500">
                {formatTime(q.submittedAt)}
                {asset && <span className="ml-1.5">· {t(`quotes.round.${q.round}`)}</span>}
                <BasedOn quote={q} packVersion={packVersion} />
              </p>
              {q.receipt && <ReceiptView receipt={q.receipt} />}
            </div>
            <span
              className={`shrink-0 rounded-full px-1.5 py-0.5 text-[11px] ${
                q.isCurrent ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-500"
              }`}
            >
              {q.isCurrent ? t("portal.quote.counts") : t("portal.quote.replaced")}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
