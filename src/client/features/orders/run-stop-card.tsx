import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import { doorRecords } from "../../../shared/schemas/order-parts.ts";
import { Button } from "../../components/button.tsx";
import { formatOrderDate, orderNumber, recordMethodLabel, statusLabel } from "./format.ts";
import { OrderLines } from "./order-lines.tsx";
import { WeighLines } from "./part-billing.tsx";
import { PartSlotLine } from "./part-slot.tsx";
import { ActionNote, actionLabel, TAP } from "./run-action-note.tsx";
import type { RunActionInput, ShownStop } from "./run-queue.ts";
import { StopButtons, StopDialogs } from "./run-stop-buttons.tsx";
import { PartPayment } from "./upi-payment.tsx";
import { type RecordRunAction, useStopActions } from "./use-stop-actions.ts";

/** `https://wa.me/<digits>`: WhatsApp wants the number with its country code and nothing else. */
const whatsAppUrl = (phone: string) => {
  const digits = phone.replace(/\D/g, "");
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
};

/** One stop: who, where, when, what, what is due, and the buttons for what happened at the door. */
export function StopCard({
  stop,
  onMoveUp,
  onMoveDown,
  record,
  dismiss,
}: {
  stop: ShownStop;
  onMoveUp: (() => void) | undefined;
  onMoveDown: (() => void) | undefined;
  record: RecordRunAction;
  dismiss: (key: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const actions = useStopActions(stop, record);
  const [dialog, setDialog] = useState<"attempt" | "undo" | null>(null);
  const number = orderNumber(stop.orderId);
  const name = stop.buyer.name;
  return (
    <li
      aria-label={t`Stop ${stop.position}: ${name}`}
      className="break-inside-avoid rounded-2xl border border-stone-200 bg-white p-4 shadow-sm print:rounded-none print:border-x-0 print:border-t-0 print:p-2 print:shadow-none"
    >
      <StopContact stop={stop} />
      <div className="mt-2">
        <OrderLines
          items={stop.lines}
          total={stop.total}
          billFinal={stop.billFinal}
          label={t`Lines of order ${number}`}
        />
        <StopWeighing stop={stop} keep={actions.keep} />
      </div>
      <StopRecords stop={stop} />
      {stop.refused.map((action) => (
        <ActionNote key={action.key} action={action} dismiss={dismiss} />
      ))}
      {actions.problem ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
          {actions.problem}
        </p>
      ) : null}
      <StopButtons
        stop={stop}
        actions={actions}
        onDialog={setDialog}
        onMoveUp={onMoveUp}
        onMoveDown={onMoveDown}
      />
      <StopDialogs stop={stop} actions={actions} dialog={dialog} onClose={() => setDialog(null)} />
    </li>
  );
}

/** The stop's number, buyer and status, the buttons to call them, and where to go. */
function StopContact({ stop }: { stop: ShownStop }) {
  const number = orderNumber(stop.orderId);
  const where = stop.pickupPoint
    ? `${stop.pickupPoint.name}, ${stop.pickupPoint.address}`
    : (stop.address ?? "");
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">
          {stop.position}. {stop.buyer.name}
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
    </>
  );
}

/** Lines still to weigh: a warning, and while the part is being packed the weights to enter. */
function StopWeighing({ stop, keep }: { stop: ShownStop; keep: (input: RunActionInput) => void }) {
  const [weighing, setWeighing] = useState(false);
  const unweighed = stop.lines.some((line) => line.weighed && line.packedGrams === null);
  // NOTE: weights are taken while the part is being packed, as on the orders page (decision 020).
  const weighable = stop.status === "pending" || stop.status === "confirmed";
  return (
    <>
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
    </>
  );
}

/** What is due, the visits nobody was home for, the payments taken, and what waits to be sent. */
function StopRecords({ stop }: { stop: ShownStop }) {
  return (
    <>
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
    </>
  );
}
