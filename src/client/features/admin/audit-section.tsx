import type { AuditAction, AuditTargetType } from "../../../shared/schemas/audit.ts";
import { LoadState } from "../../components/load-state.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { useAuditLog } from "./admin.api.ts";

const actionLabels: Record<AuditAction, string> = {
  "operator.grant": "Made an operator",
  "operator.revoke": "No longer an operator",
  "message.read": "Read a message",
  "message.unread": "Marked a message unread",
  "message.handle": "Handled a message",
  "message.reopen": "Reopened a message",
  "message.note": "Noted on a message",
  "product.hide": "Hid a product",
  "product.unhide": "Unhid a product",
  "user.suspend": "Suspended an account",
  "user.reinstate": "Reinstated an account",
  "fulfilment.status": "Moved part of an order",
  "deal.update": "Planned a deal",
  "pickup_point.create": "Added a shop pickup point",
  "pickup_point.update": "Changed a shop pickup point",
  "pickup_point.retire": "Retired a shop pickup point",
  "delivery_area.update": "Changed the shop's delivery area",
  "slot_pattern.create": "Added a shop weekly slot",
  "slot_pattern.update": "Changed a shop weekly slot",
  "slot_pattern.delete": "Deleted a shop weekly slot",
  "slot.capacity": "Changed a shop slot's capacity",
  "slot.close": "Closed a shop slot",
};

const targetLabels: Record<AuditTargetType, string> = {
  user: "user",
  product: "product",
  message: "message",
  fulfilment: "fulfilment",
  deal: "deal",
  pickup_point: "pickup point",
  delivery_area: "delivery area",
  slot_pattern: "weekly slot",
  slot: "slot",
};

const at = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** The audit log at /admin/audit: who did what, when, on what and why. Nobody can change it. */
export function AuditSection() {
  const audit = useAuditLog();
  const list = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <div>
        <h2 id="audit-heading" className="text-xl font-bold text-stone-900">
          Audit log
        </h2>
        <p className="text-sm text-stone-600">Every operator action, newest first. It cannot be edited.</p>
      </div>
      <LoadState query={audit} what="audit log" isEmpty={list.length === 0} empty="Nothing yet.">
        <ol
          aria-label="Operator actions"
          className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200"
        >
          {list.map((entry) => (
            <li key={entry.id} className="py-3">
              <p className="font-semibold text-stone-900">
                {actionLabels[entry.action]}{" "}
                <span className="font-normal text-stone-600">
                  ({targetLabels[entry.target.type]} {entry.target.label ?? entry.target.id.slice(0, 8)})
                </span>
              </p>
              <p className="text-sm text-stone-600">
                <time dateTime={entry.at}>{at.format(new Date(entry.at))}</time> by{" "}
                {/* NOTE: a command-line change's actor is named "command line (npm run operator)" already. */}
                <span className="break-all">
                  {entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email}
                </span>
              </p>
              {entry.reason ? <p className="text-sm text-stone-800">Why: {entry.reason}</p> : null}
            </li>
          ))}
        </ol>
        <ShowMoreButton pages={audit} label="Show older entries" />
      </LoadState>
    </section>
  );
}
