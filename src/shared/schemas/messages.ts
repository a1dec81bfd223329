import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "../constants.ts";
import { messages } from "../messages.ts";

export const MESSAGE_MAX_LENGTH = 2000;
export const SUBJECT_MAX_LENGTH = 150;
export const PHONE_MIN_LENGTH = 7;
export const PHONE_MAX_LENGTH = 20;
export const FARMER_ID_MAX_LENGTH = 64;

export const DELIVERY_PREFERENCES = ["standard", "express", "pickup"] as const;
export const deliveryPreferenceLabels: Record<DeliveryPreference, string> = {
  standard: "Standard (within 24 hours)",
  express: "Express (same day)",
  pickup: "Pickup at the farm",
};
export type DeliveryPreference = (typeof DELIVERY_PREFERENCES)[number];

export const PREFERRED_TIMES = ["any", "morning", "afternoon", "evening"] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];
export const preferredTimeLabels: Record<PreferredTime, string> = {
  any: "Any time",
  morning: "Morning (8 am to noon)",
  afternoon: "Afternoon (noon to 4 pm)",
  evening: "Evening (4 pm to 8 pm)",
};

/** `?type=` values of /contact that change its title and prefill its message (product rules §2). */
export const CONTACT_TOPICS = ["shipping", "returns"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

const requiredText = (required: string, max: number, what: string) =>
  z.string(required).trim().min(1, required).max(max, `${what} must be at most ${max} characters`);

const email = z
  .string(messages.emailRequired)
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail));

// NOTE: digits, spaces, +, - and brackets only, with at least 7 digits, so "+91 (98765) 43210" passes and
// "call me" or "+++----" does not.
export const PhoneSchema = z
  .string(messages.phoneRequired)
  .trim()
  .min(1, messages.phoneRequired)
  .regex(new RegExp(`^[0-9+\\-() ]{${PHONE_MIN_LENGTH},${PHONE_MAX_LENGTH}}$`), messages.phoneInvalid)
  .refine((value) => (value.match(/[0-9]/g)?.length ?? 0) >= PHONE_MIN_LENGTH, messages.phoneInvalid);

/** The contact form (product rules §3): name, email and phone are required; message is optional. */
export const ContactMessageSchema = z.strictObject({
  kind: z.literal("contact"),
  name: requiredText(messages.nameRequired, NAME_MAX_LENGTH, "Name"),
  email,
  phone: PhoneSchema,
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`)
    .default(""),
  /** A farmer who has products; empty means no preference (the shop team passes the message on). */
  farmerId: z
    .string(messages.unknownFarmer)
    .trim()
    .max(FARMER_ID_MAX_LENGTH, messages.unknownFarmer)
    .optional()
    .transform((value) => value || undefined),
  deliveryPreference: z
    .enum(DELIVERY_PREFERENCES, "Please choose standard, express or pickup")
    .default("standard"),
  preferredTime: z.enum(PREFERRED_TIMES, "Please choose a preferred time").default("any"),
});
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** The message-to-creator form on /faq (product rules §3): all four fields are required. */
export const FaqMessageSchema = z.strictObject({
  kind: z.literal("faq"),
  name: requiredText(messages.nameRequired, NAME_MAX_LENGTH, "Name"),
  email,
  subject: requiredText(messages.subjectRequired, SUBJECT_MAX_LENGTH, "Subject"),
  message: requiredText(messages.messageRequired, MESSAGE_MAX_LENGTH, "Message"),
});
export type FaqMessageInput = z.input<typeof FaqMessageSchema>;

/** The body of POST /api/messages. */
export const MessageSchema = z.discriminatedUnion("kind", [ContactMessageSchema, FaqMessageSchema], {
  error: 'kind must be "contact" or "faq"',
});
export type MessageInput = z.input<typeof MessageSchema>;
export type Message = z.output<typeof MessageSchema>;

/** A farmer the contact form can address: the owner of at least one product. */
export const FarmerSchema = z.object({ id: z.string(), name: z.string() });
export type Farmer = z.infer<typeof FarmerSchema>;

/** A contact message as its addressed farmer reads it in GET /api/messages/inbox. */
export const InboxMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  deliveryPreference: z.enum(DELIVERY_PREFERENCES),
  preferredTime: z.enum(PREFERRED_TIMES),
  createdAt: z.string(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;
