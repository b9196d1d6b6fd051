// Setting up a reverse auction from the result page: when (server clock, UTC+8), who takes part
// (the suppliers who quoted, each from its first quote in CNY; any may be left out), what is bid,
// the least improvement, the largest drop of one bid, what bidders see and the extension rule.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import { formatTime } from "../../../shared/time.ts";
import { money } from "../../../shared/auctionClock.ts";
import { Field, fieldErrorsOf, FormDialog, inputClass } from "../../components/index.ts";
import { localToInstant } from "../../components/dateInput.ts";
import { auctionApi, type Found, type Setup } from "./api.ts";

const FIELDS = [
  "startAt",
  "endAt",
  "step",
  "maxDrop",
  "excludedSupplierIds",
  "extensionMinutes",
  "extensionCapMinutes",
];
const local = (ms: number) => formatTime(new Date(ms), "{y}-{m}-{d}T{h}:{i}");

export function SetupDialog(
  { projectId, open, onClose, onDone }: {
    projectId: number;
    open: boolean;
    onClose: () => void;
    onDone: (found: Found) => void;
  },
) {
  const { t } = useTranslation();
  const a = (k: string, p: Record<string, unknown> = {}) => t(`auctionPage.${k}`, p);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [form, setForm] = useState({
    startAt: "",
    endAt: "",
    basis: "total" as "total" | "lines",
    stepKind: "amount" as "amount" | "percent",
    step: "",
    maxDropKind: "percent" as "amount" | "percent",
    maxDrop: "20",
    visibility: "rank" as "rank" | "best",
    extensionMinutes: "2",
    extensionCapMinutes: "30",
  });
  const [excluded, setExcluded] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();
  const set = (k: keyof typeof form, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: "" }));
  };

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setExcluded([]);
    auctionApi.setup(projectId).then((s) => {
      setSetup(s);
      // By the server's clock: ten minutes from now, for twenty minutes.
      const start = Math.ceil((Date.parse(s.serverNow) + 10 * 60_000) / 60_000) * 60_000;
      setForm((f) => ({
        ...f,
        startAt: local(start),
        endAt: local(start + 20 * 60_000),
        extensionMinutes: String(s.defaults.extensionMinutes),
        extensionCapMinutes: String(s.defaults.extensionCapMinutes),
        maxDropKind: s.defaults.maxDropKind,
        maxDrop: s.defaults.maxDrop,
      }));
    }).catch((e) => message.error(e.message));
  }, [open, projectId]);

  const eligible = (c: Setup["candidates"][number]) =>
    form.basis === "total" ? c.eligibleTotal : c.eligibleLines;

  async function submit() {
    const missing: Record<string, string> = {};
    if (!form.endAt) missing.endAt = a("endRequired");
    if (!form.step.trim()) missing.step = t("auction.badStep");
    if (!form.maxDrop.trim()) missing.maxDrop = t("auction.badMaxDrop");
    if (Object.keys(missing).length) return setErrors(missing);
    await run(async () => {
      const found = await auctionApi.create({
        offProId: projectId,
        startAt: localToInstant(form.startAt) ?? undefined,
        endAt: localToInstant(form.endAt)!,
        basis: form.basis,
        excludedSupplierIds: excluded,
        stepKind: form.stepKind,
        step: form.step.trim(),
        maxDropKind: form.maxDropKind,
        maxDrop: form.maxDrop.trim(),
        visibility: form.visibility,
        extensionMinutes: form.extensionMinutes,
        extensionCapMinutes: form.extensionCapMinutes,
      });
      message.success(a("setUpDone"));
      onDone(found);
    }, (err) => {
      const fields = fieldErrorsOf(err, FIELDS);
      setErrors(fields);
      if (!Object.keys(fields).some((k) => k)) message.error((err as Error).message);
      else if (fields[""]) message.error(fields[""]);
    });
  }

  const radio = (
    name: "basis" | "stepKind" | "maxDropKind" | "visibility",
    values: string[],
    options: string = name,
  ) => (
    <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1.5 text-sm" role="radiogroup">
      {values.map((v) => (
        <label key={v} className="inline-flex items-center gap-1.5">
          <input
            type="radio"
            name={name}
            checked={form[name] === v}
            onChange={() => set(name, v)}
            data-testid={`${name}-${v}`}
          />
          {a(`${options}Options.${v}`)}
        </label>
      ))}
    </div>
  );

  return (
    <FormDialog
      open={open}
      title={a("setUpTitle")}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      size="lg"
      submitLabel={a("setUp")}
      testId="auction-setup-dialog"
    >
      <div className="space-y-3">
        <Field
          label={a("startAt")}
          htmlFor="auction-start"
          name="startAt"
          error={errors.startAt}
          hint={a("serverClock")}
        >
          <input
            id="auction-start"
            type="datetime-local"
            className={inputClass(errors.startAt, "w-64")}
            value={form.startAt}
            onChange={(e) => set("startAt", e.target.value)}
          />
        </Field>
        <Field label={a("endAt")} htmlFor="auction-end" name="endAt" error={errors.endAt} required>
          <input
            id="auction-end"
            type="datetime-local"
            className={inputClass(errors.endAt, "w-64")}
            value={form.endAt}
            onChange={(e) => set("endAt", e.target.value)}
          />
        </Field>
        <Field label={a("basisLabel")}>{radio("basis", ["total", "lines"])}</Field>
        <Field
          label={a("participants")}
          name="excludedSupplierIds"
          error={errors.excludedSupplierIds}
          hint={a("participantsHint")}
        >
          <ul
            className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200"
            data-testid="auction-candidates"
          >
            {setup?.candidates.map((c) => (
              <li key={c.supplierId} className="flex items-center gap-2 px-3 py-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={eligible(c) && !excluded.includes(c.supplierId)}
                  disabled={!eligible(c)}
                  onChange={(e) =>
                    setExcluded((x) =>
                      e.target.checked
                        ? x.filter((i) =>
                          i !== c.supplierId
                        )
                        : [...x, c.supplierId]
                    )}
                  data-testid="auction-candidate"
                />
                <span className="font-mono text-xs text-slate-500">{c.code}</span>
                <span className="flex-1">{c.abbrName}</span>
                <span className="tabular-nums text-slate-600">
                  {form.basis === "total"
                    ? (c.total
                      ? a("cnyAmount", { amount: money(c.total) })
                      : a(`cannotTakePart.${c.totalRefusal ?? "incomplete"}`))
                    : a("pricedLines", { count: c.pricedLines })}
                </span>
              </li>
            ))}
          </ul>
        </Field>
        <Field
          label={a("stepLabel")}
          htmlFor="auction-step"
          name="step"
          error={errors.step}
          required
        >
          {radio("stepKind", ["amount", "percent"])}
          <input
            id="auction-step"
            inputMode="decimal"
            className={inputClass(errors.step, "mt-1 w-40")}
            value={form.step}
            onChange={(e) => set("step", e.target.value)}
            data-testid="auction-step"
          />
        </Field>
        <Field
          label={a("maxDropLabel")}
          htmlFor="auction-max-drop"
          name="maxDrop"
          error={errors.maxDrop}
          hint={a("maxDropHint")}
          required
        >
          {radio("maxDropKind", ["amount", "percent"], "stepKind")}
          <input
            id="auction-max-drop"
            inputMode="decimal"
            className={inputClass(errors.maxDrop, "mt-1 w-40")}
            value={form.maxDrop}
            onChange={(e) => set("maxDrop", e.target.value)}
            data-testid="auction-max-drop"
          />
        </Field>
        <Field label={a("visibilityLabel")}>{radio("visibility", ["rank", "best"])}</Field>
        <Field
          label={a("extensionLabel")}
          name="extensionMinutes"
          error={errors.extensionMinutes || errors.extensionCapMinutes}
          hint={a("extensionHint")}
        >
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <input
              inputMode="numeric"
              aria-label={a("extensionMinutes")}
              className={inputClass(errors.extensionMinutes, "w-16")}
              value={form.extensionMinutes}
              onChange={(e) => set("extensionMinutes", e.target.value)}
            />
            {a("extensionCap")}
            <input
              inputMode="numeric"
              aria-label={a("extensionCapMinutes")}
              className={inputClass(errors.extensionCapMinutes, "w-20")}
              value={form.extensionCapMinutes}
              onChange={(e) => set("extensionCapMinutes", e.target.value)}
            />
            {a("extensionCapUnit")}
          </span>
        </Field>
      </div>
    </FormDialog>
  );
}
