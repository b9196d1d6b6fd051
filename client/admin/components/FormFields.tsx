// A dialog's form state and the labelled controls bound to it: each control shows the form's
// value of its field, sets it (clearing the field's error) and shows the field's error beside it.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useCallback,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { createOrUpdate } from "../../shared/api.ts";
import { useAction } from "../../shared/useAction.ts";
import { Field, type FieldErrors, inputClass, runSave, useFieldErrors } from "./FormDialog.tsx";

/** What a bound control needs of a form: its values, its field errors and how to set a field. */
export type FormBinding<T> = {
  values: T;
  errors: FieldErrors;
  set: <K extends keyof T>(name: K, value: T[K]) => void;
};

/** The names of T's fields whose values are of type V. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;

/**
 * A dialog's form: the values, `set` (which clears the field's error), the field errors, `check`
 * for the client-side checks and `save` for the request, with `busy` while it runs.
 */
export function useFormState<T extends object>(initial: T | (() => T)) {
  const { t } = useTranslation();
  const [values, setValues] = useState<T>(initial);
  const { errors, setErrors, clear, clearField } = useFieldErrors();
  const [run, busy] = useAction();
  const set = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    clearField(String(name));
  }, [clearField]);
  /** Shows the errors the client-side checks found; answers whether there were none. */
  const check = useCallback((found: FieldErrors) => {
    setErrors(found);
    return Object.keys(found).length === 0;
  }, [setErrors]);
  /**
   * Runs the save (see runSave) with `busy` on; the server's errors of `fields` are shown beside
   * them. Answers whether it worked.
   */
  const save = useCallback(async (action: () => Promise<unknown>, fields: readonly string[]) => {
    let saved = false;
    await run(async () => {
      saved = await runSave(t, action, { fields, onFieldErrors: setErrors });
    });
    return saved;
  }, [t, setErrors, run]);
  /**
   * Saves the dialog's row (see save): PUT `paths.update` with the row's `id` when it edits one,
   * POST `paths.create` when it adds one. Answers whether it worked.
   */
  const saveRow = useCallback(
    (
      id: number | undefined,
      paths: { create: string; update: string },
      body: object,
      fields: readonly string[],
    ) => save(() => createOrUpdate(paths, id, body), fields),
    [save],
  );
  return {
    values,
    setValues,
    set,
    errors,
    setErrors,
    clear,
    clearField,
    busy,
    check,
    save,
    saveRow,
  };
}

/** What every bound control takes: its field, its control's id, the label and the Field's extras. */
type BoundProps<T, K extends keyof T> = {
  form: FormBinding<T>;
  /** The field of the form, and the API's member name the server reports errors under. */
  name: K;
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /** Classes of the whole field (a grid span …). */
  className?: string;
  /** More classes of the control (a width, tabular-nums …). */
  controlClass?: string;
  /** Instead of setting the field (and clearing its error): when a change does more. */
  onChange?: (value: T[K]) => void;
};
type Native<A> = Omit<A, "id" | "name" | "value" | "checked" | "onChange" | "className" | "form">;

function change<T, K extends keyof T>(
  form: FormBinding<T>,
  name: K,
  value: T[K],
  onChange?: (value: T[K]) => void,
) {
  if (onChange) onChange(value);
  else form.set(name, value);
}

/**
 * Splits a bound control's props: the Field's props (label, error …), the field's error, and the
 * rest for the control itself.
 */
function fieldOf<T, K extends keyof T & string, R>(
  { form, name, id, label, required, hint, className, controlClass: _, onChange: __, ...rest }:
    & BoundProps<T, K>
    & R,
) {
  const error = form.errors[name];
  return { field: { label, name, htmlFor: id, error, required, hint, className }, error, rest };
}

/** A text-valued control's id, class (with the error ring), value and change. */
function textControl<T, K extends keyof T & string>(
  { form, name, id, controlClass, onChange }: BoundProps<T, K>,
  error: string | undefined,
) {
  return {
    id,
    className: inputClass(error, controlClass),
    value: form.values[name] as string,
    onChange: (e: { target: { value: string } }) =>
      change(form, name, e.target.value as T[K], onChange),
  };
}

/** A labelled text input (any `type` an input of text takes: email, password, date …). */
export function TextField<T, K extends KeysOf<T, string>>(
  props: BoundProps<T, K> & Native<InputHTMLAttributes<HTMLInputElement>>,
) {
  const { field, error, rest } = fieldOf(props);
  return (
    <Field {...field}>
      <input {...rest} {...textControl(props, error)} />
    </Field>
  );
}

/** A labelled text area. */
export function TextAreaField<T, K extends KeysOf<T, string>>(
  props: BoundProps<T, K> & Native<TextareaHTMLAttributes<HTMLTextAreaElement>>,
) {
  const { field, error, rest } = fieldOf(props);
  return (
    <Field {...field}>
      <textarea {...rest} {...textControl(props, error)} />
    </Field>
  );
}

/** A labelled select of string values; the options are its children. */
export function SelectField<T, K extends KeysOf<T, string>>(
  props: BoundProps<T, K> & Native<SelectHTMLAttributes<HTMLSelectElement>>,
) {
  const { field, error, rest } = fieldOf(props);
  return (
    <Field {...field}>
      <select {...rest} {...textControl(props, error)} />
    </Field>
  );
}

/** A labelled check box with its text beside it. */
export function CheckField<T, K extends KeysOf<T, boolean>>(
  props:
    & Omit<BoundProps<T, K>, "controlClass">
    & { text: ReactNode }
    & Native<InputHTMLAttributes<HTMLInputElement>>,
) {
  const { field, rest: { text, ...rest } } = fieldOf(props);
  const { form, name, id, onChange } = props;
  return (
    <Field {...field}>
      <label className="inline-flex items-center gap-1.5 pt-1.5 text-sm">
        <input
          {...rest}
          id={id}
          type="checkbox"
          className="size-4 accent-primary"
          checked={form.values[name] as boolean}
          onChange={(e) => change(form, name, e.target.checked as T[K], onChange)}
        />
        {text}
      </label>
    </Field>
  );
}
