// Prices from a spreadsheet: the supplier downloads the project's price sheet, fills it in offline
// and uploads it; the server reads it back (nothing saved) and the card shows the lines as they
// would be stored, or every reason the sheet was refused. The preview's lines are then submitted
// with the quotation file from the quotation panel.
import { PRICE_FIELDS } from "../../../server/domain/quotes/schemas.ts";
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
      <div className="overflow-x-auto rounded-md ring-1 ring-slate-200 ring-inset">
        <table className="w-full text-left text-xs whitespace-nowrap">
          <thead className="bg-slate-50 text-slate-500">
            <tr>
              <th className="px-2 py-1.5 font-medium">{t("portal.sheet.row")}</th>
              <th className="px-2 py-1.5 font-medium">{t("projects.fields.itemName")}</th>
              {PRICE_FIELDS.map((k) => (
                <th
                  key={k}
                  className={`px-2 py-1.5 font-medium ${
                    /Price|Rate|Days/.test(k) ? "text-right" : ""
                  }`}
                >
                  {f(k)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.lines.map((l, n) => {
              const r = preview.rows[n];
              return (
                <tr key={l.itemId} data-testid="sheet-line" data-item={r.itemName}>
                  <td className="px-2 py-1.5 tabular-nums text-slate-400">{r.row}</td>
                  <td className="min-w-40 px-2 py-1.5 whitespace-normal">
                    <span className="font-medium text-slate-900">{r.itemName}</span>
                    {r.unit && <span className="ml-1 text-slate-500">/ {r.unit}</span>}
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums" data-field="unitPrice">
                    {l.unitPrice}
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{l.taxRate}%</td>
                  <td className="px-2 py-1.5" data-field="currency">{l.currency}</td>
                  <td className="px-2 py-1.5" title={label(form.tradeTerms, l.tradeTerms)}>
                    {l.tradeTerms}
                  </td>
                  <td className="px-2 py-1.5">{label(form.paymentMethods, l.paymentMethod)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{l.paymentTermDays}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{l.leadTimeDays}</td>
                  <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">
                    {l.validUntil ?? t("quoteLines.untilNextUpdate")}
                  </td>
                  <td
                    className="max-w-60 truncate px-2 py-1.5 text-slate-600"
                    title={l.remark ?? ""}
                  >
                    {l.remark ?? "—"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
