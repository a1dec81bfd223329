import { Trans, useLingui } from "@lingui/react/macro";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import { type FarmerSlotChoices, SHOP_SLOT_KEY, SLOT_HORIZON_DAYS } from "../../../shared/schemas/slots.ts";
import { formatSlot, slotText, slotUnavailableLabel } from "./format.ts";

/** The deal of the day's id in the cart; its part is the shop's own. */
const DEAL_ID = "deal-of-the-day";

/** Who delivers each cart line: its farmer's id, or "shop" for the deal of the day. */
export const slotKeyOf = (item: CartItem) =>
  item.id === DEAL_ID || !item.userId ? SHOP_SLOT_KEY : item.userId;

/** The farmers (and the shop) the cart's lines come from, in cart order. */
export const cartFarmerKeys = (items: readonly CartItem[]) => [...new Set(items.map(slotKeyOf))];

/** The farmers who deliver in slots but have none open: Place Order waits until the cart changes. */
export const farmersWithoutOpenSlot = (choices: readonly FarmerSlotChoices[]) =>
  choices.filter((farmer) => farmer.usesSlots && !farmer.slots.some((slot) => slot.available));

/**
 * Checkout's "Delivery and pickup": the cart grouped by farmer; for each farmer with slots, one radio per slot
 * of the next 14 days (unavailable ones disabled, with why); the others deliver within 24 hours.
 */
export function SlotChoice({
  items,
  choices,
  value,
  errors,
  onChange,
}: {
  items: readonly CartItem[];
  choices: readonly FarmerSlotChoices[];
  value: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  onChange: (farmerKey: string, slotId: string) => void;
}) {
  return (
    <fieldset className="mt-6" data-testid="slot-choice">
      <legend className="text-lg font-semibold text-stone-900">
        <Trans>Delivery and pickup</Trans>
      </legend>
      <div className="mt-3 space-y-4">
        {choices.map((farmer) => (
          <FarmerSlots
            key={farmer.farmerId}
            farmer={farmer}
            lines={items.filter((item) => slotKeyOf(item) === farmer.farmerId)}
            chosen={value[farmer.farmerId]}
            error={errors[farmer.farmerId]}
            onChange={onChange}
          />
        ))}
      </div>
    </fieldset>
  );
}

type Slot = FarmerSlotChoices["slots"][number];

/** One farmer's lines and their slots to choose from (or why there are none, or "within a day"). */
function FarmerSlots({
  farmer,
  lines,
  chosen,
  error,
  onChange,
}: {
  farmer: FarmerSlotChoices;
  lines: readonly CartItem[];
  chosen: string | undefined;
  error: string | undefined;
  onChange: (farmerKey: string, slotId: string) => void;
}) {
  const { t } = useLingui();
  const days = SLOT_HORIZON_DAYS;
  const name = farmer.farmerName || t`The farmer`;
  const groupId = `slots-${farmer.farmerId}`;
  const noneOpen = farmer.usesSlots && !farmer.slots.some((slot) => slot.available);
  return (
    <div className="rounded-lg p-4 ring-1 ring-stone-300">
      <p id={`${groupId}-name`} className="font-semibold text-stone-900">
        {name}
      </p>
      <p className="text-sm text-stone-600">{lines.map((line) => line.name).join(", ")}</p>
      {!farmer.usesSlots ? (
        <p className="mt-2 text-sm text-stone-800">{slotText.withinDay()}</p>
      ) : noneOpen ? (
        <p
          role="alert"
          className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300"
        >
          {t`${name} has no delivery or pickup open in the next ${days} days`}
        </p>
      ) : (
        <div
          role="radiogroup"
          aria-labelledby={`${groupId}-name`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${groupId}-error` : undefined}
          className="mt-2 grid gap-2 sm:grid-cols-2"
        >
          {farmer.slots.map((slot) => (
            <SlotRadio
              key={slot.id}
              slot={slot}
              groupId={groupId}
              checked={chosen === slot.id}
              onChoose={() => onChange(farmer.farmerId, slot.id)}
            />
          ))}
        </div>
      )}
      {error ? (
        <p id={`${groupId}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One slot as a radio: its kind and time, its pickup point, and places left or why it is unavailable. */
function SlotRadio({
  slot,
  groupId,
  checked,
  onChoose,
}: {
  slot: Slot;
  groupId: string;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useLingui();
  return (
    <label
      className={`flex items-start gap-3 rounded-lg px-3 py-2 ring-1 ${
        slot.available
          ? "cursor-pointer ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
          : "cursor-not-allowed bg-stone-100 text-stone-600 ring-stone-200"
      }`}
    >
      <input
        type="radio"
        name={groupId}
        value={slot.id}
        disabled={!slot.available}
        checked={checked}
        onChange={onChoose}
        className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
      />
      <span className="text-sm">
        <span className="block font-medium text-stone-900">
          {slot.kind === "pickup" ? t`Pickup` : t`Delivery`} · {formatSlot(slot)}
        </span>
        {slot.pickupPoint ? (
          <span className="block">
            {slot.pickupPoint.name}, {slot.pickupPoint.address}
          </span>
        ) : null}
        <span className="block">
          {slot.available
            ? slotText.placesLeft(slot.left)
            : t`Unavailable: ${slotUnavailableLabel(slot.reason ?? "closed")}`}
        </span>
      </span>
    </label>
  );
}
