import type { SelectHTMLAttributes } from "react";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";

type SelectFieldProps = FieldShellProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> & {
    options: readonly { value: string; label: string }[];
  };

/** A labelled select with its hint and error message announced beside it. */
export function SelectField({
  label,
  error,
  hint,
  options,
  className,
  invalidBy,
  ...select
}: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className} invalidBy={invalidBy}>
      {(control) => (
        <select {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
