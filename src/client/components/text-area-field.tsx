import type { TextareaHTMLAttributes } from "react";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";

type TextAreaFieldProps = FieldShellProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className">;

/** A labelled multi-line input with its error message announced beside it. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  invalidBy,
  rows = 5,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className} invalidBy={invalidBy}>
      {(control) => <textarea {...control} rows={rows} {...textarea} />}
    </FieldShell>
  );
}
