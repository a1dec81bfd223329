import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatRupees } from "../../../shared/money.ts";
import { ActionNote } from "./run-action-note.tsx";
import type { ShownRun } from "./run-queue.ts";

/** One figure of the run's summary: its name over it. */
function Figure({ name, className, children }: { name: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-sm text-stone-700">{name}</dt>
      <dd className="text-xl font-bold">{children}</dd>
    </div>
  );
}

/** What the farmer counts in the evening: stops done and left, cash and UPI taken, what is still due. */
export function RunSummary({ totals }: { totals: ShownRun["totals"] }) {
  const { t } = useLingui();
  return (
    <dl
      aria-label={t`Summary of the run`}
      className="mt-3 grid grid-cols-2 gap-2 rounded-xl bg-brand-50 p-3 text-stone-900 sm:grid-cols-4 print:bg-white"
    >
      <Figure name={<Trans>Stops done</Trans>}>
        {totals.done} / {totals.stops}
      </Figure>
      <Figure name={<Trans>Stops left</Trans>}>{totals.stops - totals.done}</Figure>
      <Figure name={<Trans>Cash in hand</Trans>}>{formatRupees(totals.cash)}</Figure>
      <Figure name={<Trans>UPI received</Trans>}>{formatRupees(totals.upi)}</Figure>
      <Figure name={<Trans>Still due</Trans>} className="col-span-2 sm:col-span-4">
        {formatRupees(totals.due)}
      </Figure>
    </dl>
  );
}

/**
 * What the whole run waits for or was refused: the run kept on the phone while offline, the actions waiting
 * to send, a refused new order of the stops, and what was recorded for orders that left the run.
 */
export function RunNotices({
  shown,
  kept,
  waiting,
  dismiss,
}: {
  shown: ShownRun;
  kept: boolean;
  waiting: number;
  dismiss: (key: string) => Promise<void>;
}) {
  const { t } = useLingui();
  return (
    <>
      {kept ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-stone-900 print:hidden">
          <Trans>
            No connection: this is the run as last loaded on this phone. What you record is kept here and sent
            when you are back online.
          </Trans>
        </p>
      ) : null}
      {waiting > 0 ? (
        <p role="status" className="mt-3 font-semibold text-amber-900 print:hidden">
          {waiting === 1 ? (
            <Trans>1 action waiting to send</Trans>
          ) : (
            <Trans>{waiting} actions waiting to send</Trans>
          )}
        </p>
      ) : null}
      {shown.waiting.length > 0 ? (
        <p className="mt-1 text-sm text-amber-900 print:hidden">
          <Trans>The new order of the stops is waiting to send.</Trans>
        </p>
      ) : null}
      {shown.refusedOrders.map((action) => (
        <ActionNote key={action.key} action={action} dismiss={dismiss} />
      ))}
      {shown.gone.length > 0 ? (
        <section
          aria-label={t`No longer in the run`}
          className="mt-4 rounded-2xl border border-red-200 bg-white p-4 print:hidden"
        >
          <h2 className="text-lg font-bold text-stone-900">
            <Trans>No longer in the run</Trans>
          </h2>
          <p className="text-sm text-stone-700">
            <Trans>
              These orders left the run after you recorded something for them (cancelled meanwhile).
            </Trans>
          </p>
          {shown.gone.map((action) => (
            <ActionNote key={action.key} action={action} dismiss={dismiss} />
          ))}
        </section>
      ) : null}
    </>
  );
}
