import type { ReactNode } from "react";

/** A column of a RowTable: its header, what each row shows in it, and whether it holds figures. */
export interface RowColumn<R> {
  key: string;
  header: ReactNode;
  cell: (row: R) => ReactNode;
  /** Figures: right-aligned, in digits of one width. */
  figures?: boolean;
  /** More classes for the column's header and cells ("pl-3"). */
  className?: string;
}

/**
 * A table of rows each named in its first cell (the row's header) and the same columns after it: the money
 * tables (farmer by farmer, buyer by buyer), an order's lines, the demand of a slot. `pad` spaces every cell;
 * `headWeight` is the headers' weight; `footer` (a `<tfoot>`) comes after the rows.
 */
export function RowTable<R>({
  caption,
  captionClassName = "sr-only",
  className = "w-full text-left text-sm text-stone-800",
  headClassName = "border-b border-stone-200 text-stone-600",
  nameHeader,
  columns,
  rows,
  rowKey,
  rowName,
  pad = "py-2",
  headWeight = "",
  footer,
}: {
  caption: ReactNode;
  captionClassName?: string;
  className?: string;
  headClassName?: string;
  nameHeader: ReactNode;
  columns: readonly RowColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowName: (row: R) => ReactNode;
  pad?: string;
  headWeight?: string;
  footer?: ReactNode;
}) {
  const place = (column: RowColumn<R>) =>
    [pad, column.figures ? "text-right" : "", column.className ?? ""].filter(Boolean).join(" ");
  return (
    <table className={className}>
      <caption className={captionClassName}>{caption}</caption>
      <thead className={headClassName}>
        <tr>
          <th scope="col" className={`${pad} ${headWeight}`.trim()}>
            {nameHeader}
          </th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={`${place(column)} ${headWeight}`.trim()}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row" className={`${pad} font-medium`}>
              {rowName(row)}
            </th>
            {columns.map((column) => (
              <td key={column.key} className={`${place(column)}${column.figures ? " tabular-nums" : ""}`}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer}
    </table>
  );
}
