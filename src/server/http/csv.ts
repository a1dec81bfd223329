/**
 * A cell a spreadsheet reads as a formula starts with one of these (a tab or CR too, at the very start), maybe
 * after spaces (any kind, a no-break space too) or quotes a spreadsheet may trim.
 */
const FORMULA_START = /^(?:[\s"]*[=+\-@]|[\t\r])/;
/**
 * Where a spreadsheet splitting text into columns (on comma, semicolon, tab, bar or a line end) would start a
 * new cell with a formula: `x;=1+1;y` gives a cell `=1+1` (issue 40 #28). Spaces (a no-break one too) and
 * quotes after the separator count, as a spreadsheet may trim them: `q;"=1+1";r` too.
 */
const FORMULA_AFTER_SEPARATOR = /([,;|\t\r\n][\s"]*)(?=[=+\-@])/g;
/** Split on spaces, a formula cannot hold one: only a starter right before more text is one ("Pune - 411001" is not). */
const FORMULA_AFTER_SPACE = /( )(?=[=+\-@]\S)/g;

/** A CSV cell: quoted when it must be, and every formula start defused so no spreadsheet runs it. */
const csvCell = (value: string | number) => {
  const text = String(value).replace(FORMULA_AFTER_SEPARATOR, "$1'").replace(FORMULA_AFTER_SPACE, "$1'");
  // NOTE: a leading ' keeps the cell text in every spreadsheet, and shows nothing.
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Rows as a CSV download (CRLF line ends, as RFC 4180 and spreadsheets expect). */
export const toCsv = (rows: readonly (readonly (string | number)[])[]): string =>
  `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
