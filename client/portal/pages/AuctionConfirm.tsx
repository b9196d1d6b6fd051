// Reading a large bid back before it is sent: a bid more than 5 % below the bidder's last repeats
// its amount in figures and in words (English, or Chinese upper-case numerals), with how far below
// the last it is. Cancel has the focus, so a second Enter does not send a slip of a key.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";
import { money } from "../../shared/auctionClock.ts";
import { amountInWords } from "../../shared/amountWords.ts";

export type BidCheck = { amount: string; last: string; percent: string };

export function BidConfirmDialog(
  { check, onAnswer }: { check: BidCheck | null; onAnswer: (ok: boolean) => void },
) {
  const { t, i18n } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={check !== null}
      onClose={() => onAnswer(false)}
      className="relative z-[60]"
      initialFocus={cancelRef}
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[15vh]">
        <DialogPanel
          className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl ring-1 ring-slate-200"
          data-testid="bid-confirm"
          role="alertdialog"
        >
          <div className="flex gap-3">
            <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-600">
              <Icon name="warning" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-base font-semibold text-slate-900">
                {t("auctionPage.confirmTitle")}
              </DialogTitle>
              <p className="mt-2 text-xs text-slate-500">{t("auctionPage.confirmAmount")}</p>
              <p
                className="text-2xl font-semibold tabular-nums text-slate-900"
                data-testid="bid-confirm-figures"
              >
                {check && t("auctionPage.cnyAmount", { amount: money(check.amount) })}
              </p>
              <p className="mt-2 text-xs text-slate-500">{t("auctionPage.confirmWords")}</p>
              <p
                className="text-base font-medium break-words text-slate-900"
                data-testid="bid-confirm-words"
              >
                {check && amountInWords(check.amount, i18n.language)}
              </p>
              <p className="mt-3 text-sm text-amber-800" data-testid="bid-confirm-drop">
                {check &&
                  t("auctionPage.confirmDrop", { percent: check.percent, last: money(check.last) })}
              </p>
            </div>
          </div>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button
              ref={cancelRef}
              type="button"
              className="btn btn-default"
              onClick={() => onAnswer(false)}
              data-testid="bid-confirm-cancel"
            >
              {t("auctionPage.confirmCancel")}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => onAnswer(true)}
              data-testid="bid-confirm-ok"
            >
              {check && t("auctionPage.confirmOk", { amount: money(check.amount) })}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
