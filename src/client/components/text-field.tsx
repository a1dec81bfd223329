import type { InputHTMLAttributes } from "react";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";

type TextFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, "className">;

/** A labelled input with its error message announced beside it. */
export function TextField({ label, error, hint, className, invalidBy, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className} invalidBy={invalidBy}>
      {(control) => <input {...control} {...input} />}
    </FieldShell>
  );
}
