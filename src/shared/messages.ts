/** Every user-visible text the spec fixes (SPEC §8), defined once for client and server. */
export const messages = {
  signInRequired: "email and password are required",
  signUpRequired: "name, email and password are required",
  loginSuccess: "Login successful!",
  signUpSuccess: "Account created successfully! Please login.",
  wrongCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  invalidEmail: "Please enter a valid email address",
  tooManyRequests: "Too many attempts. Please wait a minute and try again.",
  notSignedIn: "Please sign in to continue",
} as const;
