// Prices from a spreadsheet: the supplier downloads the project's price sheet, fills it in offline
// and uploads it; the server reads it back (nothing saved) and the card shows the lines as they
// would be stored, or every reason the sheet was refused. The preview's lines are then submitted
// with the quotation file from the quotation panel.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiError, saveBlob } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { Spinner } from "../../shared/ui.tsx";
import { useAction } from "../../shared/useAction.ts";
import { portalApi, type QuoteForm, type SheetPreview } from "../data.ts";
import { Card } from "../parts.tsx";

type Option = QuoteForm["currencies"][number];

export function PriceSheetCard(
  { offProId, form, open, preview, onPreview }: {
    offProId: number;
    form: QuoteForm;
    /** Whether quoting is open: only then can a sheet be read for submitting. */
    open: boolean;
    preview: SheetPreview | null;
    onPreview: (p: SheetPreview | null) => void;
  },
) {
  const { t } = useTranslation();
  const inputId = useId();
  const [download, downloading] = useAction();
  const [reading, setReading] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  async function upload(file: File | undefined) {
    if (!file) return;
    setProblems([]);
    onPreview(null);
    setReading(true);
    try {
      onPreview(await portalApi.readPriceSheet(offProId, file));
    } catch (e) {
      const err = e as ApiError;
      const listed = err.body?.validationErrors?.map((v) => v.message);
      setProblems(listed?.length ? listed : [err.message]);
    }
    setReading(false);
  }

  return (
    <Card
      title={t("portal.sheet.title")}
      testId="price-sheet"
      action={preview && (
        <button
          type="button"
          className="rounded text-xs text-slate-500 hover:text-red-600 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          onClick={() => onPreview(null)}
          data-testid="sheet-discard"
        >
          {t("portal.sheet.discard")}
        </button>
      )}
    >
      <div className="space-y-3 p-4">
        <p className="text-xs text-slate-500">{t("portal.sheet.intro")}</p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-default"
            disabled={downloading}
            onClick={() =>
              download(async () =>
                saveBlob(await portalApi.priceSheet(offProId), "price-sheet.xlsx")
              )}
            data-testid="sheet-download"
          >
            {downloading ? <Spinner className="size-4" /> : <Icon name="download" />}
            {t("portal.sheet.download")}
          </button>
          <label
            htmlFor={inputId}
            className={`btn btn-default has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
              !open || reading ? "pointer-events-none opacity-50" : "cursor-pointer"
            }`}
          >
            {reading ? <Spinner className="size-4" /> : <Icon name="file" />}
            {reading ? t("portal.sheet.reading") : t("portal.sheet.upload")}
            <input
              id={inputId}
              type="file"
              className="sr-only"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={!open || reading}
              onChange={(e) => {
                upload(e.target.files?.[0]);
                e.target.value = "";
              }}
              data-testid="sheet-input"
            />
          </label>
        </div>

        {problems.length > 0 && (
          <div
            role="alert"
            className="rounded-md bg-red-50 p-3 text-sm text-red-700 ring-1 ring-red-200 ring-inset"
            data-testid="sheet-error"
          >
            <p className="flex items-center gap-1.5 font-medium">
              <Icon name="error" className="size-4" />
              {t("portal.sheet.refused")}
            </p>
            <ul className="mt-1.5 list-disc space-y-0.5 pl-6">
              {problems.map((p, i) => <li key={i}>{p}</li>)}
            </ul>
          </div>
        )}

        {preview && <Preview preview={preview} form={form} />}
      </div>
    </Card>
  );
}

function Preview({ preview, form }: { preview: SheetPreview; form: QuoteForm }) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`quoteLines.fields.${k}`);
  const label = (list: Option[], code: string) => {
    const o = list.find((x) => x.code === code);
    return (o && ((i18n.language === "en" && o.nameEn) || o.name)) || code;
  };
  const changedVersion = preview.sheetPackVersion !== preview.packVersion;
  return (
    <div className="space-y-2" data-testid="sheet-preview">
      <div className="rounded-md bg-primary-50 p-3 text-sm text-primary-800 ring-1 ring-primary-200 ring-inset">
        <p className="font-medium">{t("portal.sheet.preview")}</p>
        <p className="mt-0.5 text-xs">
          {t("portal.sheet.fromFile", { file: preview.fileName })}
          {changedVersion && preview.sheetPackVersion !== null && (
            <>· {t("portal.sheet.olderVersion", { sheetVersion: preview.sheetPackVersion })}</>
          )}
          {preview.blankRows > 0 && (
            <>· {t("portal.sheet.blankRows", { count: preview.blankRows })}</>
          )}
        </p>
        <p className="mt-1 text-xs">{t("portal.sheet.previewNote")}</p>
      </div>
      {
        /* One block per line, its terms wrapping beneath the price: a table of eleven columns
          would not fit the card, and its last columns (lead time, validity) slid out of sight. */
      }
      <ol className="divide-y divide-slate-100 rounded-md text-xs ring-1 ring-slate-200 ring-inset">
        {preview.lines.map((l, n) => {
          const r = preview.rows[n];
          const terms: [string, string, string?][] = [
            ["taxRate", `${l.taxRate}%`],
            ["tradeTerms", l.tradeTerms, label(form.tradeTerms, l.tradeTerms)],
            ["paymentMethod", label(form.paymentMethods, l.paymentMethod)],
            ["paymentTermDays", String(l.paymentTermDays)],
            ["leadTimeDays", String(l.leadTimeDays)],
            ["validUntil", l.validUntil ?? t("quoteLines.untilNextUpdate")],
          ];
          return (
            <li
              key={l.itemId}
              className="space-y-1 px-3 py-2"
              data-testid="sheet-line"
              data-item={r.itemName}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="min-w-0">
                  <span className="mr-1.5 text-slate-400 tabular-nums">
                    {t("portal.sheet.row")} {r.row}
                  </span>
                  <span className="font-medium text-slate-900">{r.itemName}</span>
                  {r.unit && <span className="ml-1 text-slate-500">/ {r.unit}</span>}
                </span>
                <span className="text-sm font-medium whitespace-nowrap text-slate-900">
                  <span className="mr-1 text-xs font-normal text-slate-500">{f("unitPrice")}</span>
                  <span className="tabular-nums" data-field="unitPrice">{l.unitPrice}</span>{" "}
                  <span data-field="currency">{l.currency}</span>
                </span>
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-slate-600">
                {terms.map(([k, value, title]) => (
                  <div key={k} className="flex gap-1" data-field={k}>
                    <dt className="text-slate-500">{f(k)}</dt>
                    <dd className="font-medium text-slate-800 tabular-nums" title={title}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
              {l.remark && (
                <p className="text-slate-600 [overflow-wrap:anywhere]" data-field="remark">
                  <span className="text-slate-500">{f("remark")}:</span> {l.remark}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
