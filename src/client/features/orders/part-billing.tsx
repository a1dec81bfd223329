import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import type { FarmerPart } from "../../../shared/schemas/farmer.ts";
import {
  doorRecords,
  isPaidInFull,
  PAYMENT_RECORD_METHODS,
  type PaymentRecordMethod,
} from "../../../shared/schemas/order-parts.ts";
import type { WeighPart } from "../../../shared/schemas/payments.ts";
import { Button } from "../../components/button.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { problemOf } from "../../lib/operator-pages.ts";
import { toast } from "../../lib/toast.ts";
import { billText, formatOrderDate, orderNumber, recordMethodLabel } from "./format.ts";
import { useRecordPayment, useUndoPayment, useWeighPart } from "./payments.api.ts";

const UNDO_WITHIN_MS = 24 * 60 * 60 * 1000;

/** The first message an API error gives for a field, else its message. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? (Object.values(error.fields)[0] ?? error.message) : fallback;

/**
 * The weighed lines of a part still being packed (decision 020): one grams field each, saved together. Lines
 * left empty are not weighed yet; the card says which before the part goes out for delivery.
 */
export function WeighLines({
  part,
  onSave,
}: {
  part: Pick<FarmerPart, "id" | "orderId" | "status" | "items">;
  /** Where the weights go instead of straight to the server (the delivery run keeps them on the phone first). */
  onSave?: (input: WeighPart) => void;
}) {
  const { t } = useLingui();
  const weigh = useWeighPart();
  const weighed = part.items.filter((line) => line.weighed);
  const [grams, setGrams] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      weighed.map((line) => [line.lineId, line.packedGrams === null ? "" : String(line.packedGrams)]),
    ),
  );
  const [error, setError] = useState<string | undefined>();
  if (weighed.length === 0 || (part.status !== "pending" && part.status !== "confirmed")) return null;
  const number = orderNumber(part.orderId);
  const unweighed = weighed.filter((line) => line.packedGrams === null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const lines = weighed
      .filter((line) => (grams[line.lineId] ?? "").trim() !== "")
      .map((line) => ({ lineId: line.lineId, packedGrams: Number(grams[line.lineId]) }));
    if (lines.length === 0) {
      setError(t`Enter the packed weight of at least one line`);
      return;
    }
    setError(undefined);
    if (onSave) {
      onSave({ lines });
      return;
    }
    weigh.mutate(
      { id: part.id, input: { lines } },
      {
        onSuccess: () => toast.success(t`Weights saved for order ${number}.`),
        onError: (failure) => setError(messageOf(failure, t`Could not save the weights. Please try again.`)),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 border-t border-stone-200 pt-3"
      aria-label={t`Weigh order ${number}`}
    >
      <h4 className="font-semibold text-stone-900">
        <Trans>Packed weight</Trans>
      </h4>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {weighed.map((line) => (
          <TextField
            key={line.lineId}
            label={t`${line.name}, grams (${billText.ordered(line.quantity, line.unit)})`}
            inputMode="numeric"
            value={grams[line.lineId] ?? ""}
            onChange={(event) => setGrams({ ...grams, [line.lineId]: event.target.value })}
          />
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {unweighed.length > 0 ? (
        <p className="mt-2 text-sm text-amber-900" data-testid="unweighed-lines">
          <Trans>
            Not weighed yet: {unweighed.map((line) => line.name).join(", ")}. Sent out for delivery, they are
            billed at the weight ordered.
          </Trans>
        </p>
      ) : null}
      <Button type="submit" variant="secondary" className="mt-3" disabled={weigh.isPending}>
        {weigh.isPending ? t`Saving...` : t`Save weights`}
      </Button>
    </form>
  );
}

/** What recording a part's payments needs: the farmer's part, or the shop's part on the operator's list. */
type PayablePart = Pick<FarmerPart, "id" | "orderId" | "status" | "billFinal" | "total" | "payment">;

/**
 * The part's payments at the door: what was received and each record (undo within 24 hours, with a reason),
 * and a form to record the next one, once the bill is final.
 */
export function PartPayments({ part }: { part: PayablePart }) {
  const { t } = useLingui();
  const [undoing, setUndoing] = useState<string | null>(null);
  const number = orderNumber(part.orderId);
  const payable = part.status !== "cancelled" && part.billFinal && !isPaidInFull(part.payment.state);
  // NOTE: the records taken at the door; what was paid online is said on the card (decision 052).
  const records = doorRecords(part.payment.records);
  if (records.length === 0 && !payable) return null;
  return (
    <div className="mt-4 border-t border-stone-200 pt-3">
      <h4 className="font-semibold text-stone-900">
        <Trans>
          Payments: {formatRupees(part.payment.received)} of{" "}
          {part.billFinal ? formatRupees(part.total) : billText.about(part.total)} received
        </Trans>
      </h4>
      {records.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-stone-700" aria-label={t`Payments of order ${number}`}>
          {records.map((payment) => (
            <PaymentRecordLine key={payment.id} payment={payment} number={number} onUndo={setUndoing} />
          ))}
        </ul>
      ) : null}
      {payable ? <RecordPaymentForm part={part} number={number} /> : null}
      {undoing ? <UndoDialog part={part} paymentId={undoing} onClose={() => setUndoing(null)} /> : null}
    </div>
  );
}

/** One payment taken at the door: how much, how, when; undone with why, or Undo within 24 hours. */
function PaymentRecordLine({
  payment,
  number,
  onUndo,
}: {
  payment: ReturnType<typeof doorRecords>[number];
  number: string;
  onUndo: (paymentId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className={payment.undone ? "line-through" : undefined}>
        {formatRupees(payment.amount)} {recordMethodLabel(payment.method)}
        {payment.reference ? t` (ref. ${payment.reference})` : ""}, {formatOrderDate(payment.at)}
      </span>
      {payment.undone ? (
        <span>
          <Trans>Undone: {payment.undone.reason}</Trans>
        </span>
      ) : Date.now() - Date.parse(payment.at) < UNDO_WITHIN_MS ? (
        <Button
          variant="secondary"
          onClick={() => onUndo(payment.id)}
          aria-label={t`Undo ${formatRupees(payment.amount)} ${recordMethodLabel(payment.method)}: order ${number}`}
        >
          <Trans>Undo</Trans>
        </Button>
      ) : null}
    </li>
  );
}

/** The next payment received: cash or UPI (with its reference), and how much. */
function RecordPaymentForm({ part, number }: { part: PayablePart; number: string }) {
  const { t } = useLingui();
  const record = useRecordPayment();
  const [method, setMethod] = useState<PaymentRecordMethod>("cash");
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const rupees = Number(amount);
    if (amount.trim() === "" || !Number.isFinite(rupees)) {
      setError(t`Enter the amount received, in rupees`);
      return;
    }
    setError(undefined);
    record.mutate(
      {
        id: part.id,
        input: { method, amount: rupees, ...(method === "upi" && reference.trim() ? { reference } : {}) },
      },
      {
        onSuccess: () => {
          const amount = formatRupees(rupees);
          toast.success(t`${amount} recorded for order ${number}.`);
          setAmount("");
          setReference("");
        },
        onError: (failure) =>
          setError(messageOf(failure, t`Could not record the payment. Please try again.`)),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-3 grid gap-3 sm:grid-cols-4"
      aria-label={t`Record a payment for order ${number}`}
    >
      <SelectField
        label={t`Paid by`}
        value={method}
        options={PAYMENT_RECORD_METHODS.map((value) => ({
          value,
          label: recordMethodLabel(value),
        }))}
        onChange={(event) => setMethod(event.target.value as PaymentRecordMethod)}
      />
      <TextField
        label={t`Amount (₹)`}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      {method === "upi" ? (
        <TextField
          label={t`UPI reference (optional)`}
          maxLength={35}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      ) : null}
      <div className="flex items-end">
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? t`Recording...` : t`Record payment`}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function UndoDialog({
  part,
  paymentId,
  onClose,
}: {
  part: PayablePart;
  paymentId: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const undo = useUndoPayment();
  return (
    <ReasonDialog
      title={t`Undo this payment?`}
      intro={
        <p>
          <Trans>The record stays, marked undone with your reason.</Trans>
        </p>
      }
      confirmLabel={t`Undo the payment`}
      busyLabel={t`Undoing...`}
      backLabel={t`Keep it`}
      maxLength={REASON_MAX_LENGTH}
      busy={undo.isPending}
      onClose={onClose}
      onConfirm={async (reason) => {
        try {
          await undo.mutateAsync({ id: part.id, input: { paymentId, reason } });
          toast.success(t`Payment undone.`);
          return undefined;
        } catch (failure) {
          return problemOf(failure, "reason", t`Could not undo the payment. Please try again.`);
        }
      }}
    />
  );
}
