import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatRupees } from "../../../shared/money.ts";

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

/** Sums (rupees) farmer by farmer, a row each (`farmerId` null: the shop's own part). */
export function FarmersTable<K extends string>({
  farmers,
  labels,
  caption,
}: {
  farmers: readonly ({ farmerId: string | null; farmerName: string } & Record<K, number>)[];
  labels: FigureLabels<K>;
  caption: string;
}) {
  const { i18n } = useLingui();
  // NOTE: wider than a phone with many columns: a keyboard reaches and scrolls it (WCAG 2.1.1).
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
    <section className="overflow-x-auto" tabIndex={0} aria-label={caption}>
      <table className="w-full text-left text-sm text-stone-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            <th scope="col" className="py-2">
              <Trans>Farmer</Trans>
            </th>
            {labels.map(([key, text]) => (
              <th key={key} scope="col" className="py-2 text-right">
                {i18n._(text)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {farmers.map((farmer) => (
            <tr key={farmer.farmerId ?? "shop"}>
              <th scope="row" className="py-2 font-medium">
                {farmer.farmerName}
              </th>
              {labels.map(([key]) => (
                <td key={key} className="py-2 text-right tabular-nums">
                  {formatRupees(farmer[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
