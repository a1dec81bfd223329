/**
 * The texts both sides say (decision 059). Each is a message of the shared Lingui catalogue,
 * `src/shared/locales/{en,hi,mr}.po`, marked for `lingui extract` with an `i18n` comment and with its English
 * as its id. The shared modules hand out that English, so a zod schema's message, an API error's message and
 * a toast stay plain strings; each side says them in a reader's language through its own Lingui instance
 * (the server's `textsIn`, the screens' `i18n`), looking the English up with `sharedTextOf`.
 */

/** What a text's `{placeholders}` are filled with. */
export type TextValues = Readonly<Record<string, string | number>>;

/** A shared text as the catalogue knows it: its id (its English, with placeholders) and its values. */
export interface SharedText {
  readonly id: string;
  readonly values?: TextValues;
}

interface Descriptor<Id extends string = string> {
  readonly id: Id;
  readonly comment?: string;
}

/** A shared text without values: its English, which is its id. */
export const text = <const Id extends string>(descriptor: Descriptor<Id>): Id => descriptor.id;

/** The English of a text with its `{placeholders}` filled (shared texts use no plural or select forms). */
export const fill = ({ id }: Descriptor, values: TextValues): string =>
  id.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Texts whose values are fixed for the process (a limit, a list of units), by their English. */
const fixed = new Map<string, SharedText>();

/**
 * A shared text whose values never change (a limit from constants.ts): its English, remembered, so that
 * either side finds the message and its values again from the English an answer carries.
 */
export function fixedText(descriptor: Descriptor, values: TextValues): string {
  const english = fill(descriptor, values);
  fixed.set(english, { id: descriptor.id, values });
  return english;
}

/** A shared text said with values that change at every use, and its English. */
export type TextWith = SharedText & { readonly english: string };

/**
 * A shared text with values that change at every use (a line number, a product's name): its English, and
 * the message and values to say it in another language with (`AppError` carries them to the error handler).
 */
export function textWith(descriptor: Descriptor, values: TextValues): TextWith {
  return { id: descriptor.id, values, english: fill(descriptor, values) };
}

/** The catalogue's message for a shared text's English: a fixed text's with its values, else the English itself. */
export const sharedTextOf = (english: string): SharedText => fixed.get(english) ?? { id: english };
