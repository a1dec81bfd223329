import { z } from "zod";
import { NAME_MAX_LENGTH } from "../constants.ts";
import { fixedText, text } from "../i18n/text.ts";
import { LanguageSchema } from "./language.ts";

/**
 * Signing in with a mobile number (issue 37): a 6-digit code sent to it by WhatsApp, else SMS. Whether the
 * number is a mobile one, and its E.164 form, is decided by the server (libphonenumber-js, decision 054); the
 * browser only checks that something was typed.
 */

/** How long a code works, how many wrong tries kill it, and how often a number is sent one. */
export const PHONE_CODE_MINUTES = 5;
export const PHONE_CODE_TRIES = 3;
export const PHONE_CODE_RESEND_SECONDS = 30;
export const PHONE_CODES_PER_HOUR = 5;
export const PHONE_CODE_LENGTH = 6;

/** The two phone channels, WhatsApp first (as codes and news try them). */
export const PHONE_CHANNELS = ["whatsapp", "sms"] as const;
export const PhoneChannelSchema = z.enum(PHONE_CHANNELS);
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

export const phoneMessages = {
  phoneRequired: text(/*i18n*/ { id: "Please enter your mobile number" }),
  notMobile: text(
    /*i18n*/ { id: "Please enter a valid mobile number, with its country code if it is not an Indian one" },
  ),
  codeSent: fixedText(
    /*i18n*/ { id: "We sent a {length}-digit code to that number. It works for {minutes} minutes." },
    { length: PHONE_CODE_LENGTH, minutes: PHONE_CODE_MINUTES },
  ),
  codeFormat: fixedText(
    /*i18n*/ { id: "Please enter the {length}-digit code we sent" },
    {
      length: PHONE_CODE_LENGTH,
    },
  ),
  codeWrong: text(/*i18n*/ { id: "That code is wrong or has expired. Please ask for a new one." }),
  resendTooSoon: fixedText(
    /*i18n*/ { id: "Please wait {seconds} seconds before asking for a new code." },
    {
      seconds: PHONE_CODE_RESEND_SECONDS,
    },
  ),
  tooManyCodes: text(
    /*i18n*/ { id: "We have sent this number many codes in the last hour. Please try again later." },
  ),
  nameNeeded: text(
    /*i18n*/ { id: "This number has no account yet: please enter your full name to create one" },
  ),
  phoneTaken: text(/*i18n*/ { id: "Another account signs in with this number" }),
  phoneAdded: text(/*i18n*/ { id: "Your mobile number has been saved." }),
  phoneRemoved: text(/*i18n*/ { id: "Your mobile number has been removed." }),
  unavailable: text(/*i18n*/ { id: "Sign-in by mobile number is not available on this shop." }),
  keepAWayIn: text(
    /*i18n*/ { id: "Set a password first: without this number you would have no way to sign in." },
  ),
} as const;

/** A mobile number as typed: any spacing; the server checks it and keeps it as E.164. */
export const PhoneInputSchema = z
  .string(phoneMessages.phoneRequired)
  .trim()
  .min(1, phoneMessages.phoneRequired)
  .max(32, phoneMessages.notMobile);

export const PhoneCodePurposeSchema = z.enum(["sign-in", "sign-up"]);

/** POST /api/auth/phone/code: "send me a code". */
export const PhoneCodeRequestSchema = z.strictObject({
  phone: PhoneInputSchema,
  purpose: PhoneCodePurposeSchema,
  /** The language of the code's text for a number without an account (an account's own otherwise). */
  language: LanguageSchema.optional(),
});
export type PhoneCodeRequest = z.input<typeof PhoneCodeRequestSchema>;

export const PhoneCodeSchema = z
  .string(phoneMessages.codeFormat)
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), phoneMessages.codeFormat);

/** POST /api/auth/phone/verify: signs in, or signs up when the number has no account and a name is given. */
export const PhoneVerifySchema = z.strictObject({
  phone: PhoneInputSchema,
  code: PhoneCodeSchema,
  name: z
    .string()
    .trim()
    .min(1, phoneMessages.nameNeeded)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
    .optional(),
  language: LanguageSchema.optional(),
});
export type PhoneVerifyInput = z.input<typeof PhoneVerifySchema>;

/** POST /api/account/phone: a code to the new number. */
export const AccountPhoneSchema = z.strictObject({ phone: PhoneInputSchema });
/** POST /api/account/phone/confirm. */
export const AccountPhoneConfirmSchema = z.strictObject({ code: PhoneCodeSchema });

/** The account's number after a change: E.164, or null once removed. */
export const PhoneResponseSchema = z.object({ phone: z.string().nullable(), message: z.string() });
export type PhoneResponse = z.infer<typeof PhoneResponseSchema>;
