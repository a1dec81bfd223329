/** A CSV cell: quoted when it must be, and a leading = + - @ defused so no spreadsheet runs it as a formula. */
const csvCell = (value: string | number) => {
  const text = String(value);
  // NOTE: a cell starting with = + - @ is read as a formula by spreadsheets; a leading ' keeps it text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Rows as a CSV download (CRLF line ends, as RFC 4180 and spreadsheets expect). */
export const toCsv = (rows: readonly (readonly (string | number)[])[]): string =>
  `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
