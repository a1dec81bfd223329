import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import type { OperatorOrder } from "../../../shared/schemas/operator-orders.ts";
import {
  ORDER_STATUSES,
  type OrderStatus,
  PART_TRANSITIONS,
  type PartStatus,
} from "../../../shared/schemas/order-parts.ts";
import type { OrderPart } from "../../../shared/schemas/orders.ts";
import { Button } from "../../components/button.tsx";
import { LoadState } from "../../components/load-state.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { problemOf } from "../../lib/operator-pages.ts";
import { addressText } from "../../lib/saved-addresses.ts";
import { toast } from "../../lib/toast.ts";
import { ForwardMoves, updateFailed } from "./farmer-part-moves.tsx";
import { formatOrderDate, orderAmountText, orderNumber, statusLabel } from "./format.ts";
import { type OperatorOrderFilters, useMoveShopPart, useOperatorOrders } from "./operator-orders.api.ts";
import { OrderLines } from "./order-lines.tsx";
import { OrderStatusBadge, PaymentBadge } from "./order-status-badge.tsx";
import { PartPayments } from "./part-billing.tsx";

/** The shop's own part (the deal of the day): the operator's moves, as a farmer has for theirs. */
function ShopPartMoves({ order, part }: { order: OperatorOrder; part: OrderPart }) {
  const { t, i18n } = useLingui();
  const failed = i18n._(updateFailed);
  const move = useMoveShopPart();
  const [cancelling, setCancelling] = useState(false);
  const number = orderNumber(order.id);
  const moves = PART_TRANSITIONS[part.status];
  const buyer = order.buyer.name;
  if (moves.length === 0) return null;

  const forward = (status: PartStatus) =>
    move.mutate(
      { id: part.id, change: { status } },
      {
        onSuccess: () => {
          const shown = statusLabel(status).toLowerCase();
          toast.success(t`The shop's part of order ${number} is now ${shown}.`);
        },
        onError: (error) => toast.error(problemOf(error, "status", failed)),
      },
    );

  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <ForwardMoves
        moves={moves}
        busy={move.isPending}
        onMove={forward}
        labelOf={(label) => t`${label}: the shop's part of order ${number}`}
      />
      {moves.includes("cancelled") ? (
        <Button
          variant="danger"
          disabled={move.isPending}
          onClick={() => setCancelling(true)}
          aria-label={t`Cancel the shop's part of order ${number}`}
        >
          <Trans>Cancel</Trans>
        </Button>
      ) : null}
      {cancelling ? (
        <ReasonDialog
          title={t`Cancel the shop's part of order ${number}?`}
          intro={t`${buyer} sees the reason.`}
          confirmLabel={t`Cancel this part`}
          danger
          maxLength={REASON_MAX_LENGTH}
          busy={move.isPending}
          onClose={() => setCancelling(false)}
          onConfirm={async (reason) => {
            try {
              await move.mutateAsync({ id: part.id, change: { status: "cancelled", reason } });
              toast.success(t`The shop's part of order ${number} is cancelled.`);
              return undefined;
            } catch (error) {
              return problemOf(error, "reason", failed);
            }
          }}
        />
      ) : null}
    </div>
  );
}

function OperatorOrderCard({ order }: { order: OperatorOrder }) {
  const { t } = useLingui();
  const total = orderAmountText(order);
  const buyer = order.buyer.name;
  const number = orderNumber(order.id);
  const headingId = `operator-order-${order.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 pb-3">
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg font-semibold text-stone-900">
              <Trans>
                Order {number} · {total}
              </Trans>
            </h3>
            <p className="text-sm text-stone-600">
              <Trans>
                <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time> by {buyer}
              </Trans>{" "}
              {order.buyer.email ? (
                <a href={`mailto:${order.buyer.email}`} className="break-all text-brand-800 underline">
                  {order.buyer.email}
                </a>
              ) : null}
            </p>
            <p className="text-sm text-stone-600">
              <Trans>To {addressText(order.shipping)}</Trans>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <OrderStatusBadge status={order.status} />
            <PaymentBadge state={order.payment.state} />
          </div>
        </header>
        <ul aria-label={t`Parts of order ${number}`} className="mt-3 space-y-4">
          {order.fulfilments.map((part) => (
            <li key={part.id}>
              <div className="mb-1 flex flex-wrap items-center gap-2">
                <h4 className="font-semibold text-stone-900">
                  {part.farmerId === null ? t`The shop (deal of the day)` : part.farmerName}
                </h4>
                <OrderStatusBadge status={part.status} />
                <PaymentBadge state={part.payment.state} />
              </div>
              <OrderLines
                items={part.items}
                total={part.total}
                billFinal={part.billFinal}
                label={t`Lines of ${part.farmerName}`}
              />
              {part.farmerId === null ? (
                <>
                  <PartPayments part={{ ...part, orderId: order.id }} />
                  <ShopPartMoves order={order} part={part} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}

/**
 * Every order at /admin/orders, newest first, filtered by status, date and the shop's own part; the
 * operator fulfils the shop's part (the deal of the day) here.
 */
export function OperatorOrdersSection() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<OperatorOrderFilters>({ part: "all" });
  const orders = useOperatorOrders(filters);
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (changes: Partial<OperatorOrderFilters>) =>
    setFilters((current) => ({ ...current, ...changes }));

  return (
    <section aria-labelledby="operator-orders-heading" className="space-y-4">
      <h2 id="operator-orders-heading" className="text-xl font-bold text-stone-900">
        <Trans>Orders</Trans>
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t`Status`}
          value={filters.status ?? ""}
          onChange={(event) => set({ status: (event.target.value || undefined) as OrderStatus | undefined })}
          options={[
            { value: "", label: t`Every status` },
            ...ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
          ]}
        />
        <SelectField
          label={t`Holding`}
          value={filters.part ?? "all"}
          onChange={(event) => set({ part: event.target.value as "all" | "shop" })}
          options={[
            { value: "all", label: t`Any products` },
            { value: "shop", label: t`The deal of the day` },
          ]}
        />
        <TextField
          label={t`From`}
          type="date"
          value={filters.from ?? ""}
          onChange={(event) => set({ from: event.target.value || undefined })}
        />
        <TextField
          label={t`To`}
          type="date"
          value={filters.to ?? ""}
          onChange={(event) => set({ to: event.target.value || undefined })}
        />
      </div>
      <LoadState query={orders} what={t`orders`} isEmpty={list.length === 0} empty={t`No orders match.`}>
        <ul aria-label={t`Orders`} className="space-y-4">
          {list.map((order) => (
            <OperatorOrderCard key={order.id} order={order} />
          ))}
        </ul>
        <ShowMoreButton pages={orders} label={t`Show older orders`} />
      </LoadState>
    </section>
  );
}
