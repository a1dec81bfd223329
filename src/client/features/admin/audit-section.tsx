import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AuditAction, AuditTargetType } from "../../../shared/schemas/audit.ts";
import { LoadState } from "../../components/load-state.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { dateTimeText } from "../../lib/date-time.ts";
import { useAuditLog } from "./admin.api.ts";

const actionLabels: Record<AuditAction, MessageDescriptor> = {
  "operator.grant": msg`Made an operator`,
  "operator.revoke": msg`No longer an operator`,
  "message.read": msg`Read a message`,
  "message.unread": msg`Marked a message unread`,
  "message.handle": msg`Handled a message`,
  "message.reopen": msg`Reopened a message`,
  "message.note": msg`Noted on a message`,
  "product.hide": msg`Hid a product`,
  "product.unhide": msg`Unhid a product`,
  "user.suspend": msg`Suspended an account`,
  "user.reinstate": msg`Reinstated an account`,
  "fulfilment.status": msg`Moved part of an order`,
  "deal.update": msg`Planned a deal`,
  "deal.remove": msg`Removed a planned deal`,
  "pickup_point.create": msg`Added a shop pickup point`,
  "pickup_point.update": msg`Changed a shop pickup point`,
  "pickup_point.retire": msg`Retired a shop pickup point`,
  "delivery_area.update": msg`Changed the shop's delivery area`,
  "slot_pattern.create": msg`Added a shop weekly slot`,
  "slot_pattern.update": msg`Changed a shop weekly slot`,
  "slot_pattern.delete": msg`Deleted a shop weekly slot`,
  "slot.capacity": msg`Changed a shop slot's capacity`,
  "slot.close": msg`Closed a shop slot`,
  "shop_profile.update": msg`Changed the shop's UPI ID`,
  "payout.record": msg`Recorded a payout to a farmer`,
};

const targetLabels: Record<AuditTargetType, MessageDescriptor> = {
  user: msg`user`,
  product: msg`product`,
  message: msg`message`,
  fulfilment: msg`fulfilment`,
  deal: msg`deal`,
  pickup_point: msg`pickup point`,
  delivery_area: msg`delivery area`,
  slot_pattern: msg`weekly slot`,
  slot: msg`slot`,
  shop: msg`shop`,
};

/** The audit log at /admin/audit: who did what, when, on what and why. Nobody can change it. */
export function AuditSection() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const audit = useAuditLog();
  const list = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <div>
        <h2 id="audit-heading" className="text-xl font-bold text-stone-900">
          <Trans>Audit log</Trans>
        </h2>
        <p className="text-sm text-stone-600">
          <Trans>Every operator action, newest first. It cannot be edited.</Trans>
        </p>
      </div>
      <LoadState query={audit} what={t`audit log`} isEmpty={list.length === 0} empty={t`Nothing yet.`}>
        <ol
          aria-label={t`Operator actions`}
          className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200"
        >
          {list.map((entry) => (
            <li key={entry.id} className="py-3">
              <p className="font-semibold text-stone-900">
                {_(actionLabels[entry.action])}{" "}
                <span className="font-normal text-stone-600">
                  ({_(targetLabels[entry.target.type])} {entry.target.label ?? entry.target.id.slice(0, 8)})
                </span>
              </p>
              <p className="text-sm text-stone-600">
                {/* NOTE: a command-line change's actor is named "command line (npm run operator)" already. */}
                <Trans>
                  <time dateTime={entry.at}>{dateTimeText(entry.at)}</time> by{" "}
                  <span className="break-all">
                    {entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email}
                  </span>
                </Trans>
              </p>
              {entry.reason ? (
                <p className="text-sm text-stone-800">
                  <Trans>Why: {entry.reason}</Trans>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
        <ShowMoreButton pages={audit} label={t`Show older entries`} />
      </LoadState>
    </section>
  );
}
