// SystemCodeType: the data dictionary's code types and codes (company calendar days among them).
import { Permissions } from "../../domain/auth/permissions.ts";
import * as dict from "../../domain/dictionary/service.ts";
import {
  codeDto,
  codeIdInput,
  codeOptionsResult,
  codePage,
  codeTypeDto,
  codeTypePage,
  createCodeInput,
  createCodeTypeInput,
  idInput,
  listCodesInput,
  listCodeTypesInput,
  updateCodeInput,
  updateCodeTypeInput,
} from "../../domain/dictionary/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { optionsInput, projectCodeOptions } from "../../domain/dictionary/projectCodes.ts";
import { defineRoute } from "../route.ts";

const manage = Permissions.SystemCodeTypeSearch;

export const dictionaryRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/SystemCodeType/GetOptions",
    access: [Permissions.OfferProjectManagerSearch, Permissions.AmsOfferProjectManagerSearch],
    summary:
      "The active codes a project form offers (typeCode Unit, Factory or CloseReason), in order.",
    query: optionsInput,
    result: codeOptionsResult,
    handler: ({ deps, query }) => projectCodeOptions(deps.db, query.typeCode),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SystemCodeType/GetAll",
    access: manage,
    summary: "Code types, paged; filter by keyword.",
    query: listCodeTypesInput,
    result: codeTypePage,
    handler: ({ deps, query }) => dict.listCodeTypes(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SystemCodeType/Get",
    access: manage,
    summary: "One code type.",
    query: idInput,
    result: codeTypeDto,
    handler: ({ deps, query }) => dict.getCodeType(deps, query.id),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SystemCodeType/Create",
    access: manage,
    summary: "Create a code type (unique code).",
    body: createCodeTypeInput,
    result: codeTypeDto,
    handler: ({ deps, body }) => dict.createCodeType(deps, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/SystemCodeType/Update",
    access: manage,
    summary: "Change a code type.",
    body: updateCodeTypeInput,
    result: codeTypeDto,
    handler: ({ deps, body }) => dict.updateCodeType(deps, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/SystemCodeType/Delete",
    access: manage,
    summary: "Delete a code type and its codes.",
    query: idInput,
    result: noResult,
    handler: ({ deps, query }) => dict.deleteCodeType(deps, query.id),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SystemCodeType/GetCodes",
    access: manage,
    summary: "Codes of a type (typeId or typeCode), paged.",
    query: listCodesInput,
    result: codePage,
    handler: ({ deps, query }) => dict.listCodes(deps, query),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SystemCodeType/CreateCode",
    access: manage,
    summary:
      "Add a code; CompanyCalendar codes are dates YYYY-MM-DD with value 1 (working) or 0 (day off).",
    body: createCodeInput,
    result: codeDto,
    handler: ({ deps, body }) => dict.createCode(deps, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/SystemCodeType/UpdateCode",
    access: manage,
    summary: "Change a code.",
    body: updateCodeInput,
    result: codeDto,
    handler: ({ deps, body }) => dict.updateCode(deps, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/SystemCodeType/DeleteCode",
    access: manage,
    summary: "Delete a code.",
    query: codeIdInput,
    result: noResult,
    handler: ({ deps, query }) => dict.deleteCode(deps, query.id),
  }),
];
