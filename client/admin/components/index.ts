// The building blocks of the back-office's list pages.
export { useConfirm } from "./ConfirmDialog.tsx";
export { type Column, DataTable, PagedTable } from "./DataTable.tsx";
export {
  dialogErrorsOf,
  Field,
  fieldErrorsOf,
  FormDialog,
  inputClass,
  requiredErrors,
  runDelete,
  runSave,
  useFieldErrors,
} from "./FormDialog.tsx";
export {
  CheckField,
  type FormBinding,
  SelectField,
  TextAreaField,
  TextField,
  useFormState,
} from "./FormFields.tsx";
export { ListPage } from "./ListPage.tsx";
export { Pagination } from "./Pagination.tsx";
export { KeywordField, QueryField, QueryForm, QuerySelect, QueryText } from "./QueryForm.tsx";
export {
  AddButton,
  Badge,
  EditDeleteActions,
  ExportButton,
  orDash,
  RowAction,
  RowActions,
  RowMenuItem,
  RowMore,
  Toolbar,
} from "./Toolbar.tsx";
export { usePagedList } from "./usePagedList.ts";
export { useDeleteRow, useEditDialog } from "./useRowEditing.tsx";
