// Demo rows of the projects area: two categories, a material and an asset project with line items,
// the material one published to the demo suppliers when there are effective ones.
import { eq } from "drizzle-orm";
import { suppliers, users } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { allPermissions } from "../auth/permissions.ts";
import { createCategory } from "../categories/service.ts";
import { workingDayAfter } from "../calendar/service.ts";
import { createProject } from "./edit.ts";
import { publishProject } from "./publish.ts";

/** The names of the seeded demo projects (`demo generate` tells them from real ones). */
export const demoProjectNames = [
  "2027 年度覆铜板采购 Laminate supply 2027",
  "激光钻孔机 Laser drilling machine",
];

export async function seedDemoProjects(deps: Deps) {
  const buyer = await deps.db.query.users.findFirst({ where: eq(users.userName, "buyer") }) ??
    await deps.db.query.users.findFirst({ where: eq(users.userName, "admin") });
  if (!buyer) return [];
  const actor: Actor = {
    id: buyer.id,
    userName: buyer.userName,
    name: buyer.name,
    kind: "staff",
    supplierId: null,
    roleNames: [],
    permissions: new Set(allPermissions),
  };
  const raw = await createCategory(deps, {
    name: "PCB 原材料 Raw materials",
    description: "覆铜板、铜箔、半固化片 Laminates, copper foil, prepreg",
  });
  const equipment = await createCategory(deps, {
    name: "生产设备 Production equipment",
    description: "钻孔、电镀、曝光设备 Drilling, plating, exposure",
  });
  const material = await createProject(deps, actor, {
    name: demoProjectNames[0],
    kind: "material",
    category: raw.id,
    // Savings baselines (CNY before tax, the year's quantities).
    budget: "17500000",
    lastPurchasePrice: "17200000",
    opiList: [
      {
        materialCode: "CCL-FR4-1.6",
        itemName: "FR-4 覆铜板 1.6mm",
        description: "Tg170, 1/1 oz, 1220×1020 mm",
        unit: "张 sheet",
        estimateYearAmount: "120000",
        useFactory: "深圳一厂 Shenzhen 1",
        needExplain: "RoHS, UL 认证 / RoHS and UL certified",
      },
      {
        materialCode: "PP-1080",
        itemName: "半固化片 Prepreg 1080",
        unit: "卷 roll",
        estimateYearAmount: "3500.5",
        useFactory: "惠州二厂 Huizhou 2",
      },
    ],
  });
  await createProject(deps, actor, {
    name: demoProjectNames[1],
    kind: "asset",
    category: equipment.id,
    demandCode: "AMS-REQ-2026-0042",
    equipmentName: "CO2 激光钻孔机 CO2 laser driller",
    offerItemType: "optimize",
    estimatedAmount: "2850000.00",
    isBidding: true,
    opiList: [{
      itemName: "CO2 激光钻孔机",
      unit: "台 unit",
      estimateYearAmount: "2",
      useFactory: "深圳一厂 Shenzhen 1",
      needExplain: "最小孔径 75μm / smallest hole 75 μm",
    }],
  });
  const effective = await deps.db.select().from(suppliers)
    .where(eq(suppliers.status, "effective")).limit(3);
  if (effective.length) {
    await publishProject(deps, actor, {
      offProManagerId: material.id,
      offerEndTime: await workingDayAfter(deps, deps.clock.now(), 7),
      supList: effective.map((s) => ({ id: s.id, code: s.code })),
    });
  }
  return [];
}
