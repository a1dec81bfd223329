import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants.ts";
import { messages } from "../messages.ts";

const email = z
  .string(messages.invalidEmail)
  .trim()
  .max(EMAIL_MAX_LENGTH, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail))
  .transform((value) => value.toLowerCase());

export const LoginSchema = z.strictObject({
  email: z.string(messages.signInRequired).trim().min(1, messages.signInRequired).pipe(email),
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
  email: z.string(messages.signUpRequired).trim().min(1, messages.signUpRequired).pipe(email),
  password: z
    .string(messages.signUpRequired)
    .min(1, messages.signUpRequired)
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong),
});
export type SignupInput = z.input<typeof SignupSchema>;

export const UserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });
