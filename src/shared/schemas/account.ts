import { z } from "zod";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from "../constants.ts";
import { accountMessages, messages } from "../messages.ts";
import { EmailSchema, newPasswordSchema, UserSchema } from "./auth.ts";
import { LanguageSchema } from "./language.ts";

/** How long a password-reset link works. */
export const PASSWORD_RESET_MINUTES = 30;
/** How long an e-mail change link works. */
export const EMAIL_CHANGE_HOURS = 24;
/** How long a one-time sign-in link works (mailed when a right password met a throttled account). */
export const SIGN_IN_LINK_MINUTES = 15;
/** How long a link proving an OPERATOR_EMAILS address works (decision 021). */
export const OPERATOR_CLAIM_HOURS = 24;

/** A password being checked, not set: any length up to a bound, so a long paste is refused with a 400. */
const currentPassword = (required: string) =>
  z
    .string(required)
    .min(1, required)
    .max(PASSWORD_MAX_LENGTH * 4);

/** The token of an e-mailed link: 32 random bytes in base64url. */
const token = z.string(accountMessages.linkInvalid).regex(/^[A-Za-z0-9_-]{43}$/, accountMessages.linkInvalid);

const requiredEmail = z
  .string(messages.emailRequired)
  .trim()
  .min(1, messages.emailRequired)
  .pipe(EmailSchema);

/** PATCH /api/account: a new name, a new language (decision 032), or both. */
export const UpdateAccountSchema = z.strictObject({
  name: z
    .string(messages.nameRequired)
    .trim()
    .min(1, messages.nameRequired)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
    .optional(),
  language: LanguageSchema.optional(),
});
export type UpdateAccountInput = z.input<typeof UpdateAccountSchema>;

export const ChangeEmailSchema = z.strictObject({
  email: requiredEmail,
  password: currentPassword(accountMessages.passwordRequired),
});
export type ChangeEmailInput = z.input<typeof ChangeEmailSchema>;

export const TokenSchema = z.strictObject({ token });

export const ChangePasswordSchema = z.strictObject({
  currentPassword: currentPassword(accountMessages.currentPasswordRequired),
  newPassword: newPasswordSchema(messages.passwordTooShort),
});
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

export const PasswordResetRequestSchema = z.strictObject({ email: requiredEmail });
export type PasswordResetRequestInput = z.input<typeof PasswordResetRequestSchema>;

export const PasswordResetConfirmSchema = z.strictObject({
  token,
  password: newPasswordSchema(messages.passwordTooShort),
});
export type PasswordResetConfirmInput = z.input<typeof PasswordResetConfirmSchema>;

export const DeleteAccountSchema = z.strictObject({
  password: currentPassword(accountMessages.passwordRequired),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;

export const AccountSchema = z.object({
  user: UserSchema,
  /** The address waiting for its confirmation link to be opened, if any. */
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

export const SessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", or null when the browser did not say. */
  browser: z.string().nullable(),
  createdAt: z.string(),
  /** Approximate: refreshed at most once a minute. */
  lastUsedAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.object({ sessions: z.array(SessionSchema) });

export const MessageResponseSchema = z.object({ message: z.string() });

/** The answer to ending every other session: how many were ended. */
export const EndedSessionsSchema = z.object({ ended: z.number().int() });

/** The answer to confirming an e-mail change. */
export const EmailChangedSchema = z.object({ email: z.string(), message: z.string() });
