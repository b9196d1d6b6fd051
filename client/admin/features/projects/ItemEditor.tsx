// The line items of a project dialog, edited in place: one row each, with its errors under the cell
// and the data dictionary's units and factories offered while typing.
import { useTranslation } from "react-i18next";
import { inputClass } from "../../components/index.ts";
import { type Kind } from "../../components/projectPages.ts";
import type { Item } from "./api.ts";
import { codeName, useCodeOptions } from "./parts.tsx";

export type DraftItem = Item & { key: number };

let nextKey = 1;
/** A line item as loaded, with a key of its own for the editor. */
export const keyed = (item: Item): DraftItem => ({ ...item, key: nextKey++ });
export const emptyItem = (): DraftItem =>
  keyed({
    materialCode: "",
    itemName: "",
    description: "",
    unit: "",
    estimateYearAmount: "",
    useFactory: "",
    needExplain: "",
  });

const cell = "h-7 px-1.5 text-sm";
/** The server's limits of a line item's texts (projects/schemas.ts). */
const MAX_LENGTH: Partial<Record<keyof Item, number>> = {
  materialCode: 64,
  itemName: 200,
  description: 1000,
  unit: 32,
  useFactory: 100,
  needExplain: 2000,
};

export function ItemEditor(
  { kind, items, cellErrors, error, open, onChange, onItemChange }: {
    kind: Kind;
    items: DraftItem[];
    /** A line item's own errors, by `${item key}.${field}`. */
    cellErrors: Record<string, string>;
    error?: string;
    /** Whether the dialog is open (the dictionary is read then). */
    open: boolean;
    onChange: (items: DraftItem[]) => void;
    onItemChange: (key: number, patch: Partial<Item>) => void;
  },
) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`projects.fields.${k}`);
  // Units and factories from the data dictionary, offered while typing in the line items.
  const units = useCodeOptions("Unit", open);
  const factories = useCodeOptions("Factory", open);
  return (
    <fieldset className="min-w-0" data-testid="item-editor">
      <div className="mb-1.5 flex items-center justify-between">
        <legend className="text-sm font-semibold text-slate-800">
          {t("projectsPage.items")}
        </legend>
        <button
          type="button"
          className="btn btn-default h-7 text-xs"
          onClick={() => onChange([...items, emptyItem()])}
          data-testid="add-item"
        >
          + {t("projectsPage.addItem")}
        </button>
      </div>
      <div
        className="overflow-x-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-primary"
        tabIndex={0}
      >
        <table className="w-full min-w-[60rem] text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th className="w-8 px-2 py-1.5 text-center font-semibold">#</th>
              <th className="w-28 px-1 py-1.5 text-left font-semibold">
                {f("materialCode")}
              </th>
              <th className="px-1 py-1.5 text-left font-semibold">
                <span className="text-red-500">*</span>
                {kind === "asset" ? f("equipmentName") : f("itemName")}
              </th>
              <th className="px-1 py-1.5 text-left font-semibold">{f("description")}</th>
              <th className="w-20 px-1 py-1.5 text-left font-semibold">{f("unit")}</th>
              <th className="w-28 px-1 py-1.5 text-left font-semibold">
                {f("estimateYearAmount")}
              </th>
              <th className="w-28 px-1 py-1.5 text-left font-semibold">
                {f("useFactory")}
              </th>
              <th className="px-1 py-1.5 text-left font-semibold">{f("needExplain")}</th>
              <th className="w-14 px-1 py-1.5" />
            </tr>
          </thead>
          <tbody>
            {items.map((i, n) => (
              <tr key={i.key} className="border-t border-slate-100" data-testid="item-row">
                <td className="px-2 pt-2.5 text-center align-top text-xs text-slate-400">
                  {n + 1}
                </td>
                {(
                  [
                    "materialCode",
                    "itemName",
                    "description",
                    "unit",
                    "estimateYearAmount",
                    "useFactory",
                    "needExplain",
                  ] as const
                ).map((k) => {
                  const error = cellErrors[`${i.key}.${k}`];
                  return (
                    <td key={k} className="px-1 py-1 align-top">
                      <input
                        className={inputClass(error, cell)}
                        aria-label={`${f(k)} ${n + 1}`}
                        aria-invalid={error ? true : undefined}
                        data-item-field={k}
                        list={k === "unit"
                          ? "pj-units"
                          : k === "useFactory"
                          ? "pj-factories"
                          : undefined}
                        inputMode={k === "estimateYearAmount" ? "decimal" : undefined}
                        maxLength={MAX_LENGTH[k]}
                        value={i[k] ?? ""}
                        onChange={(e) => onItemChange(i.key, { [k]: e.target.value })}
                      />
                      {error && (
                        <p
                          className="mt-0.5 text-xs leading-4 text-red-600"
                          role="alert"
                          data-testid="field-error"
                          data-item-error={k}
                        >
                          {error}
                        </p>
                      )}
                    </td>
                  );
                })}
                <td className="px-1 pt-2 text-center align-top">
                  <button
                    type="button"
                    className="rounded px-1 text-xs text-red-700 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-primary"
                    onClick={() =>
                      onChange(items.filter((x) =>
                        x.key !== i.key
                      ))}
                    aria-label={`${t("ui.delete")} ${n + 1}`}
                  >
                    {t("ui.delete")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <datalist id="pj-units">
        {units.map((o) => <option key={o.code} value={codeName(o, i18n.language)} />)}
      </datalist>
      <datalist id="pj-factories">
        {factories.map((o) => <option key={o.code} value={codeName(o, i18n.language)} />)}
      </datalist>
      {error && (
        <p className="mt-1 text-xs text-red-600" role="alert" data-testid="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
