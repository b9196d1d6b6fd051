// A supplier's commercial terms as the comparison matrix sums them up (tax rate, trade terms,
// payment, lead time), and the words the screens and the emails say them in.

/** A code of the data dictionary with its names (the code itself when the dictionary lost it). */
export type NamedCode = { code: string; name: string; nameEn: string | null };

/**
 * A supplier's commercial terms over the lines of one quote, each distinct value once (a line may
 * carry other terms than the rest): tax rates in percent, trade terms, payment method with its term
 * in days, and the shortest and longest lead time in days.
 */
export type SupplierTerms = {
  taxRates: string[];
  tradeTerms: NamedCode[];
  payments: (NamedCode & { days: number })[];
  leadTimeDays: { min: number; max: number };
};

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The terms in words, one part each, in the reader's language ("en" or "zh"). */
export function termsInWords(terms: SupplierTerms, t: Translate, lang: string): string[] {
  const name = (c: NamedCode) => (lang === "en" && c.nameEn) || c.name;
  const days = (n: number) => t("commercialTerms.days", { count: n });
  const { min, max } = terms.leadTimeDays;
  return [
    t("commercialTerms.tax", { rates: terms.taxRates.map((r) => `${r}%`).join(" / ") }),
    terms.tradeTerms.map(name).join(" / "),
    terms.payments.map((p) => t("commercialTerms.payment", { method: name(p), days: days(p.days) }))
      .join(" / "),
    t("commercialTerms.lead", {
      days: min === max ? days(min) : t("commercialTerms.daysRange", { min, max }),
    }),
  ];
}
