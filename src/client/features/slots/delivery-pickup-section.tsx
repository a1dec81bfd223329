import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import {
  DEFAULT_CUTOFF_HOURS,
  type FarmerSlot,
  type PickupPoint,
  PickupPointInputSchema,
  type SlotPattern,
  SlotPatternInputSchema,
  slotMessages,
} from "../../../shared/schemas/slots.ts";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { weekdayText } from "../../lib/slot-words.ts";
import { toast } from "../../lib/toast.ts";
import { patternName, slotText, weeklySlotText } from "./slot-texts.ts";
import {
  type SlotsBase,
  useDatedSlots,
  useDeleteSlotPattern,
  useDeliveryArea,
  usePatchSlot,
  usePickupPoints,
  useRetirePickupPoint,
  useSaveDeliveryArea,
  useSavePickupPoint,
  useSaveSlotPattern,
  useSlotPatterns,
} from "./slots.api.ts";

type Errors = Record<string, string>;

/** The first message per field of a failed parse, keyed by the field's path. */
function fieldErrors(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) errors[issue.path.join(".") || "_"] ??= sayShared(issue.message);
  return errors;
}

/** A refused request's per-field messages, and its message for the form. */
function serverErrors(error: unknown): { fields: Errors; message: string } {
  if (error instanceof ApiRequestError) return { fields: error.fields, message: error.message };
  return { fields: {}, message: t`Something went wrong. Please try again.` };
}

const panel = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200";
const subheading = "text-lg font-semibold text-stone-900";

// ---- pickup points ----

/** The map link's placeholder: how every such address starts, the same in every language. */
const WEB_ADDRESS_START = "https://";

const emptyPoint = { name: "", address: "", directions: "", mapUrl: "", openingNote: "" };

function PickupPointForm({
  base,
  point,
  onDone,
}: {
  base: SlotsBase;
  point?: PickupPoint;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const save = useSavePickupPoint(base);
  const [values, setValues] = useState(
    point
      ? {
          name: point.name,
          address: point.address,
          directions: point.directions ?? "",
          mapUrl: point.mapUrl ?? "",
          openingNote: point.openingNote ?? "",
        }
      : emptyPoint,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formId = useId();
  const set = (name: keyof typeof emptyPoint) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = PickupPointInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: point?.id, input: values });
      toast.success(point ? t`Pickup point saved` : t`Pickup point added`);
      if (!point) setValues(emptyPoint);
      onDone();
    } catch (error) {
      const { fields, message } = serverErrors(error);
      setErrors(fields);
      setFormError(message);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      aria-label={point ? t`Edit ${point.name}` : t`Add a pickup point`}
    >
      <TextField label={t`Name`} required {...set("name")} />
      <TextField label={t`Address`} required {...set("address")} />
      <TextField label={t`Directions (optional)`} {...set("directions")} />
      <TextField
        label={t`Map link (optional)`}
        type="url"
        placeholder={WEB_ADDRESS_START}
        {...set("mapUrl")}
      />
      <TextField label={t`Opening note (optional)`} {...set("openingNote")} className="sm:col-span-2" />
      <FormMessage id={`${formId}-error`} message={formError} className="sm:col-span-2" />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {point ? <Trans>Save pickup point</Trans> : <Trans>Add pickup point</Trans>}
        </Button>
        {point ? (
          <Button variant="secondary" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function PickupPointsPanel({ base }: { base: SlotsBase }) {
  const { t } = useLingui();
  const points = usePickupPoints(base);
  const retire = useRetirePickupPoint(base);
  const [editing, setEditing] = useState<string | null>(null);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h3 id={headingId} className={subheading}>
        <Trans>Pickup points</Trans>
      </h3>
      <ul className="mt-3 divide-y divide-stone-200">
        {(points.data ?? []).map((point) => (
          <li key={point.id} className="py-3">
            {editing === point.id ? (
              <PickupPointForm base={base} point={point} onDone={() => setEditing(null)} />
            ) : (
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-stone-900">
                    {point.name}
                    {point.retiredAt ? (
                      <span className="ml-2 text-sm font-normal text-stone-600">
                        <Trans>(retired)</Trans>
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-stone-700">{point.address}</p>
                  {point.openingNote ? <p className="text-sm text-stone-600">{point.openingNote}</p> : null}
                  {point.mapUrl ? (
                    <a
                      href={point.mapUrl}
                      className="text-sm text-brand-700 underline"
                      rel="noreferrer"
                      target="_blank"
                    >
                      <Trans>Map</Trans>
                    </a>
                  ) : null}
                </div>
                {point.retiredAt ? null : (
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(point.id)}
                      aria-label={t`Edit ${point.name}`}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={t`Retire ${point.name}`}
                      onClick={() =>
                        retire.mutate(point.id, {
                          onSuccess: () => toast.success(t`${point.name} is retired`),
                        })
                      }
                    >
                      <Trans>Retire</Trans>
                    </Button>
                  </div>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <h4 className="mt-4 font-semibold text-stone-800">
        <Trans>Add a pickup point</Trans>
      </h4>
      <div className="mt-2">
        <PickupPointForm base={base} onDone={() => undefined} />
      </div>
    </section>
  );
}

// ---- delivery area ----

function DeliveryAreaPanel({ base }: { base: SlotsBase }) {
  const { t } = useLingui();
  const area = useDeliveryArea(base);
  const save = useSaveDeliveryArea(base);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const shown = text ?? (area.data?.pinPrefixes ?? []).join(", ");
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const prefixes = shown.split(/[\s,]+/).filter(Boolean);
    const bad = prefixes.find((prefix) => !/^\d{1,6}$/.test(prefix));
    if (bad !== undefined) {
      setError(`${bad}: ${sayShared(slotMessages.pinPrefix)}`);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(prefixes);
      setText(null);
      toast.success(t`Delivery area saved`);
    } catch (failure) {
      setError(serverErrors(failure).message);
    }
  }
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h3 id={headingId} className={subheading}>
        <Trans>Delivery area</Trans>
      </h3>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          label={t`PIN codes you deliver to`}
          hint={t`6 digits, or the first digits of many: 4110 covers 411001 to 411099. Separate them with commas.`}
          value={shown}
          error={error}
          onChange={(event) => setText(event.target.value)}
          className="min-w-64 flex-1"
          inputMode="numeric"
        />
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save area</Trans>
        </Button>
      </form>
    </section>
  );
}

// ---- weekly slots ----

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
  const points = usePickupPoints(base);
  const save = useSaveSlotPattern(base);
  const [values, setValues] = useState(pattern ? patternValues(pattern) : emptyPattern);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formId = useId();
  const openPoints = (points.data ?? []).filter((point) => !point.retiredAt);
  const input = {
    kind: values.kind as "delivery" | "pickup",
    ...(values.kind === "pickup" && values.pickupPointId ? { pickupPointId: values.pickupPointId } : {}),
    weekday: Number(values.weekday),
    start: values.start,
    end: values.end,
    capacity: Number(values.capacity),
    cutoffHours: Number(values.cutoffHours),
  };
  const field = (name: keyof typeof emptyPattern) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = SlotPatternInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      // NOTE: an edit sends every field; a delivery slot's null clears the point a pickup slot had.
      await save.mutateAsync(
        pattern
          ? { id: pattern.id, input: { ...input, pickupPointId: input.pickupPointId ?? null } }
          : { input },
      );
      toast.success(pattern ? t`Weekly slot saved` : t`Weekly slot added`);
      onDone();
    } catch (error) {
      const { fields, message } = serverErrors(error);
      setErrors(fields);
      setFormError(message);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={className}
      aria-label={pattern ? t`Edit ${patternName(pattern)}` : t`Add a weekly slot`}
    >
      <SelectField
        label={t`Kind`}
        options={[
          { value: "delivery", label: t`Delivery` },
          { value: "pickup", label: t`Pickup` },
        ]}
        data-autofocus
        {...field("kind")}
      />
      {values.kind === "pickup" ? (
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
      <TextField label={t`Capacity (orders)`} type="number" min={1} max={1000} {...field("capacity")} />
      <TextField
        label={t`Cut-off (hours before)`}
        type="number"
        min={0}
        max={168}
        {...field("cutoffHours")}
      />
      <FormMessage id={`${formId}-error`} message={formError} className="col-span-full" />
      <div className="col-span-full flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {pattern ? <Trans>Save weekly slot</Trans> : <Trans>Add weekly slot</Trans>}
        </Button>
        {pattern ? (
          <Button variant="secondary" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function SlotPatternsPanel({ base }: { base: SlotsBase }) {
  const { t } = useLingui();
  const patterns = useSlotPatterns(base);
  const points = usePickupPoints(base);
  const remove = useDeleteSlotPattern(base);
  const [editing, setEditing] = useState<SlotPattern | null>(null);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className={panel}>
      <h3 id={headingId} className={subheading}>
        <Trans>Weekly slots</Trans>
      </h3>
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
      <h4 className="mt-4 font-semibold text-stone-800">
        <Trans>Add a weekly slot</Trans>
      </h4>
      <SlotPatternForm base={base} onDone={() => undefined} className="mt-2 grid gap-3 sm:grid-cols-3" />
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
    </section>
  );
}

// ---- dated slots ----

function slotState(slot: FarmerSlot, now: number) {
  const reason = slot.closedReason ?? "";
  if (slot.closedAt) return t`Closed: ${reason}`;
  if (Date.parse(slot.cutoffAt) <= now) return t`Ordering closed`;
  if (slot.taken >= slot.capacity) return t`Full`;
  return t`Open`;
}

function CloseSlotDialog({
  base,
  slot,
  onClose,
}: {
  base: SlotsBase;
  slot: FarmerSlot;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const patch = usePatchSlot(base);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [confirmText, setConfirmText] = useState<string | null>(null);
  async function close(confirm: boolean) {
    if (!reason.trim()) {
      setError(sayShared(slotMessages.reasonRequired));
      return;
    }
    try {
      await patch.mutateAsync({
        id: slot.id,
        patch: { closed: true, reason, ...(confirm ? { confirm: true } : {}) },
      });
      toast.success(t`Slot closed`);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === "confirm_required") {
        setConfirmText(failure.message);
        return;
      }
      setError(serverErrors(failure).message);
    }
  }
  return (
    <ModalDialog title={t`Close ${slotText(slot)}`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void close(confirmText !== null);
        }}
        className="space-y-4"
      >
        <TextField
          label={t`Why is it closed?`}
          value={reason}
          error={error}
          onChange={(event) => setReason(event.target.value)}
          data-autofocus
        />
        {confirmText ? (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300"
          >
            {confirmText}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" variant="danger" disabled={patch.isPending}>
            {confirmText ? <Trans>Close and tell the buyers</Trans> : <Trans>Close slot</Trans>}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

function CapacityForm({ base, slot }: { base: SlotsBase; slot: FarmerSlot }) {
  const { t } = useLingui();
  const patch = usePatchSlot(base);
  const [value, setValue] = useState(String(slot.capacity));
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="flex items-end gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await patch.mutateAsync({ id: slot.id, patch: { capacity: Number(value) } });
          setError(undefined);
          toast.success(t`Capacity changed`);
        } catch (failure) {
          const { fields, message } = serverErrors(failure);
          setError(fields.capacity ?? message);
        }
      }}
    >
      <TextField
        label={t`Capacity of ${slotText(slot)}`}
        type="number"
        min={1}
        max={1000}
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
        className="w-40 [&_label]:sr-only"
      />
      <Button type="submit" variant="secondary" disabled={patch.isPending}>
        <Trans>Set</Trans>
      </Button>
    </form>
  );
}

function DatedSlotsPanel({
  base,
  packingListPath,
}: {
  base: SlotsBase;
  packingListPath: (id: string) => string;
}) {
  const { t } = useLingui();
  const slots = useDatedSlots(base);
  const [closing, setClosing] = useState<FarmerSlot | null>(null);
  const headingId = useId();
  const now = Date.now();
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h3 id={headingId} className={subheading}>
        <Trans>The next 14 days</Trans>
      </h3>
      {slots.data && slots.data.length === 0 ? (
        <p className="mt-2 text-stone-600">
          <Trans>No slots yet: add a weekly slot above.</Trans>
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-stone-200">
        {(slots.data ?? []).map((slot) => (
          <li key={slot.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold text-stone-900">
                {slotText(slot)} ·{" "}
                {slot.kind === "pickup" ? t`Pickup at ${slot.pickupPoint?.name ?? ""}` : t`Delivery`}
              </p>
              <p className="text-sm text-stone-700">
                <Trans>
                  {slot.taken} of {slot.capacity} taken
                </Trans>{" "}
                · {slotState(slot, now)}
              </p>
            </div>
            <div className="flex flex-wrap items-end gap-2">
              {slot.closedAt ? null : <CapacityForm base={base} slot={slot} />}
              {slot.closedAt ? null : (
                <Button
                  variant="secondary"
                  onClick={() => setClosing(slot)}
                  aria-label={t`Close ${slotText(slot)}`}
                >
                  <Trans>Close</Trans>
                </Button>
              )}
              <Link
                to={packingListPath(slot.id)}
                className="inline-flex min-h-11 items-center px-2 font-semibold text-brand-700 underline"
                aria-label={t`Packing list for ${slotText(slot)}`}
              >
                <Trans>Packing list</Trans>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {closing ? <CloseSlotDialog base={base} slot={closing} onClose={() => setClosing(null)} /> : null}
    </section>
  );
}

/**
 * "Delivery and pickup" on /farmer (and the shop's own on /admin): pickup points, the PIN codes delivered to,
 * the weekly slots and the dated slots of the next 14 days with their packing lists (decision 017).
 */
export function DeliveryPickupSection({
  base,
  packingListPath,
}: {
  base: SlotsBase;
  packingListPath: (slotId: string) => string;
}) {
  const { t } = useLingui();
  // NOTE: slotMessages.withinDay, the words checkout shows buyers.
  const withinDay = t`Delivery within 24 hours`;
  return (
    <section aria-labelledby="delivery-pickup-heading" className="space-y-4">
      <div>
        <h2 id="delivery-pickup-heading" className="text-2xl font-bold text-stone-900">
          <Trans>Delivery and pickup</Trans>
        </h2>
        <p className="mt-1 text-stone-600">
          <Trans>
            Without weekly slots, buyers are told "{withinDay}". With them, each buyer picks a slot at
            checkout, and a full slot takes no more orders.
          </Trans>
        </p>
      </div>
      <PickupPointsPanel base={base} />
      <DeliveryAreaPanel base={base} />
      <SlotPatternsPanel base={base} />
      <DatedSlotsPanel base={base} packingListPath={packingListPath} />
    </section>
  );
}
