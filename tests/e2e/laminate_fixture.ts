// The set-up the award and price-sheet walks share: a published material project of two line items
// (FR-4 laminate, 1,000 sheets a year; prepreg, 200 rolls), every line priced, quoting open for
// three hours, two invited suppliers with portal sign-ins, and a USD rate of 7.2.
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { createRate } from "../../server/domain/dictionary/commercial.ts";
import { NOW, type TestEnv } from "../helpers.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { supplierWithLogin } from "../http/quotes_fixtures.ts";

export async function laminateProject(env: TestEnv, name: string, codes: [string, string]) {
  const admin = everything();
  const s1 = await supplierWithLogin(env, codes[0]);
  const s2 = await supplierWithLogin(env, codes[1]);
  await createRate(env, admin, { currency: "USD", effectiveDate: "2026-11-01", rate: "7.2" });
  const p = await createProject(env, admin, {
    name,
    kind: "material",
    linesRequired: true,
    opiList: [
      { itemName: "FR-4 laminate 1.6mm", unit: "sheet", estimateYearAmount: "1000" },
      { itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "200" },
    ],
  });
  await publishProject(env, admin, {
    offProManagerId: p.id,
    offerEndTime: new Date(new Date(NOW).getTime() + 3 * 3600_000),
    supList: [{ id: s1.supplier.id }, { id: s2.supplier.id }],
  });
  return { admin, s1, s2, p };
}
