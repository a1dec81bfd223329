import type { ReactNode } from "react";

/**
 * One choice of a radio group drawn as a card the whole of which chooses it, marked while chosen (checkout's
 * payment, a standing order's "How often" and "Pay at the door"). With a `note`, the label sits over it.
 */
export function RadioCard({
  name,
  value,
  checked,
  onChoose,
  children,
  note,
  compact = false,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  children: ReactNode;
  note?: ReactNode;
  /** A short choice in a row of them ("Every week", "Cash"), rather than one in a grid. */
  compact?: boolean;
}) {
  const size = compact ? "min-h-11 gap-2 px-3 py-2" : "gap-3 px-4 py-3";
  return (
    <label
      className={`flex cursor-pointer rounded-lg ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700 ${size} ${note ? "items-start" : "items-center"}`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        className={`h-4 w-4 accent-brand-700 ${note ? "mt-1" : ""}`}
      />
      {note ? (
        <span>
          <span className="block font-medium text-stone-800">{children}</span>
          <span className="block text-sm text-stone-700">{note}</span>
        </span>
      ) : (
        children
      )}
    </label>
  );
}
