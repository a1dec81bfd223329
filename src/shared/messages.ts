/** Every user-visible text the product fixes (product rules §8), defined once for client and server. */
export const messages = {
  signInRequired: "email and password are required",
  signUpRequired: "name, email and password are required",
  loginSuccess: "Login successful!",
  signUpSuccess: "Account created successfully! Please login.",
  wrongCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordBlank: "Password cannot be only spaces",
  invalidEmail: "Please enter a valid email address",
  tooManyRequests: "Too many attempts. Please wait a minute and try again.",
  tooManyRequestsLater: "Too many attempts. Please try again later.",
  signInThrottled:
    "Too many attempts. Please wait a minute and try again. If your password was right, we have e-mailed you a link that signs you in now.",
  notSignedIn: "Please sign in to continue",
  contactSent: "Your message has been sent! A farmer will contact you soon.",
  faqSent: "Your message has been sent to the site creator!",
  nameRequired: "Please enter your name",
  emailRequired: "Please enter your email address",
  phoneRequired: "Please enter your phone number",
  phoneInvalid: "Please enter a valid phone number (7 to 20 digits, spaces, +, - or brackets)",
  subjectRequired: "Please enter a subject",
  messageRequired: "Please enter your message",
  unknownFarmer: "Please choose a farmer from the list",
  messagesTooFast: "You are sending messages too quickly. Please wait a minute and try again.",
  sendFailed: "Your message could not be sent. Please try again.",
  /** After any 401 in a tab that was signed in: signed out elsewhere, ended from another device, or suspended. */
  sessionEnded: "Your session has ended. Please sign in again.",
  accountSuspended:
    "This account is suspended, so it cannot sign in. If you think this is a mistake, write to hello@veggiecart.example.",
} as const;

/** Cart, checkout and orders (product rules §5, §8). */
export const orderMessages = {
  cartEmpty: "Your cart is empty!",
  needsConnection:
    "Placing an order needs a connection. Your cart and details are kept here: place the order once you are back online.",
  itemRemoved: "Item removed from cart",
  orderPlaced: "Order placed successfully!",
  orderFailed: "Failed to place order. Please try again.",
  fullNameRequired: "Please enter your full name",
  emailRequired: "Please enter your email address",
  addressRequired: "Please enter your address",
  cityRequired: "Please enter your city",
  stateRequired: "Please enter your state",
  zipCodeRequired: "Please enter your ZIP code",
  zipCodeInvalid: "Please enter a valid ZIP code",
  pinInvalid: "Please enter a 6-digit PIN code, such as 411001",
  cityInvalid: "City must have at least 2 letters",
  stateInvalid: "Please choose your state from the list",
  countryInvalid: "Please choose a country",
  countryNotServed: "We do not deliver to this country",
  paymentMethodInvalid: "Please choose a payment method",
  quantityInvalid: "Quantity must be a whole number from 1 to 99",
  orderTooLarge: "Orders are limited to ₹10,00,000 in total. Please split your order or contact us.",
  idempotencyKeyMissing: "The Idempotency-Key header is missing or malformed",
  idempotencyKeyReused: "This checkout was already submitted with a different cart. Please try again.",
  orderNotFound: "Order not found",
  dealChanged: (lineNo: number, now: string) =>
    `Line ${lineNo}: the deal of the day has changed since you added it (it is now ${now}). Remove it from your cart and add today's deal.`,
  dealChangedField: "This deal has changed",
  tooManyOrders: "You have placed many orders in a short time. Please wait a while and try again.",
  payNowUnavailable: "Paying online is not available now. Please choose Pay on delivery.",
  gatewayUnavailable:
    "The payment service did not answer. Nothing was charged and nothing is held: please try again, or choose Pay on delivery.",
  paymentHoldExpired: "The time to pay for this order has run out and it was cancelled. Please order again.",
  nothingToPay: "This order has nothing to pay online.",
} as const;

/** The account page, password reset and e-mail change. */
export const accountMessages = {
  nameSaved: "Your name has been saved.",
  wrongPassword: "That password is not correct",
  passwordRequired: "Please enter your password",
  currentPasswordRequired: "Please enter your current password",
  sameEmail: "That is already your e-mail address",
  emailChangeSent: "We sent a link to your new address. Your e-mail changes once you open it.",
  emailChanged: "Your e-mail address has been changed.",
  passwordChanged: "Your password has been changed. Every other device has been signed out.",
  resetRequested:
    "If an account uses that e-mail address, we have sent it a link to set a new password. The link works for 30 minutes.",
  resetDone: "Your password has been reset. Please sign in with the new one.",
  linkInvalid: "This link is invalid, already used or expired. Please ask for a new one.",
  sessionEnded: "That device has been signed out.",
  othersEnded: "Every other device has been signed out.",
  sessionNotFound: "That session does not exist or has already ended",
  accountDeleted: "Your account has been deleted.",
  deletedAccountName: "Deleted account",
  operatorConfirmed: "Your account is now an operator of the shop.",
  signedInByLink: "You are signed in.",
  operatorClaimTaken:
    "This address already made another account an operator, so it cannot make this one. Ask an operator to grant it with npm run operator.",
} as const;
