// A supplier as the pages that name it beside other things show it: code, names, status and email
// addresses (the supplier list, the launch page's search, a project's invited suppliers).
import type { suppliers } from "../../../db/schema.ts";

export type SupplierSummary = {
  id: number;
  code: string;
  abbrName: string;
  fullName: string;
  status: "effective" | "invalid";
  email1: string | null;
  email2: string | null;
  email3: string | null;
};

export const supplierSummary = (s: typeof suppliers.$inferSelect): SupplierSummary => ({
  id: s.id,
  code: s.code,
  abbrName: s.abbrName,
  fullName: s.fullName,
  status: s.status,
  email1: s.email1,
  email2: s.email2,
  email3: s.email3,
});
