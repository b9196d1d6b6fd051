// Demo rows of the suppliers area: five PCB-material suppliers (one invalid), each effective one with
// a portal sign-in whose user name is its code.
import type { Deps } from "../context.ts";
import { StaticRoles } from "../auth/permissions.ts";
import { createSupplier } from "./service.ts";
import type { CreateSupplierInput } from "./schemas.ts";

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

/** The demo suppliers; the effective ones sign in with their code and `<code>@2026`. */
export async function seedDemoSuppliers(deps: Deps) {
  const signIns = [];
  for (const s of demo) {
    const effective = (s.status ?? "effective") === "effective";
    const password = `${s.code}@2026`;
    await createSupplier(deps, { ...s, createPortalAccount: effective, password });
    if (effective) signIns.push({ userName: s.code, password, role: StaticRoles.Supplier });
  }
  return signIns;
}
