import { randomUUID } from "node:crypto";
import { orderMessages } from "../../shared/messages.ts";
import { orderNumber, type PaymentMethod } from "../../shared/schemas/orders.ts";
import type { Context } from "../context.ts";
import { AppError } from "../http/index.ts";
import { GatewayUnavailable, type NewLink, type PaymentGateway } from "../payments/index.ts";
import type * as repo from "./online-payments.repository.ts";
import type * as ordersRepo from "./orders.repository.ts";

/*
 * The hosted payment links of Pay now (issue 36, decision 052): made before any row is written, so a gateway
 * that is down holds nothing.
 */

const MINUTE_MS = 60_000;
/** Razorpay refuses a link that expires sooner than 15 minutes ahead; one more for the clocks' drift. */
const LEAST_LINK_LIFE_MS = 16 * MINUTE_MS;

/** The gateway, or 409 when the shop takes no payments online. */
export function gatewayOf(ctx: Pick<Context, "gateway">): PaymentGateway {
  if (!ctx.gateway) throw new AppError("payment_unavailable", orderMessages.payNowUnavailable);
  return ctx.gateway;
}

/** When a Pay now order placed at `now` stops holding its stock and places. */
export const holdEndOf = (ctx: Pick<Context, "settings">, now: Date) =>
  new Date(now.getTime() + ctx.settings.paymentHoldMinutes * MINUTE_MS);

const PREFERRED: Record<PaymentMethod, NewLink["preferredMethod"]> = {
  "credit-card": "card",
  "debit-card": "card",
  upi: "upi",
  "net-banking": "netbanking",
  // NOTE: cash is paid at the door; paid now instead, UPI is offered first.
  cash: "upi",
};

/** The order fields a link is made from. */
type LinkedOrder = Pick<
  ordersRepo.OrderRow,
  "id" | "total_paise" | "full_name" | "email" | "phone" | "payment_method"
>;

/**
 * Makes the gateway's hosted page for attempt `attempt` of an order (no transaction is open: it is an HTTP
 * call): 503 gateway_unavailable when the gateway is down, slow or refuses. Answers the row to write.
 */
export async function createLink(
  ctx: Context,
  order: LinkedOrder,
  attempt: number,
  holdEndsAt: Date,
): Promise<repo.LinkRow> {
  const gateway = gatewayOf(ctx);
  const referenceId = attempt === 1 ? order.id : `${order.id}-${attempt}`;
  const expireBy = new Date(Math.max(holdEndsAt.getTime(), ctx.now.getTime() + LEAST_LINK_LIFE_MS));
  try {
    const link = await gateway.createLink({
      referenceId,
      amountPaise: order.total_paise,
      description: `Veggie Cart order ${orderNumber(order.id)}`,
      customer: { name: order.full_name, email: order.email, contact: order.phone },
      callbackUrl: `${ctx.settings.publicUrl}/api/payments/return`,
      preferredMethod: PREFERRED[order.payment_method],
      expireBy,
    });
    return {
      id: randomUUID(),
      order_id: order.id,
      attempt,
      gateway: gateway.name,
      link_id: link.linkId,
      reference_id: referenceId,
      url: link.url,
      amount_paise: order.total_paise,
      currency: "INR",
      status: "created",
      created_at: ctx.now.toISOString(),
      expire_by: expireBy.toISOString(),
    };
  } catch (error) {
    if (error instanceof GatewayUnavailable) {
      throw new AppError("gateway_unavailable", orderMessages.gatewayUnavailable);
    }
    throw error;
  }
}

/**
 * Stops links taking money (a link left open only lets a payment come that we must give back); a gateway
 * that does not answer is logged, never an error: the link's own expiry stops it too.
 */
export async function cancelLinks(
  ctx: Context,
  linkIds: readonly string[],
  log?: (error: unknown) => void,
): Promise<void> {
  const gateway = ctx.gateway;
  if (!gateway) return;
  for (const linkId of linkIds) {
    await gateway.cancelLink(linkId).catch((error: unknown) => log?.(error));
  }
}
