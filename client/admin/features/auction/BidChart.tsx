// Bids over time, one stepped line per bidder (its anonymised label: the chart may be shown on a
// screen bidders see), from the start to the end with its extensions. Plain SVG.
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../shared/time.ts";
import { money } from "../../../shared/auctionClock.ts";
import type { Auction } from "./api.ts";

const W = 640;
const H = 240;
const PAD = { left: 84, right: 12, top: 12, bottom: 30 };
const COLOURS = [
  "#2563eb",
  "#dc2626",
  "#059669",
  "#d97706",
  "#7c3aed",
  "#db2777",
  "#0891b2",
  "#65a30d",
];

export function BidChart(
  { auction: a, itemId, now }: { auction: Auction; itemId: number | null; now: number },
) {
  const { t } = useTranslation();
  const start = Date.parse(a.startAt);
  const end = Math.max(Date.parse(a.closesAt), start + 1);
  const until = Math.min(Math.max(now, start), end);
  const bids = a.bids.filter((b) => b.itemId === itemId);
  const series = new Map<string, { at: number; amount: number }[]>();
  for (const b of bids) {
    const points = series.get(b.label) ?? [];
    // A starting bid (the first quote) shows at the start.
    points.push({ at: b.kind === "start" ? start : Date.parse(b.at), amount: Number(b.amount) });
    series.set(b.label, points);
  }
  const amounts = bids.map((b) => Number(b.amount));
  const lo = Math.min(...amounts);
  const hi = Math.max(...amounts);
  const span = hi - lo || Math.max(hi * 0.01, 1);
  const x = (at: number) => PAD.left + ((at - start) / (end - start)) * (W - PAD.left - PAD.right);
  const y = (v: number) =>
    PAD.top + (1 - (v - (lo - span * 0.05)) / (span * 1.1)) * (H - PAD.top - PAD.bottom);
  const labels = [...series.keys()].sort();
  const ticks = [lo, lo + span / 2, hi];
  return (
    <figure data-testid="bid-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={t("auctionPage.chart")}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="12" fill="#64748b">
              {money(v.toFixed(2))}
            </text>
          </g>
        ))}
        {[start, end].map((at, i) => (
          <text
            key={at}
            x={x(at)}
            y={H - 8}
            textAnchor={i ? "end" : "start"}
            fontSize="12"
            fill="#64748b"
          >
            {formatTime(new Date(at), "{h}:{i}:{s}")}
          </text>
        ))}
        {Date.parse(a.endAt) < end && (
          <line
            x1={x(Date.parse(a.endAt))}
            x2={x(Date.parse(a.endAt))}
            y1={PAD.top}
            y2={H - PAD.bottom}
            stroke="#94a3b8"
            strokeDasharray="4 3"
          />
        )}
        {labels.map((label, i) => {
          const pts = series.get(label)!.sort((p, q) => p.at - q.at);
          let d = "";
          pts.forEach((p, k) => {
            d += k ? ` H${x(p.at)} V${y(p.amount)}` : `M${x(p.at)} ${y(p.amount)}`;
          });
          d += ` H${x(until)}`;
          const colour = COLOURS[i % COLOURS.length];
          return (
            <g key={label} data-label={label}>
              <path d={d} fill="none" stroke={colour} strokeWidth="2" />
              {pts.map((p, k) => (
                <circle key={k} cx={x(p.at)} cy={y(p.amount)} r="2.5" fill={colour} />
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600">
        {labels.map((label, i) => (
          <span key={label} className="inline-flex items-center gap-1">
            <span
              className="inline-block size-2.5 rounded-full"
              style={{ background: COLOURS[i % COLOURS.length] }}
            />
            {t("auctionPage.bidder", { label })}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
