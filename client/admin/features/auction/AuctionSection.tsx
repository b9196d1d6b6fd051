// The reverse auction on a project's result page: the button that sets one up (once quoting has
// ended), then the live view: state and countdown by the server's clock, the ranking with names
// and labels, the chart of bids over time, extensions and pauses as they happen, and pausing,
// resuming or ending early with a reason (ending asks for confirmation); the largest drop of a bid
// among the rules, changed before the start or while paused. The live view is read once and then
// changed by the event stream alone (the buyer's own pause or end too); it is read again only when
// the stream cannot reconnect.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { formatTime } from "../../../shared/time.ts";
import { openEventStream } from "../../../shared/eventStream.ts";
import { clockText, money, offsetOf, stateAt, useServerNow } from "../../../shared/auctionClock.ts";
import { useAction } from "../../../shared/useAction.ts";
import {
  DataTable,
  Field as FormField,
  FormDialog,
  inputClass,
  useConfirm,
} from "../../components/index.ts";
import { Field, Section } from "../../components/Section.tsx";
import { type Auction, auctionApi, type BuyerEvent, type Found, type Line } from "./api.ts";
import { SetupDialog } from "./SetupDialog.tsx";
import { BidChart } from "./BidChart.tsx";
import { MaxDropDialog, maxDropRule } from "./MaxDropDialog.tsx";
import type { SlotProps } from "../../layout/panels.tsx";

export function AuctionSection(
  { project, mayPublish, reload, onMatrixChanged }: SlotProps["projectResult"],
) {
  const projectId = project.id;
  /** Set up: the page's award waits until it is over. */
  const onSetUp = reload;
  const onEnded = () => {
    // The final bids change the matrix, and the project may now offer a round.
    onMatrixChanged();
    reload();
  };
  const { t } = useTranslation();
  const [found, setFound] = useState<Found | null>(null);
  const [setting, setSetting] = useState(false);
  /** Asks for the view to be read again (after its stream was lost). */
  const [readings, setReadings] = useState(0);
  /** Counts the views read: each one read opens a live view with a stream of its own. */
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    auctionApi.get(projectId).then((f) => {
      setFound(f);
      setLoaded((n) => n + 1);
    }).catch(() => {});
  }, [projectId, readings]);
  if (!found) return null;
  if (!found.auction) {
    if (!mayPublish || found.setUpRefusal) return null;
    return (
      <Section title={t("auctionPage.sectionTitle")} testId="auction-section">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <p className="flex-1">{t("auctionPage.offer")}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setSetting(true)}
            data-testid="auction-setup"
          >
            {t("auctionPage.setUpTitle")}
          </button>
        </div>
        <SetupDialog
          projectId={projectId}
          open={setting}
          onClose={() => setSetting(false)}
          onDone={(f) => {
            setSetting(false);
            setFound(f);
            onSetUp();
          }}
        />
      </Section>
    );
  }
  return (
    <LiveView
      key={`${found.auction.auctionId}:${loaded}`}
      initial={found.auction}
      mayPublish={mayPublish}
      onEnded={onEnded}
      onLost={() => setReadings((n) => n + 1)}
    />
  );
}

/**
 * Folds one event of the stream into the view: a bid joins the chart, any other event the list (one
 * without an id, the end by the clock before it is written, only changes the state).
 */
function fold(a: Auction, id: number | null, e: BuyerEvent): Auction {
  return {
    ...a,
    ...e.auction,
    lines: e.lines ?? a.lines,
    bids: e.type === "bid"
      ? [...a.bids, {
        seq: e.data.seq,
        supplierId: e.data.supplierId,
        label: e.label ?? "",
        itemId: e.data.itemId,
        amount: e.data.amount,
        at: new Date(e.data.at).toISOString(),
        kind: "bid",
      }]
      : a.bids,
    events: e.type === "bid" || id === null
      ? a.events
      : [...a.events, { id, type: e.type, at: e.at, data: e.data }],
    lastEventId: id ?? a.lastEventId,
  };
}

function LiveView(
  { initial, mayPublish, onEnded, onLost }: {
    initial: Auction;
    mayPublish: boolean;
    onEnded: () => void;
    /** The stream cannot reconnect: the view is read again (and streamed from there). */
    onLost: () => void;
  },
) {
  const { t } = useTranslation();
  const a_ = (k: string, p: Record<string, unknown> = {}) => t(`auctionPage.${k}`, p);
  const [a, setA] = useState(initial);
  const [offset, setOffset] = useState(() => offsetOf(initial.serverNow));
  const [live, setLive] = useState(true);
  const [line, setLine] = useState<number | null>(initial.lines[0]?.itemId ?? null);
  const [asking, setAsking] = useState<"pause" | "end" | null>(null);
  const [changingDrop, setChangingDrop] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const [run] = useAction();
  const now = useServerNow(offset, 500);

  // The result page reads the final round once, when the view first turns "ended".
  const ended = useRef(initial.state === "ended");
  useEffect(
    () =>
      openEventStream<BuyerEvent>(
        auctionApi.events,
        { offProId: initial.projectId },
        initial.lastEventId,
        {
          onEvent: (e) => {
            setA((prev) => fold(prev, e.id, e.data));
            if (e.data.auction) setOffset(offsetOf(e.data.auction.serverNow));
            if (e.data.type === "ended" && !ended.current) {
              ended.current = true;
              onEnded();
            }
          },
          onLive: setLive,
          onLost,
        },
      ),
    [initial.auctionId],
  );

  const state = stateAt(a, now);
  const shown = a.lines.find((l) => l.itemId === line) ?? a.lines[0];
  // A change's effect on the view comes by the stream, like everyone else's.
  const act = (fn: () => Promise<Found>, done: string) =>
    run(async () => {
      await fn();
      message.success(done);
    }, (err) => message.error((err as Error).message));

  const controls = mayPublish && state !== "ended" && (
    <span className="flex gap-2">
      {state === "live" && (
        <button
          type="button"
          className="btn btn-default"
          onClick={() => setAsking("pause")}
          data-testid="auction-pause"
        >
          {a_("pause")}
        </button>
      )}
      {state === "paused" && (
        <button
          type="button"
          className="btn btn-default"
          data-testid="auction-resume"
          onClick={() => act(() => auctionApi.resume(a.projectId), a_("resumedDone"))}
        >
          {a_("resume")}
        </button>
      )}
      <button
        type="button"
        className="btn bg-red-600 text-white hover:bg-red-700"
        onClick={() => setAsking("end")}
        data-testid="auction-end"
      >
        {a_("endEarly")}
      </button>
    </span>
  );

  return (
    <Section
      testId="auction-live"
      title={
        <span className="flex flex-wrap items-center gap-2">
          {a_("sectionTitle")}
          <span
            className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700"
            data-testid="auction-state"
            data-state={state}
          >
            {a_(`states.${state}`)}
          </span>
          {(state === "live" || state === "scheduled") && (
            <span
              className="text-sm tabular-nums text-slate-700"
              data-testid="auction-countdown"
              role="timer"
            >
              {a_(state === "live" ? "leftShort" : "startsShort", {
                time: clockText(
                  (state === "live" ? Date.parse(a.closesAt) : Date.parse(a.startAt)) - now,
                ),
              })}
            </span>
          )}
          {!live && state !== "ended" && (
            <span className="text-xs text-amber-700">{a_("reconnecting")}</span>
          )}
        </span>
      }
      extra={controls}
    >
      <dl className="mb-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Field label={a_("startAt")}>{formatTime(a.startAt)}</Field>
        <Field label={a_(state === "ended" ? "endedAt" : "endsAt")}>
          <span data-testid="auction-closes">
            {formatTime(state === "ended" ? a.endedAt ?? a.closesAt : a.closesAt)}
          </span>
          {a.extendedMs > 0 && (
            <span className="ml-1 text-xs text-amber-700" data-testid="auction-extended">
              {a_("extendedBy", { minutes: Math.round(a.extendedMs / 60_000) })}
            </span>
          )}
        </Field>
        <Field label={a_("bids")}>{a.bids.filter((b) => b.kind === "bid").length}</Field>
        <Field label={a_("rulesLabel")} wide>
          <ul
            className="grid gap-x-6 text-slate-700 *:first-letter:uppercase xl:grid-cols-2"
            data-testid="auction-rules"
          >
            <li>{a_(`basis.${a.basis}`)}</li>
            <li>
              {a.stepKind === "amount"
                ? a_("ruleStepAmount", { step: money(a.step) })
                : a_("ruleStepPercent", { step: a.step })}
            </li>
            <li data-testid="auction-max-drop-rule">
              {maxDropRule(t, a)}{" "}
              {mayPublish && (state === "paused" || state === "scheduled") && (
                <button
                  type="button"
                  className="ml-1 text-primary hover:underline"
                  onClick={() => setChangingDrop(true)}
                  data-testid="auction-max-drop-change"
                >
                  {a_("changeMaxDrop")}
                </button>
              )}
              {mayPublish && state === "live" && (
                <span className="text-xs text-slate-400">({a_("pauseToChange")})</span>
              )}
            </li>
            <li>{a_(`ruleVisibility.${a.visibility}`)}</li>
            <li>
              {a.extensionCapMinutes > 0
                ? a_("extensionRule", { minutes: a.extensionMinutes, cap: a.extensionCapMinutes })
                : a_("noExtension")}
            </li>
          </ul>
        </Field>
      </dl>
      {a.lines.length > 1 && (
        <select
          className={inputClass(undefined, "mb-2 w-72")}
          value={String(shown?.itemId)}
          onChange={(e) => setLine(Number(e.target.value))}
          aria-label={a_("line")}
        >
          {a.lines.map((l) => (
            <option key={l.itemId ?? 0} value={String(l.itemId)}>{l.itemName}</option>
          ))}
        </select>
      )}
      {shown && (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <Ranking line={shown} />
          <BidChart auction={a} itemId={shown.itemId} now={now} />
        </div>
      )}
      <ul className="mt-3 space-y-1 text-xs text-slate-600" data-testid="auction-events">
        {a.events.map((e) => (
          <li key={e.id}>
            <span className="tabular-nums text-slate-400">{formatTime(e.at, "{h}:{i}:{s}")}</span>
            {" "}
            {a_(`events.${e.type}`, {
              closesAt: e.data.closesAt
                ? formatTime(new Date(Number(e.data.closesAt)), "{h}:{i}:{s}")
                : "",
              minutes: Math.round(Number(e.data.byMs ?? 0) / 60_000),
              reason: e.data.reason ?? a_("byClock"),
              rule: e.type === "maxDropChanged"
                ? maxDropRule(t, e.data as Parameters<typeof maxDropRule>[1])
                : "",
            })}
          </li>
        ))}
      </ul>
      <ReasonDialog
        kind={asking}
        onClose={() => setAsking(null)}
        onSubmit={async (reason) => {
          if (
            asking === "end" &&
            !(await confirm({ text: a_("endConfirm"), okLabel: a_("endEarly") }))
          ) return;
          const kind = asking;
          setAsking(null);
          await act(
            () =>
              kind === "end"
                ? auctionApi.end(a.projectId, reason)
                : auctionApi.pause(a.projectId, reason),
            a_(kind === "end" ? "endedDone" : "pausedDone"),
          );
        }}
      />
      <MaxDropDialog
        auction={a}
        open={changingDrop}
        onClose={() => setChangingDrop(false)}
        onDone={() => setChangingDrop(false)}
      />
      {confirmElement}
    </Section>
  );
}

function Ranking({ line }: { line: Line }) {
  const { t } = useTranslation();
  const a_ = (k: string, p: Record<string, unknown> = {}) => t(`auctionPage.${k}`, p);
  return (
    <DataTable
      testId="auction-ranking"
      rowKey={(r) => r.supplierId}
      rows={line.ranking}
      columns={[
        { key: "label", title: a_("label"), render: (r) => a_("bidder", { label: r.label }) },
        {
          key: "abbrName",
          title: a_("supplier"),
          render: (r) => `${r.code} ${r.abbrName}`,
        },
        {
          key: "amount",
          title: a_("bidCny"),
          className: "tabular-nums",
          render: (r) => money(r.amount),
        },
        {
          key: "start",
          title: a_("saving"),
          className: "tabular-nums",
          render: (r) => {
            const s = Number(r.start);
            return s ? `${(((s - Number(r.amount)) / s) * 100).toFixed(2)} %` : "—";
          },
        },
      ]}
    />
  );
}

function ReasonDialog(
  { kind, onClose, onSubmit }: {
    kind: "pause" | "end" | null;
    onClose: () => void;
    onSubmit: (reason: string) => Promise<void>;
  },
) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    setReason("");
    setError("");
  }, [kind]);
  return (
    <FormDialog
      open={kind !== null}
      title={t(kind === "end" ? "auctionPage.endEarly" : "auctionPage.pause")}
      onClose={onClose}
      onSubmit={() =>
        reason.trim() ? onSubmit(reason.trim()) : setError(t("auction.reasonRequired"))}
      testId="auction-reason-dialog"
    >
      <FormField
        label={t("auctionPage.reason")}
        htmlFor="auction-reason"
        error={error}
        required
        hint={t("auctionPage.reasonHint")}
      >
        <textarea
          id="auction-reason"
          rows={3}
          className={inputClass(error, "w-full")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
