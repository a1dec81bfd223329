import { Trans } from "@lingui/react/macro";
import type { StandingOrder } from "../../../shared/schemas/standing-orders.ts";
import { weekdayText, windowText } from "../../lib/slot-words.ts";
import type { Line, Pattern } from "./standing-order-source.ts";

/** A farmer's share of a new standing order: their lines, and the weekly slots to tick (or that it is made). */
export function WeeklySlotsFieldset({
  farmer,
  lines,
  chosen,
  onChoose,
  refusal,
  made,
}: {
  farmer: { id: string; name: string; patterns: Pattern[] };
  lines: readonly Line[];
  chosen: readonly string[];
  onChoose: (patternIds: string[]) => void;
  refusal: string | undefined;
  made: StandingOrder | undefined;
}) {
  const groupId = `weekly-${farmer.id}`;
  return (
    <fieldset
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      aria-describedby={refusal ? `${groupId}-error` : undefined}
    >
      <legend className="text-lg font-semibold text-stone-900">{farmer.name}</legend>
      <ul className="mt-1 text-stone-700">
        {lines.map((line) => (
          <li key={line.productId}>
            {line.name} × {line.quantity}
          </li>
        ))}
      </ul>
      {made ? (
        <p role="status" className="mt-3 font-semibold text-brand-800">
          <Trans>Standing order made.</Trans>
        </p>
      ) : farmer.patterns.length === 0 ? (
        <p className="mt-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300">
          <Trans>{farmer.name} has no weekly slot.</Trans>
        </p>
      ) : (
        <div className="mt-3">
          <p className="text-sm font-medium text-stone-800">
            <Trans>Deliver every</Trans>
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {farmer.patterns.map((pattern) => (
              <label
                key={pattern.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
              >
                <input
                  type="checkbox"
                  checked={chosen.includes(pattern.id)}
                  onChange={(event) =>
                    onChoose(
                      event.target.checked
                        ? [...chosen, pattern.id]
                        : chosen.filter((id) => id !== pattern.id),
                    )
                  }
                  className="h-4 w-4 accent-brand-700"
                />
                <span className="text-sm text-stone-900">
                  <span className="font-medium">{weekdayText(pattern.weekday)}</span>{" "}
                  {windowText(pattern.start, pattern.end)}
                  {" · "}
                  {pattern.kind === "pickup" ? (
                    <Trans>Pickup at {pattern.where}</Trans>
                  ) : (
                    <Trans>Delivery</Trans>
                  )}
                </span>
              </label>
            ))}
          </div>
        </div>
      )}
      {refusal ? (
        <p id={`${groupId}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </fieldset>
  );
}
