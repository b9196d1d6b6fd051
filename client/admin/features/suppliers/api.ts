// The supplier master-data calls (spec §7 Supplier) and their answers, typed by the server's DTOs.
import type { z } from "zod";
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { PortalAccount, SupplierDto } from "../../../../server/domain/suppliers/service.ts";
import type { SyncOutcome, SyncReport } from "../../../../server/domain/suppliers/sync.ts";
import type {
  createSupplierInput,
  updateSupplierInput,
} from "../../../../server/domain/suppliers/schemas.ts";

export const SUP = "/QMO/Supplier";

export type Supplier = Wire<SupplierDto>;
export type Account = Wire<PortalAccount>;
export type SupplierSyncReport = Wire<SyncReport>;

export const suppliersApi = {
  get: (id: number) => api.get<Supplier>(`${SUP}/GetSupplierDataByID`, { id }),
  create: (input: z.input<typeof createSupplierInput>) =>
    api.post<Supplier & { account?: Account }>(`${SUP}/CreateSupplierData`, input),
  update: (input: z.input<typeof updateSupplierInput>) =>
    api.post<Supplier>(`${SUP}/UpdateSupplierData`, input),
  remove: (id: number) =>
    api.delete<{ deleted: boolean; invalidated: boolean }>(`${SUP}/Delete`, { Id: id }, {
      silent: true,
    }),
  introduce: (code: string) =>
    api.post<{ supplier: Supplier; outcome: SyncOutcome }>(
      `${SUP}/IntroduceSupplier`,
      { code },
      { silent: true },
    ),
  syncFromErp: () => api.post<SupplierSyncReport>(`${SUP}/AutoInductSupplierData`),
  importFile: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api.post<SupplierSyncReport>(`${SUP}/ImportSupplierData`, form);
  },
  /** Sets the portal password, creating the portal sign-in first when there is none. */
  portalPassword: (supplier: Supplier, password: string) =>
    api.post<Account>(
      supplier.portalUserName ? `${SUP}/UpdateSupplierPassword` : `${SUP}/CreatePortSupplierData`,
      { id: supplier.id, ...(password ? { password } : {}) },
    ),
};
