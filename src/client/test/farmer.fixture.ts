import type { FarmerPart } from "../../shared/schemas/farmer.ts";

/** Two bunches of okra at ₹40, counted (not weighed): the line of a part, or of a stop on the delivery run. */
export const okraLine = {
  productId: "p1",
  name: "Okra",
  unitPrice: 40,
  unit: "bunch",
  quantity: 2,
  lineTotal: 80,
  lineId: 1,
  weighed: false,
  packedGrams: null,
  estimate: 80,
  amount: 80,
} satisfies FarmerPart["items"][number];

/** A farmer's part of an order as the API returns it (Meera's two bunches of okra, to pay by UPI); override what a test is about. */
export const aFarmerPart = (overrides: Partial<FarmerPart> = {}): FarmerPart => ({
  id: "f1",
  orderId: "0a1b2c3d-0000-4000-8000-000000000000",
  status: "pending",
  items: [okraLine],
  estimate: 80,
  total: 80,
  billFinal: true,
  upi: null,
  buyer: { name: "Meera Iyer", email: "meera@example.com" },
  shipping: {
    fullName: "Meera Iyer",
    email: "meera.home@example.com",
    phone: "+91 98200 12345",
    address: "12 Lake Road",
    city: "Pune",
    state: "MH",
    zipCode: "411001",
    country: "IN",
  },
  paymentMethod: "upi",
  payment: { state: "unpaid", paidAt: null, received: 0, records: [] },
  createdAt: "2026-11-21T08:00:00.000Z",
  history: [{ status: "pending", at: "2026-11-21T08:00:00.000Z", by: { id: "b1", name: "Meera Iyer" } }],
  ...overrides,
});
