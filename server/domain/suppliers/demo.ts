// Demo rows of the suppliers area: five PCB-material suppliers (one invalid), each effective one with
// a portal sign-in whose user name is its code.
import type { Deps } from "../context.ts";
import { StaticRoles } from "../auth/permissions.ts";
import { createSupplier } from "./service.ts";
import type { CreateSupplierInput } from "./schemas.ts";
import { addDays, createCertificate } from "./certificates.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { findUserByName } from "../users/service.ts";
import { generatePassword } from "../shared/password.ts";

const demo: CreateSupplierInput[] = [
  {
    code: "SY001",
    abbrName: "生益科技 Shengyi",
    fullName: "广东生益科技股份有限公司 Shengyi Technology Co., Ltd.",
    contactPerson: "王丽 Wang Li",
    contactNumber: "+86 769 2227 1828",
    email1: "sales@shengyi.example.com",
    email2: "rfq@shengyi.example.com",
    cooperationStatus: "qualified",
  },
  {
    code: "KB002",
    abbrName: "建滔积层板 Kingboard",
    fullName: "建滔积层板控股有限公司 Kingboard Laminates Holdings Ltd.",
    contactPerson: "陈志明 Chan Chi Ming",
    contactNumber: "+852 2605 6493",
    email1: "laminates@kingboard.example.com",
    cooperationStatus: "qualified",
  },
  {
    code: "NY003",
    abbrName: "南亚新材 Nan Ya",
    fullName: "南亚新材料科技股份有限公司 Nanya New Material Technology Co., Ltd.",
    contactPerson: "林建华 Lin Jianhua",
    contactNumber: "+86 21 6916 1111",
    email1: "ccl@nanya-nm.example.com",
    cooperationStatus: "potential",
  },
  {
    code: "RG004",
    abbrName: "罗杰斯 Rogers",
    fullName: "罗杰斯科技（苏州）有限公司 Rogers Technologies (Suzhou) Co., Ltd.",
    contactPerson: "Emily Zhao",
    contactNumber: "+86 512 6258 2700",
    email1: "acs.asia@rogers.example.com",
    cooperationStatus: "potential",
  },
  {
    code: "IS005",
    abbrName: "Isola",
    fullName: "Isola Asia Pacific (Hong Kong) Ltd.",
    contactPerson: "David Lee",
    contactNumber: "+852 2418 1318",
    email1: "asia@isola.example.com",
    status: "invalid",
    cooperationStatus: "potential",
  },
];

/**
 * Demo certificates, dated from today: valid ones, one expiring within the 30-day warning window
 * and one expired, so the supplier page, the launch page and the dashboard have something to show.
 */
const demoCertificates: { code: string; type: string; number: string; days: number }[] = [
  { code: "SY001", type: "UL", number: "E123856", days: 700 },
  { code: "SY001", type: "IATF16949", number: "0412-IATF-2024", days: 420 },
  { code: "SY001", type: "ISO9001", number: "CN24/10233", days: 300 },
  { code: "KB002", type: "UL", number: "E142087", days: 20 },
  { code: "KB002", type: "ISO9001", number: "HK-QMS-5521", days: 500 },
  { code: "NY003", type: "UL", number: "E317321", days: -10 },
  { code: "RG004", type: "RoHS-REACH", number: "RG-ROHS-2025", days: 200 },
];

/** The codes of the seeded demo suppliers (`demo generate` tells them from real ones). */
export const demoSupplierCodes = demo.map((s) => s.code);

/** The demo suppliers; the effective ones sign in with their code and a generated password. */
export async function seedDemoSuppliers(deps: Deps) {
  const signIns = [];
  const ids = new Map<string, number>();
  for (const s of demo) {
    const effective = (s.status ?? "effective") === "effective";
    const password = generatePassword();
    const row = await createSupplier(deps, { ...s, createPortalAccount: effective, password });
    ids.set(s.code, row.id);
    if (effective) signIns.push({ userName: s.code, password, role: StaticRoles.Supplier });
  }
  // Recorded by the demo buyer, who is then warned of the one expiring soon.
  const buyer = await findUserByName(deps.db, "buyer") ?? await findUserByName(deps.db, "admin");
  const today = dateInUtc8(deps.clock.now());
  for (const c of demoCertificates) {
    await createCertificate(deps, {
      id: buyer?.id ?? 0,
      userName: buyer?.userName ?? "demo",
      name: buyer?.name ?? "demo",
      kind: "staff",
      supplierId: null,
      roleNames: [],
      permissions: new Set(),
    }, {
      supplierId: ids.get(c.code)!,
      type: c.type,
      number: c.number,
      issuedOn: addDays(today, c.days - 1095),
      expiresOn: addDays(today, c.days),
    });
  }
  return signIns;
}
