import { z } from "zod";
import { text } from "../i18n/text.ts";

/**
 * Order news on the channels a person chose (issue 37, decision 063): e-mail, WhatsApp and SMS, each on or off
 * per kind of news: the orders I buy, and the orders I fulfil (a farmer's parts).
 */
export const NOTIFICATION_KINDS = ["buying", "fulfilling"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ["email", "whatsapp", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The news a person may be told of by WhatsApp or SMS (issue 37), each with its own provider template per
 * language (decision 066).
 */
export const NEWS_EVENTS = [
  "order_placed",
  "new_part",
  "part_confirmed",
  "part_out_for_delivery",
  "part_delivered",
  "part_cancelled",
  "bill",
  "buyer_cancelled",
  "slot_closed",
  "standing_reminder",
  "standing_missed",
] as const;
export type NewsEvent = (typeof NEWS_EVENTS)[number];

/** How long a WhatsApp message may go undelivered before its SMS is sent (if the person allows SMS). */
export const WHATSAPP_FALLBACK_MINUTES = 10;

export const ChannelsSchema = z.object({
  email: z.boolean(),
  whatsapp: z.boolean(),
  sms: z.boolean(),
});
export type Channels = z.infer<typeof ChannelsSchema>;

/** One kind's choice, and when each phone channel was consented to (null: off, so no consent). */
export const KindChannelsSchema = z.object({
  channels: ChannelsSchema,
  consentAt: z.object({ whatsapp: z.string().nullable(), sms: z.string().nullable() }),
});

/** GET /api/account/notifications. */
export const NotificationSettingsSchema = z.object({
  /** The verified number WhatsApp and SMS go to; null: the phone channels cannot be turned on. */
  phone: z.string().nullable(),
  /** Whether the account has an e-mail address to send to. */
  hasEmail: z.boolean(),
  buying: KindChannelsSchema,
  fulfilling: KindChannelsSchema,
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PUT /api/account/notifications: the channels of each kind; turning a phone channel on is consent to it. */
export const NotificationSettingsUpdateSchema = z.object({
  buying: z.object({ channels: ChannelsSchema }),
  fulfilling: z.object({ channels: ChannelsSchema }),
});
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdateSchema>;

/** Whether a part's buyer was reached by phone (kept beside the farmer's part, whose schema the shop's first screens load). */
export { type BuyerReached, BuyerReachedSchema } from "./farmer.ts";

export const notificationMessages = {
  noPhone: text(/*i18n*/ { id: "Add a mobile number to your account to get WhatsApp or SMS messages" }),
  channelUnavailable: text(/*i18n*/ { id: "This shop does not send messages on this channel" }),
};
