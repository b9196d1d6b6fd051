// Supplier performance as pages show it: rates as percentages; and the supplier's own page.

/** The supplier's own page (hidden route, ?id=…). */
export const SUPPLIER_PAGE = "/supplier/SupplierDetail";

/** A rate (0–1) as a percentage with one decimal; a dash without one. */
export const percent = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);
