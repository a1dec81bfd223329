// Phone numbers are personal data (issue 37): shown in full only to the person, the other side of an order they
// share and the operator; masked everywhere else, as `+91 98••• ••210`.

const DOT = "•";

/**
 * A number as anyone else may see it: an Indian mobile `+91 98••• ••210` (its first two and last three digits);
 * another country's its first four digits and last three (`+4477•••••123`), as its code's length is unknown
 * without libphonenumber's metadata. Takes E.164, with or without spaces and dashes.
 */
export function maskPhone(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) {
    return `+91 ${digits.slice(2, 4)}${DOT.repeat(3)} ${DOT.repeat(2)}${digits.slice(9)}`;
  }
  if (digits.length < 8) return DOT.repeat(digits.length);
  return `+${digits.slice(0, 4)}${DOT.repeat(digits.length - 7)}${digits.slice(-3)}`;
}

/**
 * What looks like a phone number in a free text: `+` and 8 to 15 digits (spaces or dashes between groups), or
 * an Indian mobile's 12 digits `91…` as the providers write it. A 13-digit time in milliseconds or a longer
 * id does not match (the word boundaries).
 */
const NUMBERS = /\+\d(?:[ -]?\d){7,14}\b|\b91[6-9]\d{9}\b/g;

/** Every phone number in a text masked (a log line, a provider's error), the rest as it was. */
export const maskPhonesIn = (text: string): string => text.replace(NUMBERS, maskPhone);
