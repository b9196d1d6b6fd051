// What the portal shows of a supplier's quotes: the current one, its receipt, the earlier ones, and
// notices of a revised request pack or an award.
import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";
import { formatTime, relativeTime } from "../../shared/time.ts";
import { type ProjectDetail, type Quote, type Receipt, useNow } from "../data.ts";

import { DownloadButton } from "./ProjectInfo.tsx";
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
export function PackNotice({ detail, quotes }: { detail: ProjectDetail; quotes: Quote[] }) {
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
export function AwardNotice({ detail }: { detail: ProjectDetail }) {
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

export function CurrentQuote(
  { quote, packVersion }: { quote?: Quote; packVersion: number | null },
) {
  const { t, i18n } = useTranslation();
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
                · {relativeTime(quote.submittedAt, now, i18n.language, t("time.justNow"))}
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

export function History(
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
