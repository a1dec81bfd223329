import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import {
  type FarmerReckoning,
  type RecordPayout,
  type ShopReckoning,
  ShopReckoningSchema,
} from "../../../shared/schemas/payments.ts";
import { Button } from "../../components/button.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError, apiFetch } from "../../lib/api-client.ts";
import { shopToday } from "../../lib/produce.ts";
import { toast } from "../../lib/toast.ts";
import { FarmersTable, type FigureLabels, FigureList } from "./money-figures.tsx";

/*
 * The money paid online and paid out to farmers (issue 36, decisions 052 and 065): the operator's week per
 * farmer with the form that records a payout, and the farmer's own week of it.
 */

type OnlineKey = "collectedOnline" | "refunded" | "commission" | "payable" | "paidOut" | "balance";

const onlineLabels: FigureLabels<OnlineKey> = [
  ["collectedOnline", msg`Collected online`],
  ["refunded", msg`Refunded`],
  ["commission", msg`Commission`],
  ["payable", msg`Payable`],
  ["paidOut", msg`Paid out`],
  ["balance", msg`Still to pay out`],
];

const farmerLabels: FigureLabels<OnlineKey> = [
  ["collectedOnline", msg`Collected online`],
  ["refunded", msg`Refunded`],
  ["commission", msg`Commission`],
  ["payable", msg`Payable to you`],
  ["paidOut", msg`Paid out to you`],
  ["balance", msg`Still to be paid to you`],
];

/** The farmer's week of money paid online and paid out to them; nothing for a farmer paid only at the door. */
export function FarmerPayoutFigures({ reckoning }: { reckoning: FarmerReckoning }) {
  const { t } = useLingui();
  if (farmerLabels.every(([key]) => reckoning[key] === 0)) return null;
  return (
    <FigureList
      figures={reckoning}
      labels={farmerLabels}
      label={t`Paid online and paid out to you`}
      className="sm:grid-cols-3"
    />
  );
}

type Farmer = ShopReckoning["farmers"][number] & { farmerId: string };

type PayoutField = "farmerId" | "amount" | "reference" | "paidOn";

/** The payout form's values, their messages and the server's refusal; `onSubmit` checks and records it. */
function usePayoutForm(farmers: readonly Farmer[], onRecorded: (paidOn: string) => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [farmerId, setFarmerId] = useState(farmers[0]?.farmerId ?? "");
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [paidOn, setPaidOn] = useState(shopToday);
  const [errors, setErrors] = useState<Partial<Record<PayoutField, string>>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const record = useMutation({
    mutationFn: (payout: RecordPayout) =>
      apiFetch("/api/admin/payouts", ShopReckoningSchema, { method: "POST", json: payout }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin", "payments"] }),
  });
  const chosen = farmers.find((farmer) => farmer.farmerId === farmerId);
  const owed = chosen ? formatRupees(chosen.balance) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const rupees = Number(amount);
    const local: Partial<Record<PayoutField, string>> = {};
    if (amount.trim() === "" || !(rupees > 0)) local.amount = t`Enter the amount paid, in rupees`;
    if (reference.trim() === "") local.reference = t`Give the bank reference of the transfer`;
    if (paidOn === "") local.paidOn = t`Give the date it was paid`;
    setErrors(local);
    setProblem(undefined);
    if (Object.keys(local).length > 0) return;
    try {
      await record.mutateAsync({ farmerId, amount: rupees, reference: reference.trim(), paidOn });
      toast.success(t`Payout recorded.`);
      setAmount("");
      setReference("");
      onRecorded(paidOn);
    } catch (failure) {
      if (failure instanceof ApiRequestError) {
        setErrors(failure.fields as Partial<Record<PayoutField, string>>);
        setProblem(failure.message);
      } else setProblem(t`Could not save. Please try again.`);
    }
  };

  const values = { farmerId, amount, reference, paidOn };
  const set = { setFarmerId, setAmount, setReference, setPaidOn };
  return { values, set, errors, problem, owed, busy: record.isPending, onSubmit };
}

/**
 * Records that the shop paid a farmer: amount, bank reference and date. The server refuses more than it owes
 * them (and audits what it takes); its refusal is shown above the button, in the operator's language.
 */
function PayoutForm({
  farmers,
  onRecorded,
}: {
  farmers: readonly Farmer[];
  onRecorded: (paidOn: string) => void;
}) {
  const { t } = useLingui();
  const problemId = useId();
  const { values, set, errors, problem, owed, busy, onSubmit } = usePayoutForm(farmers, onRecorded);
  const { farmerId, amount, reference, paidOn } = values;
  const { setFarmerId, setAmount, setReference, setPaidOn } = set;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="payout-heading"
      className="space-y-3 rounded-xl p-4 ring-1 ring-stone-200"
    >
      <h3 id="payout-heading" className="font-semibold text-stone-900">
        <Trans>Record a payout</Trans>
      </h3>
      <div className="flex flex-wrap items-start gap-3">
        <SelectField
          label={t`Farmer`}
          value={farmerId}
          onChange={(event) => setFarmerId(event.target.value)}
          options={farmers.map((farmer) => ({ value: farmer.farmerId, label: farmer.farmerName }))}
          error={errors.farmerId}
          className="min-w-48"
        />
        <TextField
          label={t`Amount (₹)`}
          hint={owed ? t`The shop owes them ${owed}` : undefined}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
          invalidBy={problem && !errors.amount ? problemId : undefined}
          className="w-48"
        />
        <TextField
          label={t`Bank reference`}
          autoComplete="off"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={errors.reference}
          className="min-w-48 flex-1"
        />
        <TextField
          label={t`Date paid`}
          type="date"
          value={paidOn}
          onChange={(event) => setPaidOn(event.target.value)}
          error={errors.paidOn}
          className="w-48"
        />
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t`Saving...` : t`Record payout`}
      </Button>
    </form>
  );
}

/**
 * /admin/payments' payouts: per farmer the week's money paid online (collected, refunded, commission, payable),
 * what was paid out in the week and what the shop still owes them, and the form recording a payout.
 */
export function OperatorPayouts({
  reckoning,
  onRecorded,
}: {
  reckoning: ShopReckoning;
  /** Shows the week of the payout just recorded (`paidOn`: its day). */
  onRecorded: (paidOn: string) => void;
}) {
  const { t } = useLingui();
  const farmers = reckoning.farmers.filter((farmer): farmer is Farmer => farmer.farmerId !== null);
  if (farmers.length === 0) return null;
  return (
    <section aria-labelledby="payouts-heading" className="space-y-3">
      <h3 id="payouts-heading" className="text-xl font-bold text-stone-900">
        <Trans>Payouts to farmers</Trans>
      </h3>
      <FarmersTable
        farmers={farmers}
        labels={onlineLabels}
        caption={t`Paid online and paid out, farmer by farmer`}
      />
      {/* NOTE: keyed by the week, so a farmer chosen in another week's list is never sent. */}
      <PayoutForm key={reckoning.week} farmers={farmers} onRecorded={onRecorded} />
    </section>
  );
}
