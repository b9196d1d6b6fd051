// The parts of the "Send reminder" dialog: the invited suppliers' table (where each stands, which
// are chosen, each one's outcome once sent) and the preview of one supplier's email as the server
// renders it.
import type { TFunction } from "i18next";
import { Spinner } from "../../../shared/ui.tsx";
import { formatTime } from "../../../shared/time.ts";
import { Badge, type Column, RowAction } from "../../components/index.ts";
import { DeclinedBadge } from "./DeclinedBadge.tsx";
import type { EmailManualData, EmailPreview, ReminderSupplier, SendOutcome } from "./api.ts";

type Template = EmailManualData["templates"][number];

/** Why sending `template` would leave this supplier out, if it would. */
export function skipReason(s: ReminderSupplier, template: Template | undefined) {
  if (!s.emails.length) return "noAddress" as const;
  if (template?.notifyObject === "suppliersNotQuoted" && s.quoted) return "quoted" as const;
  if (template?.notifyObject === "suppliersNotQuoted" && s.decline) return "declined" as const;
  return null;
}

const outcomeTone = {
  sent: "green",
  retrying: "amber",
  failed: "red",
  notConfigured: "slate",
  skipped: "slate",
} as const;

/** A supplier's outcome: "sent", or what went wrong. */
function OutcomeBadge({ t, outcome }: { t: TFunction; outcome: SendOutcome }) {
  const r = (k: string) => t(`reminder.${k}`);
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="send-outcome">
      <Badge tone={outcomeTone[outcome.outcome]}>{r(`outcomes.${outcome.outcome}`)}</Badge>
      {outcome.reason && (
        <span className="text-xs text-slate-500">{r(`reasons.${outcome.reason}`)}</span>
      )}
      {outcome.error && <span className="text-xs break-all text-red-700">{outcome.error}</span>}
    </span>
  );
}

/** The table's columns: choice, supplier, language, quote, agreement, last reminder, outcome. */
export function supplierColumns(
  { t, template, chosen, toggle, sending, outcomes, previewFor, preview }: {
    t: TFunction;
    template: Template | undefined;
    chosen: Set<number>;
    toggle: (id: number) => void;
    sending: boolean;
    outcomes: Map<number, SendOutcome> | null;
    previewFor: number | null;
    preview: (id: number) => void;
  },
): Column<ReminderSupplier>[] {
  const r = (k: string, p: Record<string, unknown> = {}) => t(`reminder.${k}`, p);
  const cols: Column<ReminderSupplier>[] = [
    {
      key: "chosen",
      title: <span className="sr-only">{r("choose")}</span>,
      width: "2.5rem",
      render: (s) => {
        const skip = skipReason(s, template);
        return (
          <input
            type="checkbox"
            className="size-4 accent-primary"
            aria-label={r("chooseSupplier", { name: s.abbrName })}
            checked={chosen.has(s.id)}
            disabled={!!skip || sending || !!outcomes}
            title={skip ? r(`reasons.${skip}`) : undefined}
            onChange={() => toggle(s.id)}
            data-testid="choose-supplier"
          />
        );
      },
    },
    {
      key: "supplier",
      title: r("supplier"),
      render: (s) => (
        <span className="block min-w-36">
          <span className="font-mono text-xs text-slate-500">{s.code}</span>{" "}
          <span className="font-medium text-slate-800">{s.abbrName}</span>
          <span className="block text-xs break-all text-slate-500">
            {s.emails.join(", ") || r("reasons.noAddress")}
          </span>
        </span>
      ),
    },
    {
      key: "language",
      title: r("language"),
      nowrap: true,
      render: (s) => r(`languages.${s.language}`),
    },
    {
      key: "quoted",
      title: r("quoted"),
      nowrap: true,
      render: (s) =>
        s.quoted
          ? <Badge tone="green">{formatTime(s.quotedAt)}</Badge>
          : s.decline
          ? <DeclinedBadge decline={s.decline} />
          : s.quotedAt
          ? <Badge tone="amber">{r("olderVersion")}</Badge>
          : <span className="text-xs text-slate-400">{r("notQuoted")}</span>,
    },
    {
      key: "agreed",
      title: r("agreed"),
      nowrap: true,
      render: (s) =>
        s.agreedAt
          ? <span className="text-xs tabular-nums">{formatTime(s.agreedAt)}</span>
          : <span className="text-xs text-slate-400">{r("notAgreed")}</span>,
    },
    {
      key: "reminded",
      title: r("reminded"),
      nowrap: true,
      render: (s) =>
        s.lastReminder
          ? (
            <span className="text-xs tabular-nums" data-testid="last-reminder">
              {formatTime(s.lastReminder.at)}
              <span className="block text-slate-500">{s.lastReminder.templateCode}</span>
            </span>
          )
          : <span className="text-xs text-slate-400">{r("never")}</span>,
    },
  ];
  if (outcomes) {
    cols.push({
      key: "outcome",
      title: r("outcome"),
      render: (s) => {
        const o = outcomes.get(s.id);
        if (o) return <OutcomeBadge t={t} outcome={o} />;
        return chosen.has(s.id) && sending && <Spinner className="size-4 text-primary" />;
      },
    });
  } else {
    cols.push({
      key: "actions",
      title: r("preview"),
      render: (s) =>
        previewFor === s.id
          ? <span className="text-xs text-primary-700">{r("previewing")}</span>
          : (
            <RowAction onClick={() => preview(s.id)} testId="preview-supplier">
              {r("preview")}
            </RowAction>
          ),
    });
  }
  return cols;
}

/** One supplier's email as the server renders it, with whom it goes to. */
export function PreviewPane(
  { t, supplier, preview, loading, error }: {
    t: TFunction;
    supplier: ReminderSupplier | undefined;
    preview: EmailPreview | null;
    loading: boolean;
    error: string;
  },
) {
  const r = (k: string, p: Record<string, unknown> = {}) => t(`reminder.${k}`, p);
  if (!supplier) return null;
  return (
    <section
      className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200"
      data-testid="email-preview"
      aria-busy={loading}
    >
      <h3 className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-700">
        {r("previewFor", {
          name: supplier.abbrName,
          language: r(`languages.${preview?.language ?? supplier.language}`),
        })}
        {loading && <Spinner className="size-4 text-primary" />}
      </h3>
      {error
        ? <p className="text-sm text-red-700" role="alert">{error}</p>
        : preview && (
          <div className="space-y-1.5 text-sm">
            {preview.skipped && (
              <p className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-800 ring-1 ring-amber-200">
                {r(`skipNotice.${preview.skipped}`)}
              </p>
            )}
            <p>
              <span className="text-slate-500">{r("to")}:</span> {preview.to.join(", ") || "—"}
            </p>
            <p data-testid="preview-subject">
              <span className="text-slate-500">{r("subject")}:</span>{" "}
              <span className="font-medium text-slate-900">{preview.subject}</span>
            </p>
            <pre
              className="max-h-64 overflow-y-auto rounded bg-white p-2 font-sans text-sm whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200"
              data-testid="preview-body"
            >
              {preview.body}
            </pre>
          </div>
        )}
    </section>
  );
}
