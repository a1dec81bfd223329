import { statusLabel } from "./format.ts";

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      {statusLabel(status)}
    </span>
  );
}
