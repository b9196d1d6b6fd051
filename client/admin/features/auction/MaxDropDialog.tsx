// Changing an auction's largest drop of one bid (an amount in CNY or a percentage of the bidder's
// last bid) before it starts or while it is paused; the server refuses it while bids come in.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import { money } from "../../../shared/auctionClock.ts";
import { Field, fieldErrorsOf, FormDialog, inputClass } from "../../components/index.ts";
import { type Auction, auctionApi, type Found } from "./api.ts";

type Kind = Auction["maxDropKind"];

/** The rule as the rules list says it: "no bid more than 20 % below the bidder's last". */
export function maxDropRule(
  t: ReturnType<typeof useTranslation>["t"],
  r: { maxDropKind: Kind; maxDrop: string },
) {
  return r.maxDropKind === "amount"
    ? t("auctionPage.ruleMaxDropAmount", { limit: money(r.maxDrop) })
    : t("auctionPage.ruleMaxDropPercent", { limit: r.maxDrop });
}

export function MaxDropDialog(
  { auction, open, onClose, onDone }: {
    auction: Auction;
    open: boolean;
    onClose: () => void;
    onDone: (found: Found) => void;
  },
) {
  const { t } = useTranslation();
  const a = (k: string) => t(`auctionPage.${k}`);
  const [kind, setKind] = useState<Kind>(auction.maxDropKind);
  const [value, setValue] = useState(auction.maxDrop);
  const [error, setError] = useState("");
  const [run, busy] = useAction();
  useEffect(() => {
    if (!open) return;
    setKind(auction.maxDropKind);
    setValue(auction.maxDrop);
    setError("");
  }, [open]);

  async function submit() {
    if (!value.trim()) return setError(t("auction.badMaxDrop"));
    await run(async () => {
      const found = await auctionApi.setMaxDrop(auction.projectId, kind, value.trim());
      message.success(a("maxDropChangedDone"));
      onDone(found);
    }, (err) => {
      const fields = fieldErrorsOf(err, ["maxDrop", "maxDropKind"]);
      const text = fields.maxDrop || fields.maxDropKind;
      if (text) setError(text);
      else message.error((err as Error).message);
    });
  }

  return (
    <FormDialog
      open={open}
      title={a("changeMaxDropTitle")}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      testId="max-drop-dialog"
    >
      <p className="mb-3 text-sm text-slate-600">{a("changeMaxDropHint")}</p>
      <Field
        label={a("maxDropLabel")}
        htmlFor="max-drop"
        name="maxDrop"
        error={error}
        hint={a("maxDropHint")}
        required
      >
        <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1.5 text-sm" role="radiogroup">
          {(["amount", "percent"] as const).map((v) => (
            <label key={v} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name="maxDropKind"
                checked={kind === v}
                onChange={() => {
                  setKind(v);
                  setError("");
                }}
                data-testid={`max-drop-kind-${v}`}
              />
              {a(`stepKindOptions.${v}`)}
            </label>
          ))}
        </div>
        <input
          id="max-drop"
          inputMode="decimal"
          className={inputClass(error, "mt-1 w-40")}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError("");
          }}
          data-testid="max-drop-value"
        />
      </Field>
    </FormDialog>
  );
}
