import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import type { RunStop } from "../../../shared/schemas/run.ts";
import { Button } from "../../components/button.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { useChangePartStatus } from "./farmer-orders.api.ts";
import { formatOrderDate, orderNumber, recordMethodLabel, statusLabel } from "./format.ts";
import { OrderLines } from "./order-lines.tsx";
import { PartSlotLine } from "./part-slot.tsx";
import { useRecordPayment, useUndoPayment } from "./payments.api.ts";
import { useRecordAttempt, useRun, useSaveRunOrder } from "./run.api.ts";
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
export function RunPage() {
  const { t } = useLingui();
  const { date = "" } = useParams();
  const run = useRun(date);
  const saveOrder = useSaveRunOrder();
  const [orderError, setOrderError] = useState<string | undefined>();
  if (run.isPending) return <p className="mx-auto max-w-3xl px-4 py-8">{t`Loading...`}</p>;
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
  const { stops, totals } = run.data;
  const deliveries = stops.filter((stop) => stop.kind === "delivery").map((stop) => stop.partId);
  const move = (partId: string, by: -1 | 1) => {
    const from = deliveries.indexOf(partId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= deliveries.length) return;
    const partIds = [...deliveries];
    [partIds[from], partIds[to]] = [partIds[to] as string, partIds[from] as string];
    setOrderError(undefined);
    saveOrder.mutate(
      { date, partIds },
      { onError: (error) => setOrderError(messageOf(error, t`Could not save the order of the stops.`)) },
    );
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
        <Trans>Delivery run: {date}</Trans>
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
      {orderError ? (
        <p role="alert" className="mt-3 font-semibold text-red-800">
          {orderError}
        </p>
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
                moving={saveOrder.isPending}
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
  moving,
}: {
  stop: RunStop;
  onMoveUp: (() => void) | undefined;
  onMoveDown: (() => void) | undefined;
  moving: boolean;
}) {
  const { t } = useLingui();
  const changeStatus = useChangePartStatus();
  const recordPayment = useRecordPayment();
  const undoPayment = useUndoPayment();
  const recordAttempt = useRecordAttempt();
  const [cash, setCash] = useState(String(stop.due));
  const [reference, setReference] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [dialog, setDialog] = useState<"attempt" | "undo" | null>(null);
  const number = orderNumber(stop.orderId);
  const name = stop.buyer.name;
  const open = stop.status !== "cancelled" && stop.status !== "delivered";
  const payable = stop.status !== "cancelled" && stop.billFinal && stop.due > 0;
  const busy =
    changeStatus.isPending || recordPayment.isPending || undoPayment.isPending || recordAttempt.isPending;
  const failed = (fallback: string) => (error: unknown) => setProblem(messageOf(error, fallback));
  const done = () => setProblem(undefined);
  const undoable = stop.payment.records.find(
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
    recordPayment.mutate(
      {
        id: stop.partId,
        input: { method, amount, ...(method === "upi" && reference.trim() ? { reference } : {}) },
      },
      { onSuccess: done, onError: failed(t`Could not record the payment. Please try again.`) },
    );
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
        {!stop.billFinal && stop.lines.some((line) => line.weighed && line.packedGrams === null) ? (
          <p className="mt-1 font-semibold text-amber-800">
            <Trans>Weigh the lines marked "ordered" before handing them over.</Trans>
          </p>
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
      {stop.payment.records.map((record) => (
        <p key={record.id} className={`text-sm text-stone-700 ${record.undone ? "line-through" : ""}`}>
          {formatRupees(record.amount)} {recordMethodLabel(record.method)}
          {record.reference ? ` (${record.reference})` : ""}, {formatOrderDate(record.at)}
        </p>
      ))}
      <div className="print:hidden">{stop.due > 0 ? <PartPayment part={stop} /> : null}</div>
      {problem ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="mt-3 grid gap-2 print:hidden">
        {open ? (
          <Button
            className={TAP}
            disabled={busy}
            onClick={() =>
              changeStatus.mutate(
                { id: stop.partId, change: { status: "delivered" } },
                { onSuccess: done, onError: failed(t`Could not update this order. Please try again.`) },
              )
            }
          >
            <Trans>Delivered</Trans>
          </Button>
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
              <Button className={`${TAP} flex-1`} disabled={busy} onClick={() => pay("cash")}>
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
              <Button className={`${TAP} flex-1`} disabled={busy} onClick={() => pay("upi")}>
                <Trans>Paid by UPI</Trans>
              </Button>
            </div>
          </>
        ) : null}
        {stop.status === "out_for_delivery" ? (
          <Button variant="secondary" className={TAP} disabled={busy} onClick={() => setDialog("attempt")}>
            <Trans>Not at home</Trans>
          </Button>
        ) : null}
        {undoable ? (
          <Button variant="secondary" className={TAP} disabled={busy} onClick={() => setDialog("undo")}>
            <Trans>
              Undo {formatRupees(undoable.amount)} {recordMethodLabel(undoable.method)}
            </Trans>
          </Button>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          {onMoveUp ? (
            <Button variant="secondary" className={TAP} disabled={moving} onClick={onMoveUp}>
              <Trans>Move up</Trans>
            </Button>
          ) : null}
          {onMoveDown ? (
            <Button variant="secondary" className={TAP} disabled={moving} onClick={onMoveDown}>
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
          busy={recordAttempt.isPending}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            try {
              await recordAttempt.mutateAsync({ id: stop.partId, reason });
              done();
              return undefined;
            } catch (error) {
              return messageOf(error, t`Could not update this order. Please try again.`);
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
          busy={undoPayment.isPending}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            try {
              await undoPayment.mutateAsync({ id: stop.partId, input: { paymentId: undoable.id, reason } });
              done();
              return undefined;
            } catch (error) {
              return messageOf(error, t`Could not update this order. Please try again.`);
            }
          }}
        />
      ) : null}
    </li>
  );
}
