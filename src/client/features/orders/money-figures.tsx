import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatRupees } from "../../../shared/money.ts";
import { type RowColumn, RowTable } from "../../components/row-table.tsx";

/** Which sums to show, in order, each with its label. */
export type FigureLabels<K extends string> = readonly (readonly [K, MessageDescriptor])[];

/** Sums (rupees) as a small list of labelled boxes ("Delivered ₹101.00", …). */
export function FigureList<K extends string>({
  figures,
  labels,
  label,
  className = "sm:grid-cols-4",
}: {
  figures: Record<K, number>;
  labels: FigureLabels<K>;
  label: string;
  /** The grid's columns from sm up. */
  className?: string;
}) {
  const { i18n } = useLingui();
  return (
    <dl aria-label={label} className={`grid grid-cols-2 gap-2 ${className}`}>
      {labels.map(([key, text]) => (
        <div key={key} className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
          <dt className="text-sm text-stone-600">{i18n._(text)}</dt>
          <dd className="text-lg font-bold tabular-nums text-stone-900">{formatRupees(figures[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The columns of sums (rupees) of a money table, each under its label. */
export function useFigureColumns<K extends string, R extends Record<K, number>>(
  labels: FigureLabels<K>,
): RowColumn<R>[] {
  const { i18n } = useLingui();
  return labels.map(([key, text]) => ({
    key,
    header: i18n._(text),
    cell: (row: R) => formatRupees(row[key]),
    figures: true,
  }));
}

type FarmerRow<K extends string> = { farmerId: string | null; farmerName: string } & Record<K, number>;

/** Sums (rupees) farmer by farmer, a row each (`farmerId` null: the shop's own part). */
export function FarmersTable<K extends string>({
  farmers,
  labels,
  caption,
}: {
  farmers: readonly FarmerRow<K>[];
  labels: FigureLabels<K>;
  caption: string;
}) {
  const columns = useFigureColumns<K, FarmerRow<K>>(labels);
  // NOTE: wider than a phone with many columns: a keyboard reaches and scrolls it (WCAG 2.1.1).
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
    <section className="overflow-x-auto" tabIndex={0} aria-label={caption}>
      <RowTable
        caption={caption}
        nameHeader={<Trans>Farmer</Trans>}
        columns={columns}
        rows={farmers}
        rowKey={(farmer) => farmer.farmerId ?? "shop"}
        rowName={(farmer) => farmer.farmerName}
      />
    </section>
  );
}
