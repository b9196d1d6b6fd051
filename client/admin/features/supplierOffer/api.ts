// The supplier quotation list's calls (spec §7 SupplierOffer), typed by the server's DTOs: the
// submissions, and the quoting instructions of the system settings shown above them.
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { SubmissionRowDto } from "../../../../server/domain/quotes/buyer.ts";
import type { SettingDto } from "../../../../server/domain/settings/service.ts";

export const SUBMISSIONS = "/QMO/SupplierOffer/GetAllSubmissions";

export type Submission = Wire<SubmissionRowDto>;

export const supplierOfferApi = {
  /** The system settings (the quoting instructions are among them). */
  settings: () => api.get<{ items: Wire<SettingDto>[] }>("/QMO/SystemResource/GetAll"),
};
