import { useLingui } from "@lingui/react";
import { type ChangeEvent, useCallback, useId, useRef, useState } from "react";
import type { ZodType, z } from "zod";
import { ApiRequestError } from "./api-client.ts";
import { fieldErrors, focusFirstInvalid } from "./form-errors.ts";
import { sayShared } from "./i18n.ts";

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export type Validation<S extends ZodType> =
  | { ok: true; data: z.output<S> }
  | { ok: false; fields: Record<string, string> };

export interface FormFieldsOptions<T> {
  /**
   * Messages that speak of the whole form ("Please fill out all fields..."): said once, in the form's own
   * message, with every field they concern marked invalid and pointing at it, never repeated under each field.
   */
  formMessages?: readonly string[];
  /** Called with the values after every change a field makes (a draft kept, a live re-check). */
  onChange?: (values: T) => void;
}

/** What a field component needs to show its state: its own message, or the form message it is marked by. */
export interface FieldState {
  error: string | undefined;
  invalidBy: string | undefined;
}

/**
 * A form's messages: one per invalid field, one for the whole form, and focus moved to the first invalid
 * control (so its message is read out). A message in `formMessages` is said once, in the form's own message.
 */
function useFormMessages(formMessages: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [ownFormError, setFormError] = useState<string | null>(null);
  const formErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // NOTE: a shared schema's messages are English, said in the language chosen from the shared catalogue
  // (decision 059; useLingui renders again when it changes). The server's arrive already in it.
  useLingui();
  const say = (message: string | undefined) => (message === undefined ? undefined : sayShared(message));
  const isFormMessage = (message: string | undefined) =>
    message !== undefined && formMessages.some((text) => text === message || say(text) === message);
  const sharedMessage = Object.values(errors).find(isFormMessage);
  /** The form's message: its own (a refusal no field explains), else a form-level field message. */
  const formError = say(ownFormError ?? sharedMessage) ?? null;

  const showErrors = useCallback((fields: Record<string, string>, { focus = true } = {}) => {
    setErrors(fields);
    if (focus) requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }, []);

  /** Sets (or clears, with undefined) one field's message, as a control checks itself on change. */
  function setFieldError(name: string, message: string | undefined) {
    setErrors((current) => {
      const { [name]: _, ...rest } = current;
      return message === undefined ? rest : { ...rest, [name]: message };
    });
  }

  function fieldState(name: string): FieldState {
    const message = errors[name];
    return isFormMessage(message)
      ? { error: undefined, invalidBy: formErrorId }
      : { error: say(message), invalidBy: undefined };
  }

  /** No message at all, as a form starts. */
  function clear() {
    setErrors({});
    setFormError(null);
  }

  return {
    errors,
    setErrors,
    formRef,
    formError,
    formErrorId,
    setFormError,
    fieldState,
    setFieldError,
    showErrors,
    clear,
  };
}

/**
 * The state every form of ours keeps: its values, a message per invalid field, one form-level message, and
 * focus moved to the first invalid control (so its message is read out). `field(name)` gives a field
 * component its name, value, error and change handler; `fieldState(name)` gives a hand-built control its
 * error (the file input of the add-product form).
 */
export function useFormFields<T extends { [K in keyof T]: string }>(
  initial: T | (() => T),
  options: FormFieldsOptions<T> = {},
) {
  const [values, setValues] = useState<T>(initial);
  const { setErrors, clear, ...messages } = useFormMessages(options.formMessages ?? []);
  const { fieldState, showErrors } = messages;

  /**
   * Checks the values (or `input`) with a shared schema; on failure the fields show their messages and focus
   * goes to the first invalid one (not with `focus: false`, for a re-check while the user types).
   */
  function validate<S extends ZodType>(
    schema: S,
    input: unknown = values,
    { focus = true } = {},
  ): Validation<S> {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return { ok: true, data: parsed.data };
    }
    const fields = fieldErrors(parsed.error);
    showErrors(fields, { focus });
    return { ok: false, fields };
  }

  /** Shows the server's per-field messages of a refused request, if it sent any; true when it did. */
  function showServerErrors(error: unknown): boolean {
    if (!(error instanceof ApiRequestError) || Object.keys(error.fields).length === 0) return false;
    showErrors(error.fields);
    return true;
  }

  function set<K extends keyof T & string>(name: K, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    options.onChange?.(next);
  }

  function field<K extends keyof T & string>(name: K) {
    return {
      name,
      value: values[name],
      ...fieldState(name),
      onChange: (event: ChangeEvent<FieldElement>) => set(name, event.target.value),
    };
  }

  function reset(next: T) {
    setValues(next);
    clear();
  }

  return { values, ...messages, field, set, validate, showServerErrors, reset };
}
