// The result page's integrity hints: the same attachment or the same client address from different
// suppliers, and near-identical prices. Hints to look closer at, never a verdict.
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../../shared/icons.tsx";
import { Section } from "../../../components/Section.tsx";
import type { IntegritySignalsDto } from "../../../../../server/domain/quotes/integrityTypes.ts";
import { formatTime } from "../../../../shared/time.ts";
import { comparisonApi } from "./api.ts";

type Signals = IntegritySignalsDto;
type SignalQuote = Signals["sameIp"][number]["quotes"][number];
/** Instants arrive as ISO strings in JSON. */
const when = (v: Date | string) => formatTime(typeof v === "string" ? v : v.toISOString());

export function IntegritySignals({ projectId, reload }: { projectId: number; reload?: unknown }) {
  const { t } = useTranslation();
  const g = (k: string, p: Record<string, unknown> = {}) => t(`integrity.${k}`, p);
  const [data, setData] = useState<Signals | null>(null);
  useEffect(() => {
    comparisonApi.integritySignals(projectId)
      .then(setData).catch(() => {});
  }, [projectId, reload]);
  if (!data) return null;

  const round = (r: number) =>
    r === 0 ? t("projects.fields.firstQuote") : t(`projects.fields.round${r}`);
  const who = (q: SignalQuote) => (
    <li key={q.quoteId} className="flex flex-wrap gap-x-2 text-xs text-slate-700">
      <span className="font-mono">{q.code}</span>
      <span>{q.abbrName}</span>
      <span className="text-slate-500">{round(q.round)}</span>
      <span className="text-slate-500 tabular-nums">{when(q.submittedAt)}</span>
    </li>
  );

  return (
    <Section
      title={
        <span className="flex items-center gap-2">
          {g("title")}
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${
              data.count ? "bg-amber-100 text-amber-800" : "bg-emerald-50 text-emerald-700"
            }`}
            data-testid="integrity-count"
          >
            {data.count}
          </span>
        </span>
      }
      testId="integrity-signals"
    >
      <p className="mb-3 flex items-start gap-1.5 text-xs text-slate-500">
        <Icon name="warning" className="mt-px size-3.5 shrink-0" />
        {g("disclaimer")}
      </p>
      {data.count === 0 && data.nearPrices.status !== "sealed" && (
        <p className="text-sm text-slate-500" data-testid="integrity-none">{g("none")}</p>
      )}
      <ul className="space-y-3">
        {data.sameFile.map((s) => (
          <Group
            key={s.sha256}
            signal="sameFile"
            title={g("sameFile")}
            detail={g("sameFileDetail", {
              hash: s.sha256.slice(0, 12),
              name: s.quotes[0].fileName,
            })}
          >
            {s.quotes.map(who)}
          </Group>
        ))}
        {data.sameIp.map((s) => (
          <Group
            key={s.clientIp}
            signal="sameIp"
            title={g("sameIp")}
            detail={g("sameIpDetail", { ip: s.clientIp })}
          >
            {s.quotes.map(who)}
          </Group>
        ))}
        {data.nearPrices.pairs.map((p) => (
          <Group
            key={`${p.a.supplierId}-${p.b.supplierId}`}
            signal="nearPrices"
            title={g("nearPrices", { a: p.a.abbrName, b: p.b.abbrName })}
            detail={g("nearPricesDetail", {
              percent: data.nearPricePercent,
              count: p.lines.length,
              identical: p.identicalLines,
            })}
          >
            <table className="text-xs">
              <thead className="text-slate-500">
                <tr>
                  <th className="pr-4 text-left font-normal">{t("projects.fields.itemName")}</th>
                  <th className="pr-4 text-right font-normal">{p.a.code}</th>
                  <th className="pr-4 text-right font-normal">{p.b.code}</th>
                  <th className="text-right font-normal">{g("difference")}</th>
                </tr>
              </thead>
              <tbody className="tabular-nums text-slate-700">
                {p.lines.map((l) => (
                  <tr key={l.itemId}>
                    <td className="pr-4">{l.itemName}</td>
                    <td className="pr-4 text-right">{l.priceA}</td>
                    <td className="pr-4 text-right">{l.priceB}</td>
                    <td className="text-right">{l.differencePercent}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Group>
        ))}
      </ul>
      {data.nearPrices.status === "sealed" && (
        <p className="mt-2 text-xs text-slate-500" data-testid="integrity-sealed">
          {data.nearPrices.opensAt
            ? g("pricesSealed", { time: data.nearPrices.opensAt })
            : g("pricesSealedUntilEnded")}
        </p>
      )}
    </Section>
  );
}

/** One hint: what was found, its detail, and the quotes or prices behind it. */
function Group(
  { signal, title, detail, children }: {
    signal: string;
    title: string;
    detail: string;
    children: ReactNode;
  },
) {
  return (
    <li className="rounded-md bg-amber-50/60 p-3 ring-1 ring-amber-200" data-signal={signal}>
      <div className="text-sm font-medium text-slate-900">{title}</div>
      <div className="mb-1 text-xs text-slate-500">{detail}</div>
      {signal === "nearPrices" ? children : <ul className="space-y-0.5">{children}</ul>}
    </li>
  );
}
