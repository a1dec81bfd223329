import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatRupees } from "../../../shared/money.ts";
import type { OccurrenceReason } from "../../../shared/schemas/standing-orders.ts";
import type { DayStats, PeriodStats, StandingOrderStats } from "../../../shared/schemas/stats.ts";
import { LoadState } from "../../components/load-state.tsx";
import { currentLanguage, intlLocale } from "../../lib/i18n.ts";
import { useShopStats } from "./admin.api.ts";

const PERIODS = [
  ["today", msg`Today`],
  ["week", msg`This week`],
  ["all", msg`All time`],
] as const;

/** A card of figures: its title, each figure under its label, and anything more below them. */
function FiguresCard({
  title,
  rows,
  columns,
  children,
}: {
  title: string;
  rows: [string, string | number][];
  columns: string;
  children?: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <dl className={`mt-3 grid ${columns} gap-3`}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-xl font-bold tabular-nums text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

function PeriodCard({ title, stats }: { title: string; stats: PeriodStats }) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    [t`Orders`, String(stats.orders)],
    [t`Revenue`, formatRupees(stats.revenue)],
    [t`New accounts`, String(stats.accounts)],
    [t`New products`, String(stats.products)],
  ];
  return <FiguresCard title={title} rows={rows} columns="grid-cols-2" />;
}

/** Why a standing order's delivery was not made (or skipped), as the operator reads it. */
const REASONS: Record<OccurrenceReason, MessageDescriptor> = {
  sold_out: msg`Sold out`,
  unavailable: msg`Product no longer available`,
  slot_full: msg`Slot full`,
  slot_closed: msg`Slot closed`,
  area: msg`Address outside the farmer's area`,
  farmer_suspended: msg`Farmer suspended`,
  paused: msg`Paused`,
  skipped: msg`Skipped`,
  ended: msg`Ended`,
  price_rise: msg`Price rise not accepted`,
};

/** Standing orders at a glance (issue 35): active ones, this week's deliveries, and the missed ones and why. */
function StandingOrdersCard({ stats }: { stats: StandingOrderStats }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const title = t`Standing orders`;
  const missed = stats.missedThisWeek.reduce((sum, row) => sum + row.count, 0);
  const rows: [string, number][] = [
    [t`Active`, stats.active],
    [t`Deliveries this week`, stats.occurrencesThisWeek],
    [t`Missed this week`, missed],
  ];
  return (
    <FiguresCard title={title} rows={rows} columns="grid-cols-3">
      {stats.missedThisWeek.length > 0 ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-stone-900">
            <Trans>Missed this week, by reason</Trans>
          </h4>
          <ul className="mt-1 text-sm text-stone-700">
            {stats.missedThisWeek.map((row) => (
              <li key={row.reason}>
                {_(REASONS[row.reason])}: <span className="tabular-nums">{row.count}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </FiguresCard>
  );
}

/** "Asia/Kolkata" in English (as the spec shows it); in Hindi and Marathi, the zone's name in that language. */
function zoneName(timeZone: string): string {
  if (currentLanguage() === "en") return timeZone;
  const parts = new Intl.DateTimeFormat(intlLocale(), { timeZone, timeZoneName: "long" }).formatToParts();
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat(intlLocale(), { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * Orders per day over the last 30 days as bars, drawn as SVG (no chart library: 30 rectangles). The same
 * numbers are in a table below it for screen readers and for reading exact values.
 */
function OrdersChart({ days }: { days: readonly DayStats[] }) {
  const { t } = useLingui();
  const most = Math.max(1, ...days.map((day) => day.orders));
  const count = days.length;
  const from = days[0]?.date;
  const to = days.at(-1)?.date;
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  return (
    <figure className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <figcaption className="font-semibold text-stone-900">
        <Trans>Orders per day, last {count} days</Trans>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        className="mt-3 h-48 w-full"
        role="img"
        aria-label={t`Orders per day from ${from} to ${to}; the most on one day: ${most}`}
        preserveAspectRatio="none"
      >
        <line x1="0" x2={width} y1={height} y2={height} className="stroke-stone-300" />
        {days.map((day, index) => {
          const h = (day.orders / most) * (height - 10);
          const label = dayLabel(day.date);
          const orders = day.orders;
          return (
            <rect
              key={day.date}
              x={index * bar + 2}
              y={height - h}
              width={bar - 4}
              height={h}
              rx="2"
              className="fill-brand-600"
            >
              <title>{t`${label}: ${orders} orders`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-stone-600" aria-hidden="true">
        <span>{days[0] ? dayLabel(days[0].date) : ""}</span>
        <span>{days.at(-1) ? dayLabel(days.at(-1)?.date ?? "") : ""}</span>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">
          <Trans>The numbers</Trans>
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="text-stone-600">
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">
                <Trans>Orders</Trans>
              </th>
              <th scope="col">
                <Trans>Revenue</Trans>
              </th>
              <th scope="col">
                <Trans>New accounts</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t border-stone-100">
                <th scope="row" className="font-normal">
                  {day.date}
                </th>
                <td className="tabular-nums">{day.orders}</td>
                <td className="tabular-nums">{formatRupees(day.revenue)}</td>
                <td className="tabular-nums">{day.accounts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The shop at a glance at /admin: three periods, messages waiting, standing orders, and orders per day. */
export function OverviewSection() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const stats = useShopStats();
  return (
    <section aria-labelledby="overview-heading" className="space-y-4">
      <h2 id="overview-heading" className="text-xl font-bold text-stone-900">
        <Trans>The shop at a glance</Trans>
      </h2>
      <LoadState query={stats} what={t`figures`} isEmpty={false} empty={null}>
        {stats.data ? (
          <>
            <p className="text-stone-700">
              {plural(stats.data.messagesWaiting, { one: "# message waiting", other: "# messages waiting" })}{" "}
              <Trans>
                · days in the shop's time zone ({zoneName(stats.data.timeZone)}), weeks from Monday.
              </Trans>
            </p>
            <div className="grid gap-4 md:grid-cols-3">
              {PERIODS.map(([key, title]) => (
                <PeriodCard key={key} title={_(title)} stats={stats.data.totals[key]} />
              ))}
            </div>
            <StandingOrdersCard stats={stats.data.standingOrders} />
            <OrdersChart days={stats.data.days} />
          </>
        ) : null}
      </LoadState>
    </section>
  );
}
