// OfferProjectType (spec §7): quotation project categories.
import { Permissions, ProjectSearch } from "../../domain/auth/permissions.ts";
import * as categories from "../../domain/categories/service.ts";
import { exportCategories } from "../../domain/categories/export.ts";
import { downloadResponse } from "../../domain/files/service.ts";
import {
  categoryDto,
  categoryIdInput,
  categoryOptionsResult,
  categoryPage,
  createCategoryInput,
  exportCategoriesInput,
  listCategoriesInput,
  updateCategoryInput,
} from "../../domain/categories/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";

const manage = Permissions.OfferProjectTypeSearch;

export const categoryRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectType/GetAll",
    access: manage,
    summary: "Categories, paged; filter by name.",
    query: listCategoriesInput,
    result: categoryPage,
    handler: ({ deps, query }) => categories.listCategories(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectType/GetExportList",
    access: manage,
    summary: "The filtered category list as an .xlsx file (headers in your language, UTC+8).",
    query: exportCategoriesInput,
    binary: true,
    errors: [404],
    handler: async ({ deps, query, lang }) => {
      const file = await exportCategories(deps, query, lang);
      return downloadResponse(file.stream, file.fileName);
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectType/Get",
    access: manage,
    summary: "One category.",
    query: categoryIdInput,
    result: categoryDto,
    handler: ({ deps, query }) => categories.getCategory(deps, query.id),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/OfferProjectType/Delete",
    access: manage,
    summary: "Delete a category no project uses (else 409).",
    query: categoryIdInput,
    result: noResult,
    errors: [409],
    handler: ({ deps, query }) => categories.deleteCategory(deps, query.id),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectType/CreateOfferProjectType",
    access: manage,
    summary: "Create a category (unique name).",
    body: createCategoryInput,
    result: categoryDto,
    handler: ({ deps, body }) => categories.createCategory(deps, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/OfferProjectType/UpdateOfferProjectType",
    access: manage,
    summary: "Rename or re-describe a category.",
    body: updateCategoryInput,
    result: categoryDto,
    handler: ({ deps, body }) => categories.updateCategory(deps, body),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectType/GetOfferProjectTypeList",
    access: [
      Permissions.OfferProjectTypeSearch,
      ...ProjectSearch,
    ],
    summary: "Every category as { id, name }, for the project form.",
    result: categoryOptionsResult,
    handler: ({ deps }) => categories.categoryOptions(deps),
  }),
];
