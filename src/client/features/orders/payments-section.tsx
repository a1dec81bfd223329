import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import {
  type FarmerReckoning,
  type ShopProfile,
  ShopProfileSchema,
  ShopReckoningSchema,
} from "../../../shared/schemas/payments.ts";
import { UPI_ID_PATTERN } from "../../../shared/weighing.ts";
import { Button } from "../../components/button.tsx";
import { RowTable } from "../../components/row-table.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError, apiFetch } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { orderNumber, paymentStateLabel } from "./format.ts";
import { FarmersTable, FigureList, useFigureColumns } from "./money-figures.tsx";
import { useFarmerProfile, useFarmerReckoning, useSaveFarmerProfile } from "./payments.api.ts";
import { FarmerPayoutFigures, OperatorPayouts } from "./payouts-section.tsx";
import { UnsettledMoney } from "./unsettled-money.tsx";

const figureLabels = [
  ["delivered", msg`Delivered`],
  ["cash", msg`Cash received`],
  ["upi", msg`UPI received`],
  ["owed", msg`Still owed`],
] as const;

type Figures = Record<(typeof figureLabels)[number][0], number>;

/** The week's four sums as a small list ("Delivered ₹101.00", …). */
const WeekFigures = ({ figures, label }: { figures: Figures; label: string }) => (
  <FigureList figures={figures} labels={figureLabels} label={label} />
);

/** A buyer's parts of the week, each a link to its card in Incoming orders with its payment state. */
function PartLinks({
  parts,
  className = "",
}: {
  parts: readonly { partId: string; orderId: string; state: Parameters<typeof paymentStateLabel>[0] }[];
  className?: string;
}) {
  return parts.map((part) => (
    <a
      key={part.partId}
      href={`#fulfilment-${part.partId}`}
      className={`mr-2 text-brand-800 underline ${className}`}
    >
      {orderNumber(part.orderId)} ({paymentStateLabel(part.state)})
    </a>
  ));
}

/**
 * One field of a payee's profile with its Save button; an empty field saves null (none shown). The UPI ID and
 * the contact phone differ only in their words, their input and the UPI ID's shape checked before sending.
 */
function ProfileFieldForm<Field extends "upiId" | "phone">({
  field,
  current,
  saving,
  onSave,
  label,
  hint,
  saveLabel,
  savedMessage,
  removedMessage,
  invalidMessage,
  input,
}: {
  field: Field;
  current: string | null;
  saving: boolean;
  onSave: (profile: Record<Field, string | null>) => Promise<unknown>;
  label: string;
  hint: string;
  saveLabel: string;
  savedMessage: string;
  removedMessage: string;
  /** What is wrong with the value typed, if the browser can tell (the server decides anyway). */
  invalidMessage?: (value: string) => string | undefined;
  input: { type?: string; inputMode?: "tel"; autoComplete: string };
}) {
  const { t } = useLingui();
  // NOTE: drawn once the saved value is known, so what is typed is never overwritten by a late answer.
  const [value, setValue] = useState(current ?? "");
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim() === "" ? null : value.trim();
    const invalid = next === null ? undefined : invalidMessage?.(next);
    setError(invalid);
    if (invalid) return;
    try {
      await onSave({ [field]: next } as Record<Field, string | null>);
      toast.success(next ? savedMessage : removedMessage);
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError
          ? (failure.fields[field] ?? failure.message)
          : t`Could not save. Please try again.`,
      );
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
      <TextField
        label={label}
        hint={hint}
        {...input}
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
        className="min-w-64 flex-1"
      />
      <Button type="submit" variant="secondary" disabled={saving}>
        {saving ? t`Saving...` : saveLabel}
      </Button>
    </form>
  );
}

/** A UPI ID field with its Save button: `name@handle`, or empty for cash only. */
function UpiIdForm(props: {
  current: string | null;
  saving: boolean;
  onSave: (profile: ShopProfile) => Promise<unknown>;
  label: string;
}) {
  const { t } = useLingui();
  return (
    <ProfileFieldForm
      field="upiId"
      {...props}
      hint={t`Like name@bank. Only your buyers see it, on their own orders. Leave it empty for cash only.`}
      saveLabel={t`Save UPI ID`}
      savedMessage={t`UPI ID saved.`}
      removedMessage={t`UPI ID removed: buyers pay in cash.`}
      invalidMessage={(upiId) => (UPI_ID_PATTERN.test(upiId) ? undefined : t`Enter a UPI ID like name@bank`)}
      input={{ autoComplete: "off" }}
    />
  );
}

/** My contact phone, shown to my buyers on their orders and in the mails that ask them to call me. */
function PhoneForm(props: {
  current: string | null;
  saving: boolean;
  onSave: (profile: { phone: string | null }) => Promise<unknown>;
}) {
  const { t } = useLingui();
  return (
    <ProfileFieldForm
      field="phone"
      {...props}
      label={t`My contact phone`}
      hint={t`Your buyers see it on their orders, to call you about a delivery. Leave it empty to show none.`}
      saveLabel={t`Save phone`}
      savedMessage={t`Phone number saved.`}
      removedMessage={t`Phone number removed.`}
      input={{ type: "tel", inputMode: "tel", autoComplete: "tel" }}
    />
  );
}

/** The shown week as CSV. */
function CsvLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
    >
      <Trans>Download CSV</Trans>
    </a>
  );
}

/** A week chooser: any day of it (the shop's calendar counts weeks from Monday). */
function WeekPicker({ week, onChange }: { week: string | undefined; onChange: (week: string) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Week of`}
      type="date"
      value={week ?? ""}
      onChange={(event) => event.target.value && onChange(event.target.value)}
      className="w-48"
    />
  );
}

type Buyer = FarmerReckoning["buyers"][number];

/** The week's sums buyer by buyer, with a link to each of their parts. */
function BuyerPayments({ buyers }: { buyers: readonly Buyer[] }) {
  const { t, i18n } = useLingui();
  const moneyColumns = useFigureColumns<keyof Figures, Buyer>(figureLabels);
  return (
    <>
      {/* NOTE: six columns do not fit a phone: there each buyer is a card of their own, the four sums
          labelled two by two (issue 40 item 16); from sm up, the table. */}
      <ul aria-label={t`Payments buyer by buyer`} className="space-y-3 sm:hidden">
        {buyers.map((buyer) => (
          <li key={buyer.buyerId} className="rounded-xl p-3 ring-1 ring-stone-200">
            <p className="font-semibold text-stone-900">{buyer.buyerName}</p>
            <p className="text-sm">
              <PartLinks parts={buyer.parts} className="inline-flex min-h-11 items-center" />
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {figureLabels.map(([key, text]) => (
                <div key={key}>
                  <dt className="text-stone-600">{i18n._(text)}</dt>
                  <dd className="font-semibold tabular-nums text-stone-900">{formatRupees(buyer[key])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <RowTable
          caption={<Trans>Payments buyer by buyer</Trans>}
          nameHeader={<Trans>Buyer</Trans>}
          columns={[
            {
              key: "orders",
              header: <Trans>Orders</Trans>,
              cell: (buyer: Buyer) => <PartLinks parts={buyer.parts} />,
            },
            ...moneyColumns,
          ]}
          rows={buyers}
          rowKey={(buyer) => buyer.buyerId}
          rowName={(buyer) => buyer.buyerName}
        />
      </div>
    </>
  );
}

/**
 * /farmer's "Payments": my UPI ID, and for a chosen week what I delivered, what I received in cash and by UPI
 * and what is still owed, buyer by buyer with a link to each part, and the same as CSV (decision 020).
 */
export function FarmerPaymentsSection() {
  const { t } = useLingui();
  const profile = useFarmerProfile();
  const save = useSaveFarmerProfile();
  const [week, setWeek] = useState<string | undefined>();
  const reckoning = useFarmerReckoning(week);
  const shown = reckoning.data?.week;
  return (
    <section
      aria-labelledby="payments-heading"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="payments-heading" className="text-2xl font-bold text-stone-900">
        <Trans>Payments</Trans>
      </h2>
      {profile.data ? (
        <UpiIdForm
          label={t`My UPI ID`}
          current={profile.data.upiId}
          saving={save.isPending}
          onSave={(next) => save.mutateAsync(next)}
        />
      ) : null}
      {profile.data ? (
        <PhoneForm
          current={profile.data.phone}
          saving={save.isPending}
          onSave={(next) => save.mutateAsync(next)}
        />
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <WeekPicker week={week ?? shown} onChange={setWeek} />
        {shown ? <CsvLink href={`/api/farmer/payments.csv?week=${shown}`} /> : null}
      </div>
      {reckoning.data ? (
        <>
          <WeekFigures figures={reckoning.data} label={t`Week of ${reckoning.data.week}`} />
          <FarmerPayoutFigures reckoning={reckoning.data} />
          {reckoning.data.buyers.length === 0 ? (
            <p className="text-stone-700">
              <Trans>Nothing was delivered that week.</Trans>
            </p>
          ) : (
            <BuyerPayments buyers={reckoning.data.buyers} />
          )}
        </>
      ) : null}
    </section>
  );
}

/** /admin/payments: the week per farmer, the shop's own part among them, and the shop's UPI ID. */
export function OperatorPaymentsSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [week, setWeek] = useState<string | undefined>();
  const reckoning = useQuery({
    queryKey: ["admin", "payments", week ?? "this-week"],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/payments${week ? `?week=${week}` : ""}`, ShopReckoningSchema, { signal }),
    staleTime: 0,
  });
  const profile = useQuery({
    queryKey: ["admin", "shop-profile"],
    queryFn: ({ signal }) => apiFetch("/api/admin/shop-profile", ShopProfileSchema, { signal }),
  });
  const save = useMutation({
    mutationFn: (next: ShopProfile) =>
      apiFetch("/api/admin/shop-profile", ShopProfileSchema, { method: "PUT", json: next }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin", "shop-profile"] }),
  });
  return (
    <section aria-labelledby="admin-payments-heading" className="space-y-4">
      <h2 id="admin-payments-heading" className="text-2xl font-bold text-stone-900">
        <Trans>Payments</Trans>
      </h2>
      {profile.data ? (
        <UpiIdForm
          label={t`The shop's UPI ID (for the deal of the day)`}
          current={profile.data.upiId}
          saving={save.isPending}
          onSave={(next) => save.mutateAsync(next)}
        />
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <WeekPicker week={week ?? reckoning.data?.week} onChange={setWeek} />
        {reckoning.data ? <CsvLink href={`/api/admin/payments.csv?week=${reckoning.data.week}`} /> : null}
      </div>
      {reckoning.data ? (
        <>
          <WeekFigures figures={reckoning.data} label={t`The shop's week of ${reckoning.data.week}`} />
          {reckoning.data.farmers.length === 0 ? (
            <p className="text-stone-700">
              <Trans>Nothing was delivered that week.</Trans>
            </p>
          ) : (
            <FarmersTable
              farmers={reckoning.data.farmers}
              labels={figureLabels}
              caption={t`Payments farmer by farmer`}
            />
          )}
          <OperatorPayouts reckoning={reckoning.data} onRecorded={setWeek} />
        </>
      ) : null}
      <UnsettledMoney />
    </section>
  );
}
