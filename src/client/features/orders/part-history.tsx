import { Trans } from "@lingui/react/macro";
import type { PartHistoryEntry } from "../../../shared/schemas/order-parts.ts";
import { formatOrderDate, statusLabel } from "./format.ts";

/** Every move of one part, oldest first: the status, when, who made it, and a cancel's reason. */
export function PartHistory({ history, label }: { history: readonly PartHistoryEntry[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-1.5 border-l-2 border-stone-200 pl-4 text-sm">
      {history.map((entry) => (
        <li key={`${entry.status}-${entry.at}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-700"
          />
          <span className="font-semibold text-stone-900">{statusLabel(entry.status)}</span>{" "}
          <span className="text-stone-600">
            <Trans>
              <time dateTime={entry.at}>{formatOrderDate(entry.at)}</time> by {entry.by.name}
            </Trans>
          </span>
          {entry.reason ? (
            <p className="text-stone-700">
              <Trans>Reason: {entry.reason}</Trans>
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
