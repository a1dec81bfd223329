/**
 * What was typed into a server-drawn page before the app took it over (decision 037). React keeps a field's
 * value while it hydrates, but believes the value it drew; the next time it draws the field, it puts that one
 * back, and the typing is lost. So the fields typed into are noted just before hydrating and told to React
 * after it, as the typing they were: an `input` event React counts as a change.
 */
export interface TypedField {
  field: HTMLInputElement | HTMLTextAreaElement;
  /** What the server drew in it. */
  drawn: string;
  value: string;
}

const NOT_TYPED = new Set(["checkbox", "radio", "file", "hidden", "submit", "button", "reset", "image"]);

/** The fields under `root` whose value is no longer the one the server drew. */
export function typedFields(root: HTMLElement): TypedField[] {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")]
    .filter((field) => !(field instanceof HTMLInputElement && NOT_TYPED.has(field.type)))
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, drawn: field.defaultValue, value: field.value }));
}

/**
 * Hands each field's early value to the app. NOTE: React notices a change only against the value it last saw,
 * which its own setter on the field records; so the field is first set through that setter to the value the
 * server drew, then to the typed one past it (the prototype's setter), and the `input` event is a change again. A field
 * typed into since hydrating already went through the app, and is left alone.
 */
export function replayTyped(fields: readonly TypedField[]): void {
  for (const { field, drawn, value } of fields) {
    if (!field.isConnected || (field.value !== value && field.value !== drawn)) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    field.value = drawn;
    setValue?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
