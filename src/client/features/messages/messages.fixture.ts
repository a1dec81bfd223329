import type { InboxMessage } from "../../../shared/schemas/messages.ts";

/** A shopper's message to a farmer, as the farmer's inbox lists it. */
export const meeraMessage: InboxMessage = {
  id: "m1",
  name: "Meera Shopper",
  email: "meera@example.com",
  phone: "+91 98765 43210",
  message: "Do you have alphonso mangoes?",
  deliveryPreference: "pickup",
  preferredTime: "evening",
  createdAt: "2026-11-20T10:30:00.000Z",
};
