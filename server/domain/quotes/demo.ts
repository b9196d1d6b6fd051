// Demo quote: the first invited supplier agrees to the instructions and submits a small generated
// PDF on the first published demo project, so the result pages have something to show.
import { and, asc, eq, inArray } from "drizzle-orm";
import { offerProjects, offerProjectSuppliers, users } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { Permissions, StaticRoles } from "../auth/permissions.ts";
import { agree } from "./service.ts";
import { submitQuote } from "./submit.ts";
import { quotableItems } from "./lines.ts";

/** A one-page PDF showing `lines` (ASCII), with a correct cross-reference table. */
export function tinyPdf(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
  const text = lines.map((l, i) => `BT /F1 12 Tf 72 ${760 - i * 18} Td (${esc(l)}) Tj ET`).join(
    "\n",
  );
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

export async function seedDemoQuote(deps: Deps) {
  const [invite] = await deps.db.select({ projectId: offerProjectSuppliers.projectId, user: users })
    .from(offerProjectSuppliers)
    .innerJoin(offerProjects, eq(offerProjects.id, offerProjectSuppliers.projectId))
    .innerJoin(
      users,
      and(eq(users.supplierId, offerProjectSuppliers.supplierId), eq(users.kind, "supplier")),
    )
    .where(inArray(offerProjects.status, ["published"]))
    .orderBy(asc(offerProjects.id), asc(offerProjectSuppliers.id)).limit(1);
  if (!invite) return [];
  const actor: Actor = {
    id: invite.user.id,
    userName: invite.user.userName,
    name: invite.user.name,
    kind: "supplier",
    supplierId: invite.user.supplierId,
    roleNames: [StaticRoles.Supplier],
    permissions: new Set([Permissions.SupplierOfferSearch]),
  };
  await agree(deps, actor, invite.projectId);
  const pdf = tinyPdf([
    `Quotation from ${invite.user.userName}`,
    "FR-4 laminate 1.6mm, Tg170: 128.50 CNY per sheet before tax, VAT 13%",
    "Prepreg 1080: 412.00 CNY per roll before tax, VAT 13%",
    "Trade terms: DAP Shenzhen. Payment: T/T, 90 days after invoice.",
    "Valid until our next update.",
  ]);
  // The same prices as priced lines, so the comparison has something to show.
  const prices = ["128.50", "412.00"];
  const items = await quotableItems(deps.db, invite.projectId);
  await submitQuote(deps, actor, {
    offProId: invite.projectId,
    round: 0,
    file: new File([pdf as Uint8Array<ArrayBuffer>], `报价单-${invite.user.userName}.pdf`),
    lines: items.slice(0, prices.length).map((item, i) => ({
      itemId: item.id,
      unitPrice: prices[i],
      taxRate: "13",
      currency: "CNY",
      tradeTerms: "DAP",
      paymentMethod: "TT",
      paymentTermDays: 90,
      leadTimeDays: 14,
    })),
  });
  return [];
}
