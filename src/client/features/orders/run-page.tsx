import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { canMovePart } from "../../../shared/part-status.ts";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import { doorRecords } from "../../../shared/schemas/order-parts.ts";
import { Button } from "../../components/button.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { formatCalendarDay, formatOrderDate, orderNumber, recordMethodLabel, statusLabel } from "./format.ts";
import { OrderLines } from "./order-lines.tsx";
import { WeighLines } from "./part-billing.tsx";
import { PartSlotLine } from "./part-slot.tsx";
import { useRun, useRunQueue } from "./run.api.ts";
import { type QueuedAction, type RunActionInput, type ShownStop, showRun } from "./run-queue.ts";
import { PartPayment } from "./upi-payment.tsx";

/** A payment at the door may be undone for 24 hours (decision 020), as on the orders list. */
const UNDO_WITHIN_MS = 24 * 60 * 60 * 1000;

/** The server's own words for a refused action (a 409's "cancelled meanwhile", an overpay), else `fallback`. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.code !== "network"
    ? (Object.values(error.fields)[0] ?? error.message)
    : fallback;

const TAP = "min-h-12 px-4 text-base";

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
  if (!run.data) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold text-stone-900">
          <Trans>Delivery run</Trans>
        </h1>
        <p role="alert" className="mt-4 text-stone-700">
          {messageOf(run.error, t`Could not load the run. Please try again.`)}
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
  // NOTE: what the farmer did on this phone shows at once, before the server has it (decision 046).
  const shown = showRun(run.data.run, queue.actions);
  const { stops, totals } = shown;
  const waiting = queue.actions.filter((action) => action.date === date && !action.refused).length;
  const deliveries = stops.filter((stop) => stop.kind === "delivery").map((stop) => stop.partId);
  const move = (partId: string, by: -1 | 1) => {
    const from = deliveries.indexOf(partId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= deliveries.length) return;
    const partIds = [...deliveries];
    [partIds[from], partIds[to]] = [partIds[to] as string, partIds[from] as string];
    void queue.record({ kind: "order", partIds });
  };
  const left = totals.stops - totals.done;
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
      <dl
        aria-label={t`Summary of the run`}
        className="mt-3 grid grid-cols-2 gap-2 rounded-xl bg-brand-50 p-3 text-stone-900 sm:grid-cols-4 print:bg-white"
      >
        <div>
          <dt className="text-sm text-stone-700">
            <Trans>Stops done</Trans>
          </dt>
          <dd className="text-xl font-bold">
            {totals.done} / {totals.stops}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-700">
            <Trans>Stops left</Trans>
          </dt>
          <dd className="text-xl font-bold">{left}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-700">
            <Trans>Cash in hand</Trans>
          </dt>
          <dd className="text-xl font-bold">{formatRupees(totals.cash)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-700">
            <Trans>UPI received</Trans>
          </dt>
          <dd className="text-xl font-bold">{formatRupees(totals.upi)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-4">
          <dt className="text-sm text-stone-700">
            <Trans>Still due</Trans>
          </dt>
          <dd className="text-xl font-bold">{formatRupees(totals.due)}</dd>
        </div>
      </dl>
      {run.data.kept ? (
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
        <ActionNote key={action.key} action={action} dismiss={queue.dismiss} />
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
            <ActionNote key={action.key} action={action} dismiss={queue.dismiss} />
          ))}
        </section>
      ) : null}
      {stops.length === 0 ? (
        <p className="mt-6 text-stone-700">
          <Trans>No stops on this day.</Trans>
        </p>
      ) : (
        <ol className="mt-4 space-y-4" aria-label={t`Stops`}>
          {stops.map((stop) => {
            const index = deliveries.indexOf(stop.partId);
            return (
              <StopCard
                key={stop.partId}
                stop={stop}
                onMoveUp={index > 0 ? () => move(stop.partId, -1) : undefined}
                onMoveDown={
                  index >= 0 && index < deliveries.length - 1 ? () => move(stop.partId, 1) : undefined
                }
                record={queue.record}
                dismiss={queue.dismiss}
              />
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** `https://wa.me/<digits>`: WhatsApp wants the number with its country code and nothing else. */
const whatsAppUrl = (phone: string) => {
  const digits = phone.replace(/\D/g, "");
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
};

/** One stop: who, where, when, what, what is due, and the buttons for what happened at the door. */
function StopCard({
  stop,
  onMoveUp,
  onMoveDown,
  record,
  dismiss,
}: {
  stop: ShownStop;
  onMoveUp: (() => void) | undefined;
  onMoveDown: (() => void) | undefined;
  record: (input: RunActionInput, stop?: string) => Promise<void>;
  dismiss: (key: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const [cash, setCash] = useState(String(stop.due));
  const [reference, setReference] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [dialog, setDialog] = useState<"attempt" | "undo" | null>(null);
  const [weighing, setWeighing] = useState(false);
  const unweighed = stop.lines.some((line) => line.weighed && line.packedGrams === null);
  // NOTE: weights are taken while the part is being packed, as on the orders page (decision 020).
  const weighable = stop.status === "pending" || stop.status === "confirmed";
  const number = orderNumber(stop.orderId);
  const name = stop.buyer.name;
  const open = stop.status !== "cancelled" && stop.status !== "delivered";
  const payable = stop.status !== "cancelled" && stop.billFinal && stop.due > 0;
  const label = `${stop.position}. ${name}`;
  const keep = (input: RunActionInput) => {
    setProblem(undefined);
    void record(input, label).catch(() => setProblem(t`Could not keep this on the phone. Please try again.`));
  };
  const undoable = doorRecords(stop.payment.records).find(
    (record) => !record.undone && Date.now() - Date.parse(record.at) < UNDO_WITHIN_MS,
  );
  const where = stop.pickupPoint
    ? `${stop.pickupPoint.name}, ${stop.pickupPoint.address}`
    : (stop.address ?? "");

  const pay = (method: "cash" | "upi") => {
    const amount = method === "cash" ? Number(cash) : stop.due;
    if (!Number.isFinite(amount) || cash.trim() === "") {
      setProblem(t`Enter the amount received, in rupees`);
      return;
    }
    if (!(amount > 0)) {
      setProblem(t`Enter the amount received, in rupees`);
      return;
    }
    keep({
      kind: "pay",
      partId: stop.partId,
      payment: {
        method,
        amount,
        ...(method === "upi" && reference.trim() ? { reference: reference.trim() } : {}),
      },
    });
    if (method === "upi") setReference("");
  };

  return (
    <li
      aria-label={t`Stop ${stop.position}: ${name}`}
      className="break-inside-avoid rounded-2xl border border-stone-200 bg-white p-4 shadow-sm print:rounded-none print:border-x-0 print:border-t-0 print:p-2 print:shadow-none"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">
          {stop.position}. {name}
        </h2>
        <span className="rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-800">
          {statusLabel(stop.status)}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        <Trans>Order {number}</Trans>
      </p>
      <p className="hidden print:block">{stop.buyer.phone}</p>
      <div className="mt-2 flex flex-wrap gap-2 print:hidden">
        <a
          href={`tel:${stop.buyer.phone}`}
          className="inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white"
        >
          <Trans>Call {stop.buyer.phone}</Trans>
        </a>
        <a
          href={whatsAppUrl(stop.buyer.phone)}
          className="inline-flex min-h-12 items-center rounded-lg border border-brand-700 px-4 font-semibold text-brand-800"
        >
          <Trans>WhatsApp</Trans>
        </a>
      </div>
      <p className="mt-2 text-stone-900">
        {stop.pickupPoint ? <Trans>Pickup at {where}</Trans> : where}{" "}
        <a
          href={stop.mapUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline print:hidden"
        >
          <Trans>Open in maps</Trans>
        </a>
      </p>
      <PartSlotLine slot={stop.slot} className="text-stone-700" />
      <div className="mt-2">
        <OrderLines
          items={stop.lines}
          total={stop.total}
          billFinal={stop.billFinal}
          label={t`Lines of order ${number}`}
        />
        {unweighed && !stop.billFinal ? (
          <p className="mt-1 font-semibold text-amber-800">
            <Trans>Weigh the lines marked "ordered" before handing them over.</Trans>
          </p>
        ) : null}
        {unweighed && weighable ? (
          <div className="print:hidden">
            <Button
              variant="secondary"
              className={`${TAP} mt-2`}
              aria-expanded={weighing}
              onClick={() => setWeighing(!weighing)}
            >
              <Trans>Weigh</Trans>
            </Button>
            {weighing ? (
              <WeighLines
                part={{ id: stop.partId, orderId: stop.orderId, status: stop.status, items: stop.lines }}
                onSave={(weights) => {
                  keep({ kind: "weigh", partId: stop.partId, weights });
                  setWeighing(false);
                }}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="mt-2 text-lg font-bold text-stone-900">
        <Trans>Due: {formatRupees(stop.due)}</Trans>
      </p>
      {stop.attempts.map((attempt) => (
        <p key={attempt.at} className="text-sm text-stone-700">
          <Trans>
            Not at home, {formatOrderDate(attempt.at)}: {attempt.reason}
          </Trans>
        </p>
      ))}
      {doorRecords(stop.payment.records).map((record) => (
        <p key={record.id} className={`text-sm text-stone-700 ${record.undone ? "line-through" : ""}`}>
          {formatRupees(record.amount)} {recordMethodLabel(record.method)}
          {record.reference ? ` (${record.reference})` : ""}, {formatOrderDate(record.at)}
        </p>
      ))}
      <div className="print:hidden">{stop.due > 0 ? <PartPayment part={stop} /> : null}</div>
      {stop.waiting.length > 0 ? (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-stone-900 print:hidden">
          <p className="font-semibold text-amber-900">
            <Trans>Waiting to send</Trans>
          </p>
          <ul className="list-disc pl-5 text-sm">
            {stop.waiting.map((action) => (
              <li key={action.key}>{actionLabel(action)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {stop.refused.map((action) => (
        <ActionNote key={action.key} action={action} dismiss={dismiss} />
      ))}
      {problem ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="mt-3 grid gap-2 print:hidden">
        {/* NOTE: only a part out for delivery can be delivered (the server refuses the rest): a pending or
            confirmed one is sent out from the orders page first, and the card says so instead. */}
        {canMovePart(stop.status, "delivered") ? (
          <Button className={TAP} onClick={() => keep({ kind: "delivered", partId: stop.partId })}>
            <Trans>Delivered</Trans>
          </Button>
        ) : open ? (
          <p className="text-stone-700">
            <Trans>Not out for delivery yet: send it out on the orders page before delivering it.</Trans>
          </p>
        ) : null}
        {payable ? (
          <>
            <div className="flex items-end gap-2">
              <label className="flex flex-col text-sm font-semibold text-stone-800">
                <Trans>Cash received (₹)</Trans>
                <input
                  inputMode="decimal"
                  value={cash}
                  onChange={(event) => setCash(event.target.value)}
                  className="mt-1 min-h-12 w-28 rounded-lg border border-stone-400 px-3 text-base"
                />
              </label>
              <Button className={`${TAP} flex-1`} onClick={() => pay("cash")}>
                <Trans>Paid cash {formatRupees(Number(cash) || 0)}</Trans>
              </Button>
            </div>
            <div className="flex items-end gap-2">
              <label className="flex flex-col text-sm font-semibold text-stone-800">
                <Trans>UPI reference (optional)</Trans>
                <input
                  value={reference}
                  maxLength={35}
                  onChange={(event) => setReference(event.target.value)}
                  className="mt-1 min-h-12 w-40 rounded-lg border border-stone-400 px-3 text-base"
                />
              </label>
              <Button className={`${TAP} flex-1`} onClick={() => pay("upi")}>
                <Trans>Paid by UPI</Trans>
              </Button>
            </div>
          </>
        ) : null}
        {stop.status === "out_for_delivery" ? (
          <Button variant="secondary" className={TAP} onClick={() => setDialog("attempt")}>
            <Trans>Not at home</Trans>
          </Button>
        ) : null}
        {undoable ? (
          <Button variant="secondary" className={TAP} onClick={() => setDialog("undo")}>
            <Trans>
              Undo {formatRupees(undoable.amount)} {recordMethodLabel(undoable.method)}
            </Trans>
          </Button>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          {onMoveUp ? (
            <Button variant="secondary" className={TAP} onClick={onMoveUp}>
              <Trans>Move up</Trans>
            </Button>
          ) : null}
          {onMoveDown ? (
            <Button variant="secondary" className={TAP} onClick={onMoveDown}>
              <Trans>Move down</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      {dialog === "attempt" ? (
        <ReasonDialog
          title={t`Nobody at home: order ${number}`}
          intro={<Trans>The order stays out for delivery; the buyer is told you came.</Trans>}
          confirmLabel={t`Record not at home`}
          maxLength={REASON_MAX_LENGTH}
          busy={false}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            try {
              await record({ kind: "attempt", partId: stop.partId, reason: reason.trim() }, label);
              setProblem(undefined);
              return undefined;
            } catch {
              return t`Could not keep this on the phone. Please try again.`;
            }
          }}
        />
      ) : null}
      {dialog === "undo" && undoable ? (
        <ReasonDialog
          title={t`Undo a payment: order ${number}`}
          intro={<Trans>The record stays, marked undone, with your reason.</Trans>}
          confirmLabel={t`Undo the payment`}
          maxLength={REASON_MAX_LENGTH}
          busy={false}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            try {
              await record(
                {
                  kind: "undo",
                  partId: stop.partId,
                  paymentId: undoable.id,
                  reason: reason.trim(),
                },
                label,
              );
              setProblem(undefined);
              return undefined;
            } catch {
              return t`Could not keep this on the phone. Please try again.`;
            }
          }}
        />
      ) : null}
    </li>
  );
}

/**
 * A refused action: what the farmer did, what the server said, and what to do; Dismiss once read. An action
 * still waiting whose stop left the run says that it waits.
 */
function ActionNote({ action, dismiss }: { action: QueuedAction; dismiss: (key: string) => Promise<void> }) {
  if (!action.refused) {
    return (
      <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-stone-900">
        {action.stop ? `${action.stop}: ` : ""}
        <Trans>Waiting to send: {actionLabel(action)}</Trans>
      </p>
    );
  }
  return (
    <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-900 print:hidden">
      <p className="font-semibold">
        {action.stop ? `${action.stop}: ` : ""}
        <Trans>
          Not recorded: {actionLabel(action)}. {action.refused}
        </Trans>
      </p>
      <p className="mt-1 text-sm">
        <Trans>Check this stop with the buyer, then record what happened again if it still applies.</Trans>
      </p>
      <Button variant="secondary" className={`${TAP} mt-2`} onClick={() => void dismiss(action.key)}>
        <Trans>Dismiss</Trans>
      </Button>
    </div>
  );
}

/** What a queued action did, in a few words, for its "waiting to send" or "not recorded" line. */
function actionLabel(action: QueuedAction): string {
  switch (action.kind) {
    case "delivered":
      return t`Delivered`;
    case "pay":
      return action.payment.method === "cash"
        ? t`Paid cash ${formatRupees(action.payment.amount)}`
        : t`Paid by UPI ${formatRupees(action.payment.amount)}`;
    case "attempt":
      return t`Not at home: ${action.reason}`;
    case "undo":
      return t`Undo a payment`;
    case "weigh":
      return t`Packed weight`;
    case "order":
      return t`New order of the stops`;
  }
}
