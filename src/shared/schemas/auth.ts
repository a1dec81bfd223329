import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants.ts";
import { messages } from "../messages.ts";
import { LanguageSchema } from "./language.ts";
import { PhoneChannelSchema } from "./phone.ts";

/** An e-mail address as we store it: trimmed, checked and lower-cased. */
export const EmailSchema = z
  .string(messages.invalidEmail)
  .trim()
  .max(EMAIL_MAX_LENGTH, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail))
  .transform((value) => value.toLowerCase());

/**
 * A password being set (sign-up, reset, change): 8–128 characters, not all of them whitespace. No
 * composition rules otherwise; a password is never trimmed, so its spaces count.
 */
export const newPasswordSchema = (required: string) =>
  z
    .string(required)
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong)
    .refine((password) => password.trim() !== "", messages.passwordBlank);

export const LoginSchema = z.strictObject({
  email: z.string(messages.signInRequired).trim().min(1, messages.signInRequired).pipe(EmailSchema),
  password: z
    .string(messages.signInRequired)
    .min(1, messages.signInRequired)
    .max(PASSWORD_MAX_LENGTH * 4),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const SignupSchema = z.strictObject({
  name: z
    .string(messages.signUpRequired)
    .trim()
    .min(1, messages.signUpRequired)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  email: z.string(messages.signUpRequired).trim().min(1, messages.signUpRequired).pipe(EmailSchema),
  password: newPasswordSchema(messages.signUpRequired),
  /** The language chosen before signing up (decision 032); English when left out. */
  language: LanguageSchema.optional(),
});
export type SignupInput = z.input<typeof SignupSchema>;

export const UserSchema = z.object({
  id: z.string(),
  /** Null for an account made with a mobile number that has added no address (issue 37). */
  email: z.string().nullable(),
  name: z.string(),
  /** The verified mobile number the account signs in with, as E.164 (issue 37); null when it has none. */
  phone: z.string().nullable().optional(),
  /**
   * Runs the shop: may use /admin and every /api/admin route. The server always sends it; it is optional in
   * the type only so that a user made by hand (a test's) may leave it out, meaning false.
   */
  operator: z.boolean().optional(),
  /** The language the account reads (decision 032); sent by GET /api/auth/me, optional like `operator`. */
  language: LanguageSchema.optional(),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });
/**
 * GET /api/auth/me: who is signed in (null when nobody is), and the shop's time zone (SHOP_TIME_ZONE), so the
 * browser's "today" (harvest labels, the latest harvest date a form allows) is the shop's calendar day.
 */
export const MeResponseSchema = z.object({
  user: UserSchema.nullable(),
  shopTimeZone: z.string(),
  /** The countries an address may be in (`SHOP_COUNTRIES`, decision 047); India alone by default. */
  shopCountries: z.array(z.string()).default(["IN"]),
  /**
   * Whether a code can be sent to a number (issue 37): false in production without a WhatsApp or SMS provider,
   * so the sign-in screens do not offer the mobile number. Sent only when false.
   */
  phoneSignIn: z.literal(false).optional(),
  /**
   * The channels order news can go on by phone (a provider with its news templates, or development's outbox),
   * sent only when not both; /account offers only these.
   */
  phoneChannels: z.array(PhoneChannelSchema).optional(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;
/** A 204: no body. */
export const NoContentSchema = z.null().describe("No content");
