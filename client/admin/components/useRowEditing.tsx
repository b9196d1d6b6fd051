// The add/edit dialog and the delete of a list's rows: which row a dialog is open for, and the
// delete behind the spec's confirmation.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "./ConfirmDialog.tsx";
import { runDelete } from "./FormDialog.tsx";

/**
 * The row an add/edit dialog is open for ("new" for add): `open` opens it, `row` is the row
 * (null for add), `close` closes it and `saved` closes it and calls `onSaved` (a reload …).
 */
export function useEditDialog<R>(onSaved: () => void) {
  const [editing, setEditing] = useState<R | "new" | null>(null);
  return {
    editing,
    open: setEditing,
    row: editing === "new" ? null : editing,
    close: () => setEditing(null),
    saved: () => {
      setEditing(null);
      onSaved();
    },
  };
}

/**
 * A row's delete: asks the delete confirmation, deletes ("deleted successfully", or "delete
 * failed" with the reason) and calls `onDeleted` when it worked. Answers the confirmation's
 * element (render it once in the page) and the delete.
 */
export function useDeleteRow<R>(
  del: (row: R) => Promise<unknown>,
  onDeleted: (row: R) => void,
  /** The confirmation's text, when not the spec's "delete this record?". */
  confirmText?: (row: R) => ReactNode,
): [ReactNode, (row: R) => Promise<void>] {
  const { t } = useTranslation();
  const [confirmElement, confirm] = useConfirm();
  async function remove(row: R) {
    if (!(await confirm(confirmText && { text: confirmText(row) }))) return;
    if (await runDelete(t, () => del(row))) onDeleted(row);
  }
  return [confirmElement, remove];
}
