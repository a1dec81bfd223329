import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { doorRecords } from "../../../shared/schemas/order-parts.ts";
import type { RunActionInput, ShownStop } from "./run-queue.ts";

/** A payment at the door may be undone for 24 hours (decision 020), as on the orders list. */
const UNDO_WITHIN_MS = 24 * 60 * 60 * 1000;

export type RecordRunAction = (input: RunActionInput, stop?: string) => Promise<void>;

/**
 * What a stop's card records: `keep` queues an action on the phone (its problem shown on the card), `pay`
 * checks the cash or UPI amount first, `confirm` records from a dialog (its problem said in the dialog).
 */
export function useStopActions(stop: ShownStop, record: RecordRunAction) {
  const { t } = useLingui();
  const [cash, setCash] = useState(String(stop.due));
  const [reference, setReference] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const label = `${stop.position}. ${stop.buyer.name}`;
  const notKept = () => t`Could not keep this on the phone. Please try again.`;
  const keep = (input: RunActionInput) => {
    setProblem(undefined);
    void record(input, label).catch(() => setProblem(notKept()));
  };
  const confirm = async (input: RunActionInput) => {
    try {
      await record(input, label);
      setProblem(undefined);
      return undefined;
    } catch {
      return notKept();
    }
  };
  const pay = (method: "cash" | "upi") => {
    const amount = method === "cash" ? Number(cash) : stop.due;
    if (!Number.isFinite(amount) || cash.trim() === "" || !(amount > 0)) {
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
  const undoable = doorRecords(stop.payment.records).find(
    (record) => !record.undone && Date.now() - Date.parse(record.at) < UNDO_WITHIN_MS,
  );
  return { cash, setCash, reference, setReference, problem, keep, confirm, pay, undoable };
}

export type StopActions = ReturnType<typeof useStopActions>;
