// The file-list dialog of a project (spec §2): page 1, limit 10, each attachment downloadable; a
// failed download shows a warning with the reason.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { DataTable, FormDialog, Pagination, RowAction } from "../../components/index.ts";
import { type Attachment, projectsApi } from "./api.ts";
import { filesApi, fileSize } from "../../components/files.ts";

const LIMIT = 10;

export function FileListDialog(
  { project, onClose }: { project: { id: number; code: string } | null; onClose: () => void },
) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(LIMIT);
  const [data, setData] = useState<{ items: Attachment[]; totalCount: number } | null>(null);

  useEffect(() => {
    if (project) setPage(1);
  }, [project?.id]);
  useEffect(() => {
    if (!project) return setData(null);
    let stale = false;
    projectsApi.files(project.id, page, size).then((d) => !stale && setData(d)).catch(() => {});
    return () => {
      stale = true;
    };
  }, [project?.id, page, size]);

  async function download(f: Attachment) {
    try {
      await filesApi.download(f.id, f.fileName, true);
    } catch (err) {
      message.warning(`${t("projectsPage.downloadFailed")}: ${(err as Error).message}`);
    }
  }

  return (
    <FormDialog
      open={!!project}
      title={`${t("projectsPage.files")} · ${project?.code ?? ""}`}
      onClose={onClose}
      size="lg"
      testId="file-list-dialog"
    >
      <div className="space-y-3">
        <DataTable
          rows={data?.items ?? []}
          loaded={!!data}
          rowKey={(f) => f.id}
          indexOffset={(page - 1) * size}
          empty={t("projectsPage.noFiles")}
          columns={[
            { key: "fileName", title: t("projectsPage.fileName"), className: "break-all" },
            {
              key: "size",
              title: t("projectsPage.fileSize"),
              align: "right",
              nowrap: true,
              width: "7rem",
              render: (f) => (f.size === undefined ? "" : fileSize(f.size)),
            },
            {
              key: "actions",
              title: t("ui.actions"),
              width: "6rem",
              render: (f) => (
                <RowAction onClick={() => download(f)} testId="download">
                  {t("projectsPage.download")}
                </RowAction>
              ),
            },
          ]}
        />
        <Pagination
          total={data?.totalCount ?? 0}
          page={page}
          size={size}
          onPage={setPage}
          onSize={(s) => {
            setSize(s);
            setPage(1);
          }}
        />
      </div>
    </FormDialog>
  );
}
