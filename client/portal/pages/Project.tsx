// One project as the supplier sees it: the read-only header, line items and attachments, questions
// and answers, and the quotation panel (instructions to agree to, the upload, the current quote and
// earlier ones).
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { ApiError } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";

import { portalApi, type SheetPreview } from "../data.ts";
import { Card, PageLoading } from "../parts.tsx";
import { usePageTitle } from "../../shared/pageTitle.ts";
import { LineProblems, QuoteLinesCard, useQuoteLines } from "./QuoteLines.tsx";
import { Attachments, Header, Items } from "./ProjectInfo.tsx";
import { AwardNotice, PackNotice } from "./QuoteHistory.tsx";
import { type Loaded, QuotePanel } from "./QuotePanel.tsx";
import { QuestionsCard } from "./Questions.tsx";
import { EvaluationAnswersCard } from "./EvaluationAnswers.tsx";
import { PriceSheetCard } from "./PriceSheet.tsx";
import { AuctionLink } from "./AuctionLink.tsx";
import { DeclineCard } from "./Decline.tsx";

export function ProjectPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState("");
  const priced = useQuoteLines(id);
  // A price sheet read back: while there is one, its lines are what a submission sends.
  const [sheet, setSheet] = useState<SheetPreview | null>(null);
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

  if (error || !data) return <PageLoading back={back} error={error} />;
  const { detail } = data;
  return (
    <div className="space-y-4">
      {back}
      <Header detail={detail} />
      <AwardNotice detail={detail} />
      {/* Asked only when the project's answer says there is an auction this supplier is in. */}
      {detail.hasAuction && <AuctionLink projectId={detail.id} />}
      <PackNotice detail={detail} quotes={data.quotes} />
      {
        /* On a phone the panel (the upload, its problems and Submit) comes after the priced lines
          and before the attachments and questions; on a wide screen it stays beside them. */
      }
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="order-2 lg:sticky lg:top-18 lg:order-2">
          <QuotePanel
            data={data}
            reload={async () => {
              await load();
              await priced.refresh().catch(() => {});
            }}
            lines={() => sheet ? { lines: sheet.lines, problem: null } : priced.check()}
            problems={priced.form && !sheet
              ? <LineProblems form={priced.form} errors={priced.errors} />
              : undefined}
            sheet={sheet}
            onSubmitted={() => {
              setSheet(null);
              priced.reload().catch(() => {});
            }}
          />
          <DeclineCard
            detail={detail}
            quoted={data.quotes.some((q) => q.round === 0)}
            reload={load}
          />
        </div>
        <div className="contents lg:order-1 lg:block lg:space-y-4">
          <div className="order-1 space-y-4">
            {detail.instructionText && (
              <Card title={t("portal.pack.buyerInstructions")} testId="buyer-instructions">
                <p className="whitespace-pre-line px-4 py-3 text-sm text-slate-700">
                  {detail.instructionText}
                </p>
              </Card>
            )}
            <Items items={detail.opiList} />
            {priced.form && priced.form.items.length > 0 && (
              <PriceSheetCard
                offProId={detail.id}
                form={priced.form}
                open={detail.canSubmit}
                preview={sheet}
                onPreview={setSheet}
              />
            )}
            {priced.form && priced.form.items.length > 0 && !sheet && (
              <QuoteLinesCard
                form={priced.form}
                drafts={priced.drafts}
                set={priced.set}
                errors={priced.errors}
                today={priced.today}
                disabled={!detail.canSubmit}
              />
            )}
          </div>
          <div className="order-3 space-y-4">
            <EvaluationAnswersCard projectId={detail.id} />
            <Attachments files={detail.attList} />
            <QuestionsCard projectId={detail.id} />
          </div>
        </div>
      </div>
    </div>
  );
}
