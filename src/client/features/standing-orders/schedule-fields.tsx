import { Trans, useLingui } from "@lingui/react/macro";
import { STANDING_PAYMENT_METHODS } from "../../../shared/schemas/orders.ts";
import { EVERY_WEEKS, REMINDER_HOURS } from "../../../shared/schemas/standing-orders.ts";
import { RadioCard } from "../../components/radio-card.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { shopToday } from "../../lib/produce.ts";

export type Reminder = "48" | "24" | "12" | "none";

export interface Schedule {
  everyWeeks: number;
  startDate: string;
  reminder: Reminder;
  payment: string;
}

/** When a standing order repeats, from when, its reminder and how it is paid at the door. */
export function ScheduleFields({
  schedule,
  onChange,
}: {
  schedule: Schedule;
  onChange: (next: Partial<Schedule>) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <fieldset>
        <legend className="text-lg font-semibold text-stone-900">
          <Trans>How often</Trans>
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {EVERY_WEEKS.map((n) => (
            <RadioCard
              key={n}
              compact
              name="everyWeeks"
              value={String(n)}
              checked={schedule.everyWeeks === n}
              onChoose={() => onChange({ everyWeeks: n })}
            >
              {n === 1 ? <Trans>Every week</Trans> : <Trans>Every {n} weeks</Trans>}
            </RadioCard>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`First date`}
          type="date"
          name="startDate"
          min={shopToday()}
          value={schedule.startDate}
          onChange={(event) => onChange({ startDate: event.target.value })}
          error={undefined}
          invalidBy={undefined}
        />
        <SelectField
          label={t`Reminder`}
          name="reminder"
          value={schedule.reminder}
          onChange={(event) => onChange({ reminder: event.target.value as Reminder })}
          options={[
            ...REMINDER_HOURS.map((hours) => ({ value: String(hours), label: t`${hours} hours before` })),
            { value: "none", label: t`No reminder` },
          ]}
          error={undefined}
          invalidBy={undefined}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="font-semibold text-stone-900">
          <Trans>Pay at the door</Trans>
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {STANDING_PAYMENT_METHODS.map((method) => (
            <RadioCard
              key={method}
              compact
              name="paymentMethod"
              value={method}
              checked={schedule.payment === method}
              onChoose={() => onChange({ payment: method })}
            >
              {method === "cash" ? <Trans>Cash</Trans> : "UPI"}
            </RadioCard>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
