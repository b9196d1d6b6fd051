// Two small SVG charts, drawn by hand (no chart library): invitations and quotes per month, and
// each supplier's response and on-time rates as horizontal bars. Each has a text alternative.

const INVITED = "#94a3b8"; // slate-400
const QUOTED = "var(--color-primary, #0069ca)";
const ON_TIME = "#10b981"; // emerald-500

/** Grouped bars per month: invitations (grey) beside quotes (primary colour). */
export function MonthlyBars(
  { months, labels }: {
    months: { month: string; invitations: number; quoted: number }[];
    labels: { invited: string; quoted: string; title: string };
  },
) {
  const shown = months.slice(-12);
  const max = Math.max(1, ...shown.map((m) => m.invitations));
  const W = 560;
  const H = 180;
  const pad = { l: 28, r: 8, t: 10, b: 28 };
  const band = (W - pad.l - pad.r) / Math.max(shown.length, 1);
  const bar = Math.min(18, band / 2.6);
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / max);
  const ticks = [0, Math.ceil(max / 2), max].filter((v, i, a) => a.indexOf(v) === i);
  const summary = shown.map((m) => `${m.month}: ${m.invitations} / ${m.quoted}`).join("; ");
  return (
    <figure className="m-0" data-testid="monthly-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-2xl"
        role="img"
        aria-label={`${labels.title}. ${labels.invited} / ${labels.quoted}: ${summary}`}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.l} x2={W - pad.r} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
            <text x={pad.l - 6} y={y(v) + 4} textAnchor="end" fontSize="10" fill="#64748b">
              {v}
            </text>
          </g>
        ))}
        {shown.map((m, i) => {
          const x = pad.l + band * i + band / 2;
          return (
            <g key={m.month} data-month={m.month}>
              <rect
                x={x - bar - 1}
                y={y(m.invitations)}
                width={bar}
                height={H - pad.b - y(m.invitations)}
                fill={INVITED}
                rx="2"
              >
                <title>{`${m.month} ${labels.invited}: ${m.invitations}`}</title>
              </rect>
              <rect
                x={x + 1}
                y={y(m.quoted)}
                width={bar}
                height={H - pad.b - y(m.quoted)}
                style={{ fill: QUOTED }}
                rx="2"
              >
                <title>{`${m.month} ${labels.quoted}: ${m.quoted}`}</title>
              </rect>
              <text x={x} y={H - pad.b + 14} textAnchor="middle" fontSize="10" fill="#475569">
                {m.month.slice(2)}
              </text>
            </g>
          );
        })}
      </svg>
      <Legend items={[[INVITED, labels.invited], [QUOTED, labels.quoted]]} />
    </figure>
  );
}

/** One row per supplier: the response rate bar with the on-time rate bar under it (0–100 %). */
export function RateBars(
  { rows, labels }: {
    rows: {
      key: string | number;
      label: string;
      responseRate: number | null;
      onTimeRate: number | null;
    }[];
    labels: { response: string; onTime: string; title: string };
  },
) {
  const W = 560;
  const row = 30;
  const left = 120;
  const right = 48;
  const H = Math.max(row * rows.length + 8, 40);
  const width = (v: number | null) => (W - left - right) * (v ?? 0);
  const pct = (v: number | null) => (v === null ? "–" : `${Math.round(v * 100)}%`);
  return (
    <figure className="m-0" data-testid="rate-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-2xl"
        role="img"
        aria-label={`${labels.title}: ${
          rows.map((r) => `${r.label} ${pct(r.responseRate)} / ${pct(r.onTimeRate)}`).join("; ")
        }`}
      >
        {[0, 0.5, 1].map((v) => (
          <line
            key={v}
            x1={left + (W - left - right) * v}
            x2={left + (W - left - right) * v}
            y1={0}
            y2={H - 4}
            stroke="#e2e8f0"
          />
        ))}
        {rows.map((r, i) => {
          const top = 4 + i * row;
          return (
            <g key={r.key}>
              <text x={left - 8} y={top + 15} textAnchor="end" fontSize="11" fill="#334155">
                {r.label.length > 16 ? `${r.label.slice(0, 15)}…` : r.label}
              </text>
              <rect
                x={left}
                y={top + 3}
                width={width(r.responseRate)}
                height={10}
                rx="2"
                style={{ fill: QUOTED }}
              >
                <title>{`${r.label} ${labels.response}: ${pct(r.responseRate)}`}</title>
              </rect>
              <rect
                x={left}
                y={top + 15}
                width={width(r.onTimeRate)}
                height={7}
                rx="2"
                fill={ON_TIME}
              >
                <title>{`${r.label} ${labels.onTime}: ${pct(r.onTimeRate)}`}</title>
              </rect>
              <text
                x={left + width(r.responseRate) + 4}
                y={top + 12}
                fontSize="10"
                fill="#475569"
              >
                {pct(r.responseRate)}
              </text>
            </g>
          );
        })}
      </svg>
      <Legend items={[[QUOTED, labels.response], [ON_TIME, labels.onTime]]} />
    </figure>
  );
}

function Legend({ items }: { items: [string, string][] }) {
  return (
    <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-slate-600">
      {items.map(([color, label]) => (
        <span key={label} className="inline-flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm" style={{ background: color }} />
          {label}
        </span>
      ))}
    </figcaption>
  );
}
