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

/** Cart, checkout and orders (SPEC §5, §8). */
export const orderMessages = {
  cartEmpty: "Your cart is empty!",
  itemRemoved: "Item removed from cart",
  orderPlaced: "Order placed successfully!",
  orderFailed: "Failed to place order. Please try again.",
  fullNameRequired: "Full name is required",
  emailRequired: "Email is required",
  addressRequired: "Address is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  zipCodeRequired: "ZIP code is required",
  zipCodeInvalid: "Please enter a valid ZIP code",
  paymentMethodInvalid: "Please choose a payment method",
  quantityInvalid: "Quantity must be a whole number from 1 to 99",
  idempotencyKeyMissing: "The Idempotency-Key header is missing or malformed",
  idempotencyKeyReused: "This checkout was already submitted with a different cart. Please try again.",
  orderNotFound: "Order not found",
} as const;
