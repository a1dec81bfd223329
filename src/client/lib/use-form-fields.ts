import { type ChangeEvent, useCallback, useRef, useState } from "react";
import type { ZodType, z } from "zod";
import { ApiRequestError } from "./api-client.ts";
import { fieldErrors, focusFirstInvalid } from "./form-errors.ts";

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export type Validation<S extends ZodType> =
  | { ok: true; data: z.output<S> }
  | { ok: false; fields: Record<string, string> };

/**
 * The state every form of ours keeps: its values, a message per invalid field, and focus moved to the first
 * invalid control (so its message is read out). `field(name)` gives a field component its name, value, error
 * and change handler.
 */
export function useFormFields<T extends { [K in keyof T]: string }>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = useCallback((fields: Record<string, string>) => {
    setErrors(fields);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }, []);

  /** Checks the values with a shared schema; on failure the fields show their messages. */
  function validate<S extends ZodType>(schema: S, input: unknown = values): Validation<S> {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return { ok: true, data: parsed.data };
    }
    const fields = fieldErrors(parsed.error);
    showErrors(fields);
    return { ok: false, fields };
  }

  /** Shows the server's per-field messages of a refused request, if it sent any. */
  function showServerErrors(error: unknown): void {
    if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) showErrors(error.fields);
  }

  function field<K extends keyof T & string>(name: K) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<FieldElement>) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
    };
  }

  function reset(next: T) {
    setValues(next);
    setErrors({});
  }

  return { values, errors, formRef, field, validate, showErrors, showServerErrors, reset };
}
