import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import { type FarmerSlot, MAX_SLOT_CAPACITY, slotMessages } from "../../../shared/schemas/slots.ts";
import { Button } from "../../components/button.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";

import { serverErrors } from "./setup-forms.ts";
import { SetupPanel } from "./setup-parts.tsx";
import { slotText } from "./slot-texts.ts";
import { type SlotsBase, useDatedSlots, usePatchSlot } from "./slots.api.ts";

// The dated slots of the next 14 days: their places, capacity, closing and packing lists.

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
        max={MAX_SLOT_CAPACITY}
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

export function DatedSlotsPanel({
  base,
  packingListPath,
}: {
  base: SlotsBase;
  packingListPath: (id: string) => string;
}) {
  const { t } = useLingui();
  const slots = useDatedSlots(base);
  const [closing, setClosing] = useState<FarmerSlot | null>(null);
  const now = Date.now();
  return (
    <SetupPanel title={<Trans>The next 14 days</Trans>}>
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
    </SetupPanel>
  );
}
