// The data dictionary's code types that the project forms offer as choices: units and factories of
// line items, and reasons for closing a project. Seeded once; the admin edits them afterwards.
import { z } from "zod";
import type { DbOrTx } from "../../../db/client.ts";
import { commercialOptions, ensureSeededCodeTypes, type SeedType } from "./commercial.ts";

const UNIT = "Unit";
const FACTORY = "Factory";
const CLOSE_REASON = "CloseReason";
/** Why a supplier declines to quote (quotes/decline.ts); "OTHER" asks for a text. */
export const DECLINE_REASON = "DeclineReason";
export const DECLINE_REASON_OTHER = "OTHER";

const projectCodeTypes: SeedType[] = [
  {
    code: UNIT,
    name: "单位",
    nameEn: "Unit",
    codes: [
      { code: "PCS", name: "个", nameEn: "pcs" },
      { code: "SHEET", name: "张", nameEn: "sheet" },
      { code: "ROLL", name: "卷", nameEn: "roll" },
      { code: "KG", name: "千克", nameEn: "kg" },
      { code: "M2", name: "平方米", nameEn: "m²" },
      { code: "L", name: "升", nameEn: "litre" },
      { code: "SET", name: "套", nameEn: "set" },
      { code: "UNIT", name: "台", nameEn: "unit" },
    ],
  },
  // Factories are the company's own: the type is there to fill in.
  { code: FACTORY, name: "使用工厂", nameEn: "Factory", codes: [] },
  {
    code: CLOSE_REASON,
    name: "关闭原因",
    nameEn: "Close reason",
    codes: [
      { code: "DEMAND_CANCELLED", name: "需求取消", nameEn: "The demand was cancelled" },
      { code: "PRICE_TOO_HIGH", name: "报价均高于预算", nameEn: "Every quote is over budget" },
      { code: "NO_SUPPLIER", name: "无合适供应商", nameEn: "No suitable supplier" },
      { code: "REPLACED", name: "由其他项目替代", nameEn: "Replaced by another project" },
    ],
  },
  {
    code: DECLINE_REASON,
    name: "放弃报价原因",
    nameEn: "Reason for declining to quote",
    codes: [
      { code: "NO_CAPACITY", name: "产能不足", nameEn: "No capacity" },
      { code: "NOT_OUR_PRODUCT", name: "非我司产品", nameEn: "Not our product" },
      { code: "CANNOT_MEET_DEADLINE", name: "无法满足交期", nameEn: "Cannot meet the deadline" },
      { code: "PRICE", name: "价格原因", nameEn: "Price" },
      { code: DECLINE_REASON_OTHER, name: "其他", nameEn: "Other" },
    ],
  },
];

export const ensureProjectCodes = (db: DbOrTx) => ensureSeededCodeTypes(db, projectCodeTypes);

export const optionsInput = z.object({
  typeCode: z.enum([UNIT, FACTORY, CLOSE_REASON, DECLINE_REASON]).describe(
    "Which choices: Unit (of a line item), Factory (using a line item), CloseReason or DeclineReason (a supplier's reason for declining to quote).",
  ),
});

/** GetOptions: the type's active codes in the dictionary's order, each with both names. */
export async function projectCodeOptions(db: DbOrTx, typeCode: string) {
  return { items: await commercialOptions(db, typeCode) };
}
