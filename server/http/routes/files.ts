// FileService (spec §7): upload, download and delete attachments.
import { Permissions, ProjectSearch } from "../../domain/auth/permissions.ts";
import { uploadProjectFile } from "../../domain/projects/attachments.ts";
import { deleteFile, openFileForDownload } from "../../domain/quotes/fileAccess.ts";
import { fileDto, fileIdInput, uploadInput } from "../../domain/files/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";

const projectStaff = ProjectSearch;

export const fileRoutes = [
  defineRoute({
    method: "post",
    path: "/QMO/FileService/Upload",
    // Supplier maintenance uploads certificate files here too (without a project).
    access: [...projectStaff, Permissions.SupplierSearch],
    summary:
      "Upload a project attachment or a certificate file (multipart field `file`, optional `projectId`); answers its id. 400 for a part the form does not take or a file without a name; 415 when the name's last extension is not accepted, a program's extension hides before it (invoice.exe.pdf) or it disagrees with the content.",
    form: uploadInput,
    result: fileDto,
    errors: [404, 409],
    handler: ({ deps, actor, body }) => uploadProjectFile(deps, actor, body),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/FileService/GetFileStream",
    access: "signedIn",
    audience: "any",
    summary:
      "Download an attachment by id (staff of its kind; suppliers their own or invited). A sealed quote answers 403 until quoting ends; staff opening a quote is written to the audit log.",
    query: fileIdInput,
    binary: true,
    errors: [403],
    handler: ({ deps, actor, query, meta }) => openFileForDownload(deps, actor, query.id, meta),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/FileService/DeleteFile",
    access: projectStaff,
    summary: "Remove an attachment of an unpublished project.",
    query: fileIdInput,
    result: noResult,
    errors: [409],
    handler: ({ deps, actor, query }) => deleteFile(deps, actor, query.id),
  }),
];
