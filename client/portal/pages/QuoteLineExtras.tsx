// Beside a priced line: further quantity breaks (the unit price holds from the MOQ; up to four more
// breaks, each from a larger quantity) and an alternative to the line item as asked (its unit
// price, brand, grade and specification; it takes the line's other terms).
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SheetField } from "../../../server/domain/quotes/schemas.ts";
import type { LineDraft } from "./lineChecks.ts";
import { portalApi } from "../data.ts";
import { ApiError } from "../../shared/api.ts";

const FURTHER = [2, 3, 4, 5] as const;
const ALT = ["altUnitPrice", "altBrand", "altGrade", "altSpec"] as const;
const qty = (n: number) => `break${n}Qty` as SheetField;
const price = (n: number) => `break${n}Price` as SheetField;

const button =
  "rounded text-xs text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary disabled:text-slate-400";

export function QuoteLineExtras({ offProId, draft, set, disabled, cell }: {
  offProId: number;
  draft: LineDraft | undefined;
  set: (patch: Partial<LineDraft>) => void;
  disabled: boolean;
  /** A labelled input of the line's field, its problem under it. */
  cell: (k: SheetField, label: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const filled = FURTHER.filter((n) => draft?.[qty(n)]?.trim() || draft?.[price(n)]?.trim());
  const [shown, setShown] = useState(filled.length ? Math.max(...filled) - 1 : 0);
  const count = Math.max(shown, filled.length ? Math.max(...filled) - 1 : 0);
  const hasAlt = ALT.some((k) => draft?.[k]?.trim());
  const [altOpen, setAltOpen] = useState(hasAlt);
  const [sheetName, setSheetName] = useState("");
  const [sheetError, setSheetError] = useState("");
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setSheetError("");
    try {
      const f = await portalApi.uploadDatasheet(offProId, file);
      set({ altDatasheetFileId: String(f.id) });
      setSheetName(f.fileName);
    } catch (e) {
      setSheetError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <div className="mt-2 space-y-2" data-testid="line-extras">
      {count > 0 && (
        <div className="space-y-1.5" data-testid="breaks">
          <p className="text-xs text-slate-500">{t("alternatives.breaksHint")}</p>
          {FURTHER.slice(0, count).map((n) => (
            <div key={n} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2" data-break={n}>
              {cell(qty(n), `${n}. ${t("alternatives.fromQty")}`)}
              {cell(price(n), t("alternatives.breakPrice"))}
              <button
                type="button"
                className={`${button} mb-2`}
                disabled={disabled}
                aria-label={`${t("alternatives.removeBreak")} ${n}`}
                onClick={() => {
                  // The breaks after it move up one.
                  const patch: Partial<LineDraft> = {};
                  FURTHER.filter((m) =>
                    m >= n
                  ).forEach((m) => {
                    patch[qty(m)] = m < 5 ? draft?.[qty(m + 1)] ?? "" : "";
                    patch[price(m)] = m < 5 ? draft?.[price(m + 1)] ?? "" : "";
                  });
                  set(patch);
                  setShown(count - 1);
                }}
              >
                ×
              </button>
            </div>
          ))}
        </div>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {count < FURTHER.length && (
          <button
            type="button"
            className={button}
            disabled={disabled}
            onClick={() => setShown(count + 1)}
            data-testid="add-break"
          >
            + {t("alternatives.addBreak")}
          </button>
        )}
        {!altOpen && (
          <button
            type="button"
            className={button}
            disabled={disabled}
            onClick={() => setAltOpen(true)}
            data-testid="offer-alternative"
          >
            + {t("alternatives.offer")}
          </button>
        )}
      </div>
      {altOpen && (
        <fieldset
          className="rounded-md bg-amber-50/60 p-2 ring-1 ring-amber-200 ring-inset"
          data-testid="alternative"
        >
          <legend className="px-1 text-xs font-medium text-amber-800">
            {t("alternatives.title")}
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {cell("altUnitPrice", t("quoteBreaks.columns.altUnitPrice"))}
            {cell("altBrand", t("quoteLines.fields.altBrand"))}
            {cell("altGrade", t("quoteLines.fields.altGrade"))}
            <div className="col-span-2 sm:col-span-4">
              {cell("altSpec", t("quoteLines.fields.altSpec"))}
            </div>
            <label className="col-span-2 block text-xs text-slate-600 sm:col-span-4">
              <span className="mb-0.5 block">
                {t("alternatives.datasheet")}
                {draft?.altDatasheetFileId && (
                  <span className="ml-1 text-emerald-700" data-testid="datasheet-set">
                    ✓ {sheetName}
                  </span>
                )}
              </span>
              <input
                type="file"
                className="block w-full text-xs"
                disabled={disabled}
                onChange={(e) => upload(e.target.files?.[0])}
                data-testid="datasheet-input"
              />
              {sheetError && (
                <span className="mt-1 block text-xs text-red-600" role="alert">{sheetError}</span>
              )}
            </label>
          </div>
          <button
            type="button"
            className={`${button} mt-1`}
            disabled={disabled}
            onClick={() => {
              set({
                ...Object.fromEntries(ALT.map((k) => [k, ""])),
                altDatasheetFileId: "",
              });
              setAltOpen(false);
            }}
            data-testid="remove-alternative"
          >
            {t("alternatives.remove")}
          </button>
        </fieldset>
      )}
    </div>
  );
}
