// Supplier master data (spec §7 QMO/Supplier): query, maintain, export, portal sign-ins, and
// introduction from the ERP.
import { Permissions } from "../../domain/auth/permissions.ts";
import * as suppliersSvc from "../../domain/suppliers/service.ts";
import * as sync from "../../domain/suppliers/sync.ts";
import {
  createSupplierInput,
  editDateInput,
  importForm,
  introduceInput,
  listSuppliersInput,
  portalAccountInput,
  supplierIdInput,
  syncQuery,
  updateSupplierInput,
} from "../../domain/suppliers/schemas.ts";
import {
  changedCodes,
  createdSupplier,
  erpConnection,
  introducedSupplier,
  portalAccount,
  supplierDeleted,
  supplierDto,
  supplierPage,
  syncReport,
} from "../../domain/suppliers/results.ts";
import { downloadResponse } from "../../domain/files/service.ts";
import { SpooledFile } from "../../domain/files/spool.ts";
import { defineRoute } from "../route.ts";
import { recheckAuctionStreams } from "../auctionStream.ts";

const access = Permissions.SupplierSearch;
const update = updateSupplierInput.extend({ code: createSupplierInput.shape.code.optional() });

export const supplierRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/Supplier/GetAll",
    access,
    summary: "Suppliers, paged; filter by Code, FullName, AbbrName, status, IsInvalidFiltering.",
    query: listSuppliersInput,
    result: supplierPage,
    handler: ({ deps, query }) => suppliersSvc.listSuppliers(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Supplier/GetSupplierDataByID",
    access,
    summary: "One supplier with its portal sign-in name.",
    query: supplierIdInput,
    result: supplierDto,
    handler: ({ deps, query }) => suppliersSvc.getSupplier(deps, query.id),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Supplier/CreateSupplierData",
    access,
    summary:
      "Add a supplier; with createPortalAccount also its portal sign-in (a generated password is answered once).",
    body: createSupplierInput,
    result: createdSupplier,
    errors: [409],
    handler: ({ deps, body }) => suppliersSvc.createSupplier(deps, body),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Supplier/UpdateSupplierData",
    access,
    summary: "Change a supplier (the code cannot change).",
    body: update,
    result: supplierDto,
    handler: ({ deps, body }) => suppliersSvc.updateSupplier(deps, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/Supplier/Update",
    access,
    summary: "Same as UpdateSupplierData, as a PUT.",
    body: update,
    result: supplierDto,
    handler: ({ deps, body }) => suppliersSvc.updateSupplier(deps, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/Supplier/Delete",
    access,
    summary: "Delete a supplier; one that was invited or has quotes becomes invalid instead.",
    query: supplierIdInput,
    result: supplierDeleted,
    handler: ({ deps, query }) => suppliersSvc.deleteSupplier(deps, query.id),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Supplier/CreatePortSupplierData",
    access,
    summary: "Create a supplier's portal sign-in (user name = code, role Supplier).",
    body: portalAccountInput,
    result: portalAccount,
    errors: [409],
    handler: ({ deps, body }) => suppliersSvc.createPortalAccount(deps, body),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Supplier/UpdateSupplierPassword",
    access,
    summary: "Set a supplier's portal password (generated when omitted); its sessions end.",
    body: portalAccountInput,
    result: portalAccount,
    errors: [409],
    handler: async ({ deps, body }) => {
      const account = await suppliersSvc.setPortalPassword(deps, body);
      recheckAuctionStreams(deps); // the supplier's open auction streams end with its sessions
      return account;
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Supplier/Export",
    access,
    summary: "The filtered supplier list as an .xlsx file, in the caller's language.",
    query: listSuppliersInput,
    binary: true,
    errors: [404],
    handler: async ({ deps, query, lang }) => {
      const file = await suppliersSvc.exportSuppliers(deps, query, lang);
      return downloadResponse(file.stream, file.fileName);
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Supplier/GetSuppCodeByEditDate",
    access,
    summary:
      "The ERP's supplier codes edited at or after EditDate, each marked new / changed / same.",
    query: editDateInput,
    result: changedCodes,
    errors: [503],
    handler: async ({ deps, query }) => {
      const items = await sync.erpCodesChangedSince(deps, query.editDate);
      return { items, totalCount: items.length };
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Supplier/AutoInductSupplierData",
    access,
    summary:
      "Batch introduction from the ERP (optional query since, dryRun); answers created / updated / unchanged / rejected.",
    query: syncQuery,
    result: syncReport,
    errors: [503],
    handler: ({ deps, query, lang }) =>
      sync.syncFromErp(deps, { since: query.since, dryRun: query.dryRun, lang }),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Supplier/GetErpConnection",
    access,
    summary:
      "Whether an ERP supplier interface is set up (ERP_SUPPLIERS_URL): without one, introducing from the ERP answers 503 and the page offers the file import instead.",
    result: erpConnection,
    handler: ({ deps }) => ({ connected: sync.erpConnected(deps) }),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Supplier/IntroduceSupplier",
    access,
    summary: "Introduce (or refresh) one supplier from the ERP by its code.",
    body: introduceInput,
    result: introducedSupplier,
    errors: [404, 503],
    handler: ({ deps, body, lang }) => sync.introduceSupplier(deps, body.code, lang),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Supplier/ImportSupplierData",
    access,
    summary:
      "Batch introduction from an .xlsx or .csv file in the ERP's columns (multipart `file`).",
    form: importForm,
    result: syncReport,
    handler: async ({ deps, body, lang }) =>
      sync.syncFromFile(
        deps,
        // Read from the temporary file the upload was written to, a piece at a time.
        body.file instanceof SpooledFile ? body.file.path : await body.file.bytes(),
        { dryRun: body.dryRun, lang },
      ),
  }),
];
