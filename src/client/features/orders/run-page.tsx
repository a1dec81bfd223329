import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import { Button } from "../../components/button.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { formatCalendarDay } from "./format.ts";
import { useRun, useRunQueue } from "./run.api.ts";
import { TAP } from "./run-action-note.tsx";
import { type ShownStop, showRun } from "./run-queue.ts";
import { StopCard } from "./run-stop-card.tsx";
import { RunNotices, RunSummary } from "./run-summary.tsx";

/** The server's own words for a refused action (a 409's "cancelled meanwhile", an overpay), else `fallback`. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.code !== "network"
    ? (Object.values(error.fields)[0] ?? error.message)
    : fallback;

type RunQueue = ReturnType<typeof useRunQueue>;

/**
 * The delivery run of a date (issue 38): the summary the farmer counts in the evening, then one card per stop
 * with everything needed at that door. Printed, it is the A4 run sheet (the `print:` styles).
 */
export function RunPage({ userId }: { userId: string | undefined }) {
  const { t } = useLingui();
  const { date = "" } = useParams();
  const queue = useRunQueue(date, userId);
  const run = useRun(date, queue.store);
  if (run.isPending || !queue.loaded) return <p className="mx-auto max-w-3xl px-4 py-8">{t`Loading...`}</p>;
  if (!run.data) return <RunNotLoaded error={run.error} />;
  // NOTE: what the farmer did on this phone shows at once, before the server has it (decision 046).
  const shown = showRun(run.data.run, queue.actions);
  const waiting = queue.actions.filter((action) => action.date === date && !action.refused).length;
  return (
    <section className="run-sheet mx-auto max-w-3xl px-3 py-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to="/farmer"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          <Trans>Back to the Farmer Portal</Trans>
        </Link>
        <Button variant="secondary" className={TAP} onClick={() => window.print()}>
          <Trans>Print the run sheet</Trans>
        </Button>
      </div>
      <h1 className="mt-3 text-2xl font-bold text-stone-900 print:mt-0">
        <Trans>
          Delivery run: <time dateTime={date}>{formatCalendarDay(date)}</time>
        </Trans>
      </h1>
      <RunSummary totals={shown.totals} />
      <RunNotices shown={shown} kept={run.data.kept} waiting={waiting} dismiss={queue.dismiss} />
      <RunStops stops={shown.stops} queue={queue} />
    </section>
  );
}

/** The run could not be loaded (and none is kept on this phone): why, and the way back. */
function RunNotLoaded({ error }: { error: unknown }) {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">
        <Trans>Delivery run</Trans>
      </h1>
      <p role="alert" className="mt-4 text-stone-700">
        {messageOf(error, t`Could not load the run. Please try again.`)}
      </p>
      <Link
        to="/farmer"
        className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
      >
        <Trans>Back to the Farmer Portal</Trans>
      </Link>
    </section>
  );
}

/** The stops in the farmer's order; a delivery moves up or down past the next delivery (pickups stay put). */
function RunStops({ stops, queue }: { stops: ShownStop[]; queue: RunQueue }) {
  const { t } = useLingui();
  const deliveries = stops.filter((stop) => stop.kind === "delivery").map((stop) => stop.partId);
  const move = (partId: string, by: -1 | 1) => {
    const from = deliveries.indexOf(partId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= deliveries.length) return;
    const partIds = [...deliveries];
    [partIds[from], partIds[to]] = [partIds[to] as string, partIds[from] as string];
    void queue.record({ kind: "order", partIds });
  };
  if (stops.length === 0) {
    return (
      <p className="mt-6 text-stone-700">
        <Trans>No stops on this day.</Trans>
      </p>
    );
  }
  return (
    <ol className="mt-4 space-y-4" aria-label={t`Stops`}>
      {stops.map((stop) => {
        const index = deliveries.indexOf(stop.partId);
        return (
          <StopCard
            key={stop.partId}
            stop={stop}
            onMoveUp={index > 0 ? () => move(stop.partId, -1) : undefined}
            onMoveDown={index >= 0 && index < deliveries.length - 1 ? () => move(stop.partId, 1) : undefined}
            record={queue.record}
            dismiss={queue.dismiss}
          />
        );
      })}
    </ol>
  );
}
