import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import {
  DEFAULT_CUTOFF_HOURS,
  MAX_CUTOFF_HOURS,
  MAX_SLOT_CAPACITY,
  type PickupPoint,
  type SlotPattern,
  SlotPatternInputSchema,
} from "../../../shared/schemas/slots.ts";
import { Button } from "../../components/button.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { weekdayText } from "../../lib/slot-words.ts";
import { toast } from "../../lib/toast.ts";
import { SetupAdd, SetupFormEnd, SetupPanel, useSetupFields } from "./setup-parts.tsx";
import { patternName, weeklySlotText } from "./slot-texts.ts";
import {
  type SlotsBase,
  useDeleteSlotPattern,
  usePickupPoints,
  useSaveSlotPattern,
  useSlotPatterns,
} from "./slots.api.ts";

// The weekly slots a farmer delivers or hands over in, from which the dated slots are made.

const emptyPattern = {
  kind: "delivery",
  pickupPointId: "",
  weekday: "6",
  start: "08:00",
  end: "10:00",
  capacity: "10",
  cutoffHours: String(DEFAULT_CUTOFF_HOURS),
};

/** A weekly slot as the form holds it: every field as its control's text. */
const patternValues = (pattern: SlotPattern): typeof emptyPattern => ({
  kind: pattern.kind,
  pickupPointId: pattern.pickupPointId ?? "",
  weekday: String(pattern.weekday),
  start: pattern.start,
  end: pattern.end,
  capacity: String(pattern.capacity),
  cutoffHours: String(pattern.cutoffHours),
});

const patternLabel = (pattern: SlotPattern, points: readonly PickupPoint[]) =>
  weeklySlotText(pattern, points.find((point) => point.id === pattern.pickupPointId)?.name);

/** The weekly slot the form's values say, as the API takes it. */
const patternInput = (values: typeof emptyPattern) => ({
  kind: values.kind as "delivery" | "pickup",
  ...(values.kind === "pickup" && values.pickupPointId ? { pickupPointId: values.pickupPointId } : {}),
  weekday: Number(values.weekday),
  start: values.start,
  end: values.end,
  capacity: Number(values.capacity),
  cutoffHours: Number(values.cutoffHours),
});

/**
 * Adds a weekly slot or, given `pattern`, edits it: the same fields and the same checks (the shared schema's
 * messages beside each field, then the server's).
 */
function SlotPatternForm({
  base,
  pattern,
  onDone,
  className,
}: {
  base: SlotsBase;
  pattern?: SlotPattern;
  onDone: () => void;
  className: string;
}) {
  const { t } = useLingui();
  const save = useSaveSlotPattern(base);
  const form = useSetupFields(pattern ? patternValues(pattern) : emptyPattern);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = patternInput(form.values);
    void form.submit(SlotPatternInputSchema, input, async () => {
      // NOTE: an edit sends every field; a delivery slot's null clears the point a pickup slot had.
      await save.mutateAsync(
        pattern
          ? { id: pattern.id, input: { ...input, pickupPointId: input.pickupPointId ?? null } }
          : { input },
      );
      toast.success(pattern ? t`Weekly slot saved` : t`Weekly slot added`);
      onDone();
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={className}
      aria-label={pattern ? t`Edit ${patternName(pattern)}` : t`Add a weekly slot`}
    >
      <SlotPatternFields base={base} kind={form.values.kind} field={form.field} />
      <SetupFormEnd
        form={form}
        busy={save.isPending}
        submitLabel={pattern ? <Trans>Save weekly slot</Trans> : <Trans>Add weekly slot</Trans>}
        onCancel={pattern ? onDone : undefined}
        span="col-span-full"
        buttonsClassName="col-span-full flex flex-wrap gap-2"
      />
    </form>
  );
}

/** A weekly slot's fields: delivery or pickup (and where), the day, the window, how many orders, the cut-off. */
function SlotPatternFields({
  base,
  kind,
  field,
}: {
  base: SlotsBase;
  kind: string;
  field: ReturnType<typeof useSetupFields<typeof emptyPattern>>["field"];
}) {
  const { t } = useLingui();
  const points = usePickupPoints(base);
  const openPoints = (points.data ?? []).filter((point) => !point.retiredAt);
  return (
    <>
      <SelectField
        label={t`Kind`}
        options={[
          { value: "delivery", label: t`Delivery` },
          { value: "pickup", label: t`Pickup` },
        ]}
        data-autofocus
        {...field("kind")}
      />
      {kind === "pickup" ? (
        <SelectField
          label={t`Pickup point`}
          options={[
            { value: "", label: t`Choose a pickup point` },
            ...openPoints.map((point) => ({ value: point.id, label: point.name })),
          ]}
          {...field("pickupPointId")}
        />
      ) : null}
      <SelectField
        label={t`Day`}
        options={[0, 1, 2, 3, 4, 5, 6].map((day) => ({ value: String(day), label: weekdayText(day) }))}
        {...field("weekday")}
      />
      <TextField label={t`Start`} type="time" {...field("start")} />
      <TextField label={t`End`} type="time" {...field("end")} />
      <TextField
        label={t`Capacity (orders)`}
        type="number"
        min={1}
        max={MAX_SLOT_CAPACITY}
        {...field("capacity")}
      />
      <TextField
        label={t`Cut-off (hours before)`}
        type="number"
        min={0}
        max={MAX_CUTOFF_HOURS}
        {...field("cutoffHours")}
      />
    </>
  );
}

export function SlotPatternsPanel({ base }: { base: SlotsBase }) {
  const { t } = useLingui();
  const patterns = useSlotPatterns(base);
  const points = usePickupPoints(base);
  const remove = useDeleteSlotPattern(base);
  const [editing, setEditing] = useState<SlotPattern | null>(null);

  return (
    <SetupPanel title={<Trans>Weekly slots</Trans>}>
      <p className="mt-1 text-sm text-stone-600">
        <Trans>
          Slots are made for the next 14 days from these; change or close a single day below. A change to a
          weekly slot leaves the days that already have orders as their buyers chose them.
        </Trans>
      </p>
      <ul className="mt-3 divide-y divide-stone-200">
        {(patterns.data ?? []).map((pattern) => (
          <li key={pattern.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-stone-800">{patternLabel(pattern, points.data ?? [])}</span>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                aria-label={t`Edit ${patternName(pattern)}`}
                onClick={() => setEditing(pattern)}
              >
                <Trans>Edit</Trans>
              </Button>
              <Button
                variant="secondary"
                aria-label={t`Delete ${patternName(pattern)}`}
                onClick={() =>
                  remove.mutate(pattern.id, { onSuccess: () => toast.success(t`Weekly slot deleted`) })
                }
              >
                <Trans>Delete</Trans>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <SetupAdd title={<Trans>Add a weekly slot</Trans>}>
        <SlotPatternForm base={base} onDone={() => undefined} className="grid gap-3 sm:grid-cols-3" />
      </SetupAdd>
      {editing ? (
        <ModalDialog title={t`Edit ${patternName(editing)}`} onClose={() => setEditing(null)}>
          <SlotPatternForm
            base={base}
            pattern={editing}
            onDone={() => setEditing(null)}
            className="grid gap-3 sm:grid-cols-2"
          />
        </ModalDialog>
      ) : null}
    </SetupPanel>
  );
}
