// The building blocks of the back-office's list pages.
export { ConfirmDialog, useConfirm } from "./ConfirmDialog.tsx";
export { type Column, DataTable, PagedTable, TABLE_MAX_HEIGHT } from "./DataTable.tsx";
export {
  Field,
  type FieldErrors,
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
export { pagerItems, Pagination } from "./Pagination.tsx";
export {
  type DraftBinding,
  KeywordField,
  QueryField,
  QueryForm,
  QuerySelect,
  QueryText,
} from "./QueryForm.tsx";
export {
  AddButton,
  Badge,
  EditDeleteActions,
  ExportButton,
  orDash,
  RowAction,
  RowActions,
  Toolbar,
} from "./Toolbar.tsx";
export {
  DEFAULT_PAGE_SIZE,
  listParams,
  PAGE_SIZES,
  type Paged,
  type PagedList,
  type Sort,
  usePagedList,
} from "./usePagedList.ts";
export { useDeleteRow, useEditDialog } from "./useRowEditing.tsx";
