// The file service calls every area uses (spec §7 FileService): upload a file, download one to the
// browser, and a file's size as people read it.
import { api, saveBlob } from "../../shared/api.ts";
import type { Wire } from "../../shared/wire.ts";
import type { FileDto } from "../../../server/domain/files/service.ts";

const FS = "/QMO/FileService";

export const filesApi = {
  /** Stores a file (for a project when given) and answers what was stored. */
  upload: (file: File, projectId?: number) => {
    const form = new FormData();
    form.append("file", file);
    if (projectId) form.append("projectId", String(projectId));
    return api.post<Wire<FileDto>>(`${FS}/Upload`, form);
  },
  /** Downloads an attachment or quote file and hands it to the browser. */
  download: async (id: number, fallbackName?: string, silent = false) => {
    const file = await api.download(`${FS}/GetFileStream`, { id }, { silent });
    saveBlob(file, fallbackName);
  },
};

export function fileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
