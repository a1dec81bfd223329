import { type TextareaHTMLAttributes, useId } from "react";

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
}

/** A labelled multi-line input with its error message announced beside it. */
export function TextAreaField({ label, error, className, rows = 5, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${error ? "border-red-600" : "border-stone-300"}`}
        {...textarea}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
