// The supplier quotation list's calls (spec §7 SupplierOffer), typed by the server's DTOs: the
// submissions, and the quoting instructions of the system settings shown above them.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { allSubmissionsInput } from "../../../../server/domain/quotes/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { SubmissionRowDto } from "../../../../server/domain/quotes/buyer.ts";
import type { SettingDto } from "../../../../server/domain/settings/service.ts";

const SUBMISSIONS = "/QMO/SupplierOffer/GetAllSubmissions";

export type Submission = Wire<SubmissionRowDto>;

export const supplierOfferApi = {
  /** Quote submissions across the projects of the kinds I may see, newest first. */
  submissions: (params: ListParams<typeof allSubmissionsInput>) =>
    api.get<Paged<Submission>>(SUBMISSIONS, params),
  /** The system settings (the quoting instructions are among them). */
  settings: () => api.get<{ items: Wire<SettingDto>[] }>("/QMO/SystemResource/GetAll"),
};
