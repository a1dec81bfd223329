import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { ShippingSchema, ShippingWithEmailSchema } from "../../../shared/schemas/orders.ts";
import { REMINDER_HOURS, type StandingOrder } from "../../../shared/schemas/standing-orders.ts";
import { Button } from "../../components/button.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { dayLabel } from "./day-label.ts";
import { blankShipping, ShippingFields, type ShippingValues } from "./shipping-fields.tsx";
import { type OnProblem, toldTo } from "./standing-order-next.tsx";
import { usePatch } from "./standing-orders.api.ts";

/** A required date under its label. */
function DateInput({
  label,
  value,
  onChange,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="text-sm text-stone-800">
      {label}
      <input
        type="date"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 block rounded-lg border-0 px-2 py-2 ring-1 ring-stone-300"
      />
    </label>
  );
}

/** Away for a while: every delivery from the first to the last day (both included) is skipped; or resume. */
export function PauseForm({ order, onProblem }: { order: StandingOrder; onProblem: OnProblem }) {
  const { t } = useLingui();
  const patch = usePatch();
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  if (order.pausedFrom && order.pausedUntil) {
    const first = dayLabel(order.pausedFrom);
    const last = dayLabel(order.pausedUntil);
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-stone-700">
          <Trans>
            Paused from {first} to {last}
          </Trans>
        </p>
        <Button
          variant="secondary"
          disabled={patch.isPending}
          onClick={() =>
            patch.mutate({ id: order.id, patch: { pausedFrom: null, pausedUntil: null } }, toldTo(onProblem))
          }
        >
          <Trans>Resume</Trans>
        </Button>
      </div>
    );
  }
  return (
    <form
      aria-label={t`Pause`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        patch.mutate({ id: order.id, patch: { pausedFrom: from, pausedUntil: until } }, toldTo(onProblem));
      }}
    >
      <DateInput label={<Trans>Away from</Trans>} value={from} onChange={setFrom} />
      <DateInput label={<Trans>until</Trans>} value={until} onChange={setUntil} />
      <Button type="submit" variant="secondary" disabled={patch.isPending || !from || !until}>
        <Trans>Pause</Trans>
      </Button>
    </form>
  );
}

/** Where it is delivered and when the reminder comes, changed from now on. */
export function DetailsForm({
  order,
  emailOptional,
  onProblem,
  onClose,
}: {
  order: StandingOrder;
  /** The account has no e-mail: the address may leave it out (issue 37). */
  emailOptional: boolean;
  onProblem: OnProblem;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const patch = usePatch();
  const { shipping } = order;
  const form = useFormFields<ShippingValues>(() =>
    blankShipping({ ...shipping, country: shipping.country ?? "IN" }),
  );
  const [reminder, setReminder] = useState(
    order.reminderHours === null ? "none" : String(order.reminderHours),
  );
  return (
    <form
      ref={form.formRef}
      noValidate
      aria-label={t`Address and reminder`}
      className="mt-3 rounded-lg bg-stone-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = form.validate(emailOptional ? ShippingSchema : ShippingWithEmailSchema);
        if (!parsed.ok) return;
        const reminderHours = reminder === "none" ? null : (Number(reminder) as 48 | 24 | 12);
        patch.mutate(
          { id: order.id, patch: { shipping: form.values, reminderHours } },
          {
            onError: (error) => {
              if (!form.showServerErrors(error)) onProblem(error);
            },
            onSuccess: () => {
              onProblem(null);
              onClose();
            },
          },
        );
      }}
    >
      <ShippingFields form={form} idPrefix={`details-${order.id}`} emailOptional={emailOptional} />
      <SelectField
        className="mt-4"
        label={t`Reminder`}
        name="reminder"
        value={reminder}
        onChange={(event) => setReminder(event.target.value)}
        options={[
          ...REMINDER_HOURS.map((hours) => ({ value: String(hours), label: t`${hours} hours before` })),
          { value: "none", label: t`No reminder` },
        ]}
        error={undefined}
        invalidBy={undefined}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" disabled={patch.isPending}>
          <Trans>Save</Trans>
        </Button>
        <Button variant="secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
