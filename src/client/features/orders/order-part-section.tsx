import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderPart } from "../../../shared/schemas/orders.ts";
import { shopTime } from "../../../shared/shop-calendar.ts";
import { OrderLines } from "./order-lines.tsx";
import { OrderStatusBadge, PaymentBadge } from "./order-status-badge.tsx";
import { PartHistory } from "./part-history.tsx";
import { PartSlotLine } from "./part-slot.tsx";
import { PartPayment } from "./upi-payment.tsx";

/** Each time the farmer came and nobody was home (the delivery run): the part is still on its way. */
function NotAtHome({ attempts }: { attempts: OrderPart["attempts"] }) {
  if (!attempts?.length) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm text-amber-900">
      {attempts.map((attempt) => {
        const time = shopTime(new Date(attempt.at));
        const reason = attempt.reason;
        return (
          <li key={attempt.at} className="rounded-md bg-amber-50 px-3 py-2">
            <p className="font-semibold">
              <Trans>
                We came at <time dateTime={attempt.at}>{time}</time>, nobody was home
              </Trans>
            </p>
            <p>
              <Trans>Their note: {reason}</Trans>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** One farmer's part of the order: who delivers it, its status and history, and whether it is paid. */
export function OrderPartSection({ part, index }: { part: OrderPart; index: number }) {
  const { t } = useLingui();
  const headingId = `part-${part.id}`;
  const partNumber = index + 1;
  const farmer = part.farmerName;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl p-4 ring-1 ring-stone-200">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-stone-900">
            <Trans>
              Part {partNumber}: from {farmer}
            </Trans>
          </h3>
          <div className="flex flex-wrap gap-2">
            <OrderStatusBadge status={part.status} />
            <PaymentBadge state={part.payment.state} />
          </div>
        </header>
        {part.farmerPhone ? (
          <p className="mt-2 text-sm text-stone-700">
            <Trans>
              Phone {farmer}:{" "}
              <a
                href={`tel:${part.farmerPhone.replace(/[^0-9+]/g, "")}`}
                className="font-medium text-green-800 underline"
              >
                {part.farmerPhone}
              </a>
            </Trans>
          </p>
        ) : null}
        <PartSlotLine slot={part.slot} className="mt-2" />
        <NotAtHome attempts={part.attempts} />
        <div className="mt-3">
          <OrderLines
            items={part.items}
            total={part.total}
            billFinal={part.billFinal}
            label={t`Items from ${farmer}`}
          />
        </div>
        <PartPayment part={part} />
        <div className="mt-3">
          <PartHistory history={part.history} label={t`History of the part from ${farmer}`} />
        </div>
      </article>
    </li>
  );
}
