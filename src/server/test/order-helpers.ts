import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Order } from "../../shared/schemas/orders.ts";
import { request, type SignedInUser } from "./test-app.ts";

export const testShipping = {
  fullName: "Meera Iyer",
  email: "meera@example.com",
  phone: "+91 98765 43210",
  address: "12 Lake Road",
  city: "Pune",
  state: "MH",
  zipCode: "411001",
  country: "IN",
};

export const orderBody = (items: { productId: string; quantity: number; dealStartTime?: string }[]) => ({
  items,
  shipping: testShipping,
  paymentMethod: "upi",
});

/** POST /api/orders as `user` (a fresh Idempotency-Key unless one is given). */
export function postOrder(
  app: FastifyInstance,
  user: SignedInUser,
  items: { productId: string; quantity: number; dealStartTime?: string }[],
  key: string = randomUUID(),
) {
  return request(app, {
    method: "POST",
    url: "/api/orders",
    cookie: user.cookie,
    headers: { "idempotency-key": key },
    payload: orderBody(items),
  });
}

/** Places an order that must succeed, and answers it. */
export async function placed(
  app: FastifyInstance,
  user: SignedInUser,
  items: { productId: string; quantity: number; dealStartTime?: string }[],
): Promise<Order> {
  const res = await postOrder(app, user, items);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json().order as Order;
}

/** A product's stock as the database holds it now. */
export async function stockOf(
  app: FastifyInstance,
  user: SignedInUser,
  productId: string,
): Promise<number | null> {
  const res = await request(app, { method: "GET", url: `/api/products/${productId}`, cookie: user.cookie });
  return (res.json() as { product: { stock: number | null } }).product.stock;
}
