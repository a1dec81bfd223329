import type { InputHTMLAttributes } from "react";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";

type TextFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, "className">;

/** A labelled input with its error message announced beside it. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} {...input} />}
    </FieldShell>
  );
}
