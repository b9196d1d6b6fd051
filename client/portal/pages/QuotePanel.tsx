// The portal's quotation panel: the steps (agree to the instructions, price the lines, upload),
// the rounds of an optimisation, and the current quote.
import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";
import { formatTime } from "../../shared/time.ts";
import { Spinner } from "../../shared/ui.tsx";
import {
  type Instruction,
  portalApi,
  type ProjectDetail,
  type Quote,
  secondsUntil,
  type Timed,
  useNow,
} from "../data.ts";
import { Card, Countdown } from "../parts.tsx";
import { UploadBox } from "./Upload.tsx";
import { CurrentQuote, History } from "./QuoteHistory.tsx";
import type { SheetPreview } from "../data.ts";
import type { LinesToSend } from "./QuoteLines.tsx";
/** A project page's data: the project, its instructions and the supplier's quotes. */
export type Loaded = { detail: Timed<ProjectDetail>; instruction: Instruction; quotes: Quote[] };

type RoundRow = { round: number; deadline: string | null; open: boolean; current?: Quote };

export function QuotePanel(
  { data, reload, lines, problems, sheet, onSubmitted }: {
    data: Loaded;
    reload: () => Promise<void>;
    lines: () => LinesToSend;
    /** The list of the priced lines' problems, shown by Submit. */
    problems?: ReactNode;
    /** A price sheet read back, whose lines the upload sends. */
    sheet?: SheetPreview | null;
    onSubmitted?: () => void;
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
      // The first quotation closes at its deadline, or early once every invited supplier quoted.
      deadline: detail.firstClosesAt ?? detail.offerEndTime,
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
                onSubmitted={onSubmitted}
                lines={lines}
                problems={problems}
                sheet={sheet ? { file: sheet.fileName, count: sheet.lines.length } : null}
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
              {formatTime(r.deadline, "{m}-{d} {h}:{i}:{s}")}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** "Answers version N" beside a quote made before the request changed. */
