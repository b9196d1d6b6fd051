// The project category calls (spec §7 OfferProjectType), typed by the server's CategoryDto.
import type { z } from "zod";
import { api, createOrUpdate } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { listCategoriesInput } from "../../../../server/domain/categories/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { CategoryDto } from "../../../../server/domain/categories/service.ts";
import type { createCategoryInput } from "../../../../server/domain/categories/schemas.ts";

export type Category = Wire<CategoryDto>;

export const categoriesApi = {
  list: (params: ListParams<typeof listCategoriesInput>) =>
    api.get<Paged<Category>>(`/QMO/OfferProjectType/GetAll`, params),
  remove: (id: number) => api.delete(`/QMO/OfferProjectType/Delete`, { Id: id }, { silent: true }),
  save: (id: number | undefined, body: z.input<typeof createCategoryInput>) =>
    createOrUpdate(
      {
        create: `/QMO/OfferProjectType/CreateOfferProjectType`,
        update: `/QMO/OfferProjectType/UpdateOfferProjectType`,
      },
      id,
      body,
    ),
};
