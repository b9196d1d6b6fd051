// The data dictionary calls (spec §7 SystemCodeType): code types, their codes, and exchange rates,
// typed by the server's DTOs.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type {
  listCodesInput,
  listCodeTypesInput,
  listRatesInput,
} from "../../../../server/domain/dictionary/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { CodeDto, CodeTypeDto } from "../../../../server/domain/dictionary/service.ts";
import type { CommercialOption, RateDto } from "../../../../server/domain/dictionary/commercial.ts";

export const DICTIONARY = "/QMO/SystemCodeType";

export type CodeType = Wire<CodeTypeDto>;
export type Code = Wire<CodeDto>;
export type Rate = Wire<RateDto>;
/** A code as forms offer it: code and names (currencies, units, factories …). */
type CodeOption = CommercialOption;
export type Currency = CodeOption;

export const dictionaryApi = {
  types: (params: ListParams<typeof listCodeTypesInput>) =>
    api.get<Paged<CodeType>>(`${DICTIONARY}/GetAll`, params),
  codes: (params: ListParams<typeof listCodesInput>) =>
    api.get<Paged<Code>>(`${DICTIONARY}/GetCodes`, params),
  rates: (params: ListParams<typeof listRatesInput>) =>
    api.get<Paged<Rate>>(`${DICTIONARY}/GetExchangeRates`, params),
  removeType: (id: number) => api.delete(`${DICTIONARY}/Delete`, { id }, { silent: true }),
  removeCode: (id: number) => api.delete(`${DICTIONARY}/DeleteCode`, { id }, { silent: true }),
  removeRate: (id: number) =>
    api.delete(`${DICTIONARY}/DeleteExchangeRate`, { id }, { silent: true }),
};
