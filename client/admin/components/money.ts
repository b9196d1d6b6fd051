// Amounts as the back-office shows them.

/** "12345.6" -> "12,345.60" with the given decimals, without going through a float. */
export function money(v: string | null, places = 2): string {
  if (v === null) return "";
  const neg = v.startsWith("-");
  const [int, frac = ""] = v.replace("-", "").split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const f = places ? `.${(frac + "0".repeat(places)).slice(0, places)}` : "";
  return `${neg ? "-" : ""}${grouped}${f}`;
}
