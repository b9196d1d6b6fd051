// The bidder's live auction page: the countdown by the server's clock, its own last bid and rank
// per line, the best bid when the buyer shows it, and the bid form with the server's answer (a bid
// far below the last is read back in words first). Read once, then kept up to date by the event
// stream's views alone (a bid's answer too comes back that way); the whole state is read again only
// when the stream cannot reconnect (client/shared/eventStream.ts). The layout holds on a phone.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { ApiError } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { Spinner } from "../../shared/ui.tsx";
import { usePageTitle } from "../../shared/pageTitle.ts";
import { formatTime } from "../../shared/time.ts";
import { openEventStream } from "../../shared/eventStream.ts";
import {
  clockText,
  money,
  offsetOf,
  stateAt,
  timeRange,
  useServerNow,
} from "../../shared/auctionClock.ts";
import {
  auctionApi,
  confirmDrop,
  type MyAuction,
  type MyEvent,
  type MyLine,
  newBidKey,
} from "../auction.ts";
import { Card, PageLoading } from "../parts.tsx";
import { type BidCheck, BidConfirmDialog } from "./AuctionConfirm.tsx";

const tones = {
  scheduled: "bg-slate-100 text-slate-700 ring-slate-200",
  live: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  paused: "bg-amber-50 text-amber-800 ring-amber-200",
  ended: "bg-slate-100 text-slate-500 ring-slate-200",
};

export function AuctionPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [a, setA] = useState<MyAuction | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState("");
  const [live, setLive] = useState(true);
  const [notice, setNotice] = useState("");
  /** Counts the times the whole state was read again after the stream was lost. */
  const [readings, setReadings] = useState(0);
  usePageTitle(a ? `${t("auctionPage.title")} · ${a.projectName}` : t("auctionPage.title"));

  const take = (v: Omit<MyAuction, "projectCode" | "projectName">) => {
    setA((prev) => prev ? { ...prev, ...v } : prev);
    setOffset(offsetOf(v.serverNow));
  };
  useEffect(() => {
    let close = () => {};
    let gone = false;
    auctionApi.get(id).then((v) => {
      if (gone) return;
      setA(v);
      setOffset(offsetOf(v.serverNow));
      setLive(true);
      close = openEventStream<MyEvent>(auctionApi.events, { offProId: id }, v.lastEventId, {
        onEvent: ({ data: e }) => {
          if (e.view) take(e.view);
          const said = noticeOf(t, e);
          if (said) setNotice(said);
        },
        onLive: setLive,
        onLost: () => setReadings((n) => n + 1),
      });
    }).catch((err: ApiError) =>
      setError(err.status === 404 || err.status === 400 ? t("auctionPage.notFound") : err.message)
    );
    return () => {
      gone = true;
      close();
    };
  }, [id, readings]);

  const now = useServerNow(offset);
  const back = (
    <Link
      to={`/portal/projects/${id}`}
      className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-primary"
    >
      <Icon name="chevronRight" className="size-4 rotate-180" />
      {t("auctionPage.backToProject")}
    </Link>
  );
  if (error || !a) return <PageLoading back={back} error={error} />;
  const state = stateAt(a, now);
  const until = state === "scheduled" ? Date.parse(a.startAt) : Date.parse(a.closesAt);
  return (
    <div className="space-y-4" data-testid="auction-page">
      {back}
      <header className="card flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-xs text-slate-500">{a.projectCode}</p>
          <h1 className="truncate text-base font-semibold text-slate-900">{a.projectName}</h1>
          <p className="text-xs text-slate-500">
            {t("auctionPage.you", { label: a.label })}
            {/* On a phone the times take a line of their own. */}
            <span className="hidden px-1.5 sm:inline">·</span>
            <span className="block whitespace-nowrap sm:inline">
              {timeRange(a.startAt, state === "ended" ? a.endedAt ?? a.closesAt : a.closesAt)} UTC+8
            </span>
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
            tones[state]
          }`}
          data-testid="auction-state"
          data-state={state}
        >
          {t(`auctionPage.states.${state}`)}
        </span>
        {(state === "live" || state === "scheduled") && (
          <span className="text-right" role="timer">
            <span className="block text-xs text-slate-500">
              {t(state === "live" ? "auctionPage.timeLeft" : "auctionPage.startsIn")}
            </span>
            <span
              className="text-2xl font-semibold tabular-nums text-slate-900"
              data-testid="auction-countdown"
            >
              {clockText(until - now)}
            </span>
          </span>
        )}
      </header>
      {!live && state !== "ended" && (
        <p className="text-xs text-amber-700" data-testid="stream-state">
          {t("auctionPage.reconnecting")}
        </p>
      )}
      {(notice || a.pauseReason) && (
        <p
          className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200"
          data-testid="auction-notice"
          role="status"
        >
          {state === "paused" ? t("auctionPage.pausedBy", { reason: a.pauseReason }) : notice}
        </p>
      )}
      <Rules a={a} />
      {a.lines.map((line) => <LineCard key={line.itemId ?? 0} a={a} line={line} state={state} />)}
    </div>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** What the page says of an event (none for a bid: the view shows it). */
function noticeOf(t: T, e: MyEvent): string | null {
  switch (e.type) {
    case "extended":
      return t("auctionPage.extendedTo", {
        time: formatTime(new Date(e.data.closesAt), "{h}:{i}:{s}"),
      });
    case "paused":
      return t("auctionPage.pausedBy", { reason: e.data.reason });
    case "resumed":
      return t("auctionPage.resumed");
    case "maxDropChanged":
      return t("auctionPage.maxDropChanged", { rule: maxDropText(t, e.data) });
    case "ended":
      return e.data.reason
        ? t("auctionPage.endedEarly", { reason: e.data.reason })
        : t("auctionPage.endedNotice");
    default:
      return null;
  }
}

/** "no bid more than 20 % below your last", or an amount in CNY. */
const maxDropText = (t: T, r: { maxDropKind?: "amount" | "percent"; maxDrop?: string }) =>
  r.maxDropKind === "amount"
    ? t("auctionPage.maxDropAmount", { limit: money(r.maxDrop ?? "") })
    : t("auctionPage.maxDropPercent", { limit: r.maxDrop });

function Rules({ a }: { a: MyAuction }) {
  const { t } = useTranslation();
  const step = a.stepKind === "amount"
    ? t("auctionPage.stepAmount", { step: money(a.step) })
    : t("auctionPage.stepPercent", { step: a.step });
  return (
    <p className="text-xs text-slate-500" data-testid="auction-rules">
      {t(`auctionPage.basis.${a.basis}`)} · {step} · {maxDropText(t, a)}
      {a.extensionCapMinutes > 0 &&
        ` · ${
          t("auctionPage.extensionRule", {
            minutes: a.extensionMinutes,
            cap: a.extensionCapMinutes,
          })
        }`}
      {a.extendedMs > 0 &&
        ` · ${t("auctionPage.extendedBy", { minutes: Math.round(a.extendedMs / 60_000) })}`}
    </p>
  );
}

function LineCard(
  { a, line, state }: { a: MyAuction; line: MyLine; state: MyAuction["state"] },
) {
  const { t } = useTranslation();
  return (
    <Card title={line.itemName ?? t("auctionPage.total")} testId="auction-line">
      <dl className="grid grid-cols-2 gap-3 px-4 py-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">{t("auctionPage.yourBid")}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="own-bid">
            {money(line.own.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("auctionPage.yourRank")}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="own-rank">
            {t("auctionPage.rankOf", { rank: line.own.rank, of: line.bidders })}
          </dd>
        </div>
        {a.visibility === "best" && (
          <div>
            <dt className="text-xs text-slate-500">{t("auctionPage.bestBid")}</dt>
            <dd
              className="text-lg font-semibold tabular-nums text-emerald-700"
              data-testid="best-bid"
            >
              {money(line.best)}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-xs text-slate-500">{t("auctionPage.startBid")}</dt>
          <dd className="tabular-nums text-slate-600">{money(line.start)}</dd>
        </div>
      </dl>
      {/* Once over, the last bid stands: no form to bid with. */}
      {state !== "ended" && <BidForm projectId={a.projectId} line={line} open={state === "live"} />}
    </Card>
  );
}

/** The bid form; the bid's effect on the page (own bid, rank, limits) comes by the stream. */
function BidForm({ projectId, line, open }: { projectId: number; line: MyLine; open: boolean }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState("");
  const [ok, setOk] = useState("");
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<BidCheck | null>(null);
  // A bid whose answer never came keeps its key: sent again, the server answers it, not twice.
  const pending = useRef<{ amount: string; key: string } | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = amount.trim().replaceAll(",", "");
    setOk("");
    if (!value) return setError(t("auctionPage.enterBid"));
    const percent = confirmDrop(line.own.amount, line.minNext, value);
    if (percent) setCheck({ amount: value, last: line.own.amount, percent });
    else send(value);
  }

  async function send(value: string) {
    const key = pending.current?.amount === value ? pending.current.key : newBidKey();
    pending.current = { amount: value, key };
    setBusy(true);
    try {
      const r = await auctionApi.bid({
        offProId: projectId,
        bidKey: key,
        amount: value,
        itemId: line.itemId ?? undefined,
      });
      pending.current = null;
      setError("");
      setAmount("");
      setOk(t("auctionPage.bidTaken", {
        amount: money(r.receipt.amount),
        no: r.receipt.recordNo,
        time: formatTime(r.receipt.at, "{h}:{i}:{s}"),
      }));
    } catch (err) {
      const e = err as ApiError;
      if (e.status !== 0) pending.current = null;
      setError(e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="border-t border-slate-100 px-4 py-3" noValidate>
      <label className="text-xs text-slate-500" htmlFor={`bid-${line.itemId ?? 0}`}>
        {t("auctionPage.newBidRange", { min: money(line.minNext), max: money(line.maxNext) })}
      </label>
      <div className="mt-1 flex gap-2 sm:max-w-md">
        <input
          id={`bid-${line.itemId ?? 0}`}
          inputMode="decimal"
          autoComplete="off"
          className="input min-w-0 flex-1 text-base tabular-nums"
          value={amount}
          disabled={!open || busy}
          onChange={(e) => setAmount(e.target.value)}
          data-testid="bid-input"
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!open || busy}
          data-testid="bid-submit"
        >
          {busy && <Spinner className="size-4" />}
          {t("auctionPage.bid")}
        </button>
      </div>
      {error && (
        <p className="mt-1.5 text-sm text-red-600" role="alert" data-testid="bid-error">{error}</p>
      )}
      {ok && <p className="mt-1.5 text-sm text-emerald-700" data-testid="bid-ok">{ok}</p>}
      <BidConfirmDialog
        check={check}
        onAnswer={(yes) => {
          const value = check?.amount;
          setCheck(null);
          if (yes && value) send(value);
        }}
      />
    </form>
  );
}
