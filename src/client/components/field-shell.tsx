import { type ReactNode, useId } from "react";

export interface FieldShellProps {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  /** The id of the form's own message when that message, not one of the field's, says what is wrong here. */
  invalidBy?: string;
}

/** What a control inside the shell must carry so its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/**
 * The frame every form field shares: its label, an optional hint, the error message announced beside the
 * control, and the control's classes (red border when invalid).
 */
export function FieldShell({
  label,
  error,
  hint,
  className,
  invalidBy,
  children,
}: FieldShellProps & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(error || invalidBy);
  const describedBy =
    [hint ? hintId : null, error ? errorId : invalidBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": invalid ? true : undefined,
        "aria-describedby": describedBy,
        className: `mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${invalid ? "border-red-600" : "border-stone-300"}`,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
