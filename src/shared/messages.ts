import { text, textWith } from "./i18n/text.ts";

/** Every user-visible text the product fixes (product rules §8), defined once for client and server. */
export const messages = {
  signInRequired: text(/*i18n*/ { id: "email and password are required" }),
  signUpRequired: text(/*i18n*/ { id: "name, email and password are required" }),
  loginSuccess: text(/*i18n*/ { id: "Login successful!" }),
  signUpSuccess: text(/*i18n*/ { id: "Account created successfully! Please login." }),
  wrongCredentials: text(/*i18n*/ { id: "Invalid email or password" }),
  emailTaken: text(/*i18n*/ { id: "An account with this email already exists" }),
  passwordTooShort: text(/*i18n*/ { id: "Password must be at least 8 characters" }),
  passwordTooLong: text(/*i18n*/ { id: "Password must be at most 128 characters" }),
  passwordBlank: text(/*i18n*/ { id: "Password cannot be only spaces" }),
  invalidEmail: text(/*i18n*/ { id: "Please enter a valid email address" }),
  tooManyRequests: text(/*i18n*/ { id: "Too many attempts. Please wait a minute and try again." }),
  tooManyRequestsLater: text(/*i18n*/ { id: "Too many attempts. Please try again later." }),
  signInThrottled: text(
    /*i18n*/ {
      id: "Too many attempts. Please wait a minute and try again. If your password was right, we have e-mailed you a link that signs you in now.",
    },
  ),
  notSignedIn: text(/*i18n*/ { id: "Please sign in to continue" }),
  contactSent: text(/*i18n*/ { id: "Your message has been sent! A farmer will contact you soon." }),
  faqSent: text(/*i18n*/ { id: "Your message has been sent to the site creator!" }),
  nameRequired: text(/*i18n*/ { id: "Please enter your name" }),
  emailRequired: text(/*i18n*/ { id: "Please enter your email address" }),
  phoneRequired: text(/*i18n*/ { id: "Please enter your phone number" }),
  phoneInvalid: text(
    /*i18n*/ { id: "Please enter a valid phone number (7 to 20 digits, spaces, +, - or brackets)" },
  ),
  subjectRequired: text(/*i18n*/ { id: "Please enter a subject" }),
  messageRequired: text(/*i18n*/ { id: "Please enter your message" }),
  unknownFarmer: text(/*i18n*/ { id: "Please choose a farmer from the list" }),
  messagesTooFast: text(
    /*i18n*/ { id: "You are sending messages too quickly. Please wait a minute and try again." },
  ),
  sendFailed: text(/*i18n*/ { id: "Your message could not be sent. Please try again." }),
  /** After any 401 in a tab that was signed in: signed out elsewhere, ended from another device, or suspended. */
  sessionEnded: text(/*i18n*/ { id: "Your session has ended. Please sign in again." }),
  accountSuspended: text(
    /*i18n*/ {
      id: "This account is suspended, so it cannot sign in. If you think this is a mistake, write to hello@veggiecart.example.",
    },
  ),
} as const;

/** Cart, checkout and orders (product rules §5, §8). */
export const orderMessages = {
  cartEmpty: text(/*i18n*/ { id: "Your cart is empty!" }),
  needsConnection: text(
    /*i18n*/ {
      id: "Placing an order needs a connection. Your cart and details are kept here: place the order once you are back online.",
    },
  ),
  itemRemoved: text(/*i18n*/ { id: "Item removed from cart" }),
  orderPlaced: text(/*i18n*/ { id: "Order placed successfully!" }),
  orderFailed: text(/*i18n*/ { id: "Failed to place order. Please try again." }),
  fullNameRequired: text(/*i18n*/ { id: "Please enter your full name" }),
  emailRequired: text(/*i18n*/ { id: "Please enter your email address" }),
  addressRequired: text(/*i18n*/ { id: "Please enter your address" }),
  cityRequired: text(/*i18n*/ { id: "Please enter your city" }),
  stateRequired: text(/*i18n*/ { id: "Please enter your state" }),
  zipCodeRequired: text(/*i18n*/ { id: "Please enter your ZIP code" }),
  zipCodeInvalid: text(/*i18n*/ { id: "Please enter a valid ZIP code" }),
  pinInvalid: text(/*i18n*/ { id: "Please enter a 6-digit PIN code, such as 411001" }),
  cityInvalid: text(/*i18n*/ { id: "City must have at least 2 letters" }),
  stateInvalid: text(/*i18n*/ { id: "Please choose your state from the list" }),
  countryInvalid: text(/*i18n*/ { id: "Please choose a country" }),
  countryNotServed: text(/*i18n*/ { id: "We do not deliver to this country" }),
  paymentMethodInvalid: text(/*i18n*/ { id: "Please choose a payment method" }),
  quantityInvalid: text(/*i18n*/ { id: "Quantity must be a whole number from 1 to 99" }),
  orderTooLarge: text(
    /*i18n*/ { id: "Orders are limited to ₹10,00,000 in total. Please split your order or contact us." },
  ),
  idempotencyKeyMissing: text(/*i18n*/ { id: "The Idempotency-Key header is missing or malformed" }),
  idempotencyKeyReused: text(
    /*i18n*/ { id: "This checkout was already submitted with a different cart. Please try again." },
  ),
  orderNotFound: text(/*i18n*/ { id: "Order not found" }),
  dealChanged: (lineNo: number, now: string) =>
    textWith(
      /*i18n*/ {
        id: "Line {lineNo}: the deal of the day has changed since you added it (it is now {now}). Remove it from your cart and add today's deal.",
      },
      { lineNo, now },
    ),
  dealChangedField: text(/*i18n*/ { id: "This deal has changed" }),
  tooManyOrders: text(
    /*i18n*/ { id: "You have placed many orders in a short time. Please wait a while and try again." },
  ),
  payNowUnavailable: text(
    /*i18n*/ { id: "Paying online is not available now. Please choose Pay on delivery." },
  ),
  gatewayUnavailable: text(
    /*i18n*/ {
      id: "The payment service did not answer. Nothing was charged and nothing is held: please try again, or choose Pay on delivery.",
    },
  ),
  paymentHoldExpired: text(
    /*i18n*/ { id: "The time to pay for this order has run out and it was cancelled. Please order again." },
  ),
  nothingToPay: text(/*i18n*/ { id: "This order has nothing to pay online." }),
} as const;

/** The account page, password reset and e-mail change. */
export const accountMessages = {
  nameSaved: text(/*i18n*/ { id: "Your name has been saved." }),
  wrongPassword: text(/*i18n*/ { id: "That password is not correct" }),
  passwordRequired: text(/*i18n*/ { id: "Please enter your password" }),
  currentPasswordRequired: text(/*i18n*/ { id: "Please enter your current password" }),
  sameEmail: text(/*i18n*/ { id: "That is already your e-mail address" }),
  emailChangeSent: text(
    /*i18n*/ { id: "We sent a link to your new address. Your e-mail changes once you open it." },
  ),
  emailChanged: text(/*i18n*/ { id: "Your e-mail address has been changed." }),
  passwordChanged: text(
    /*i18n*/ { id: "Your password has been changed. Every other device has been signed out." },
  ),
  resetRequested: text(
    /*i18n*/ {
      id: "If an account uses that e-mail address, we have sent it a link to set a new password. The link works for 30 minutes.",
    },
  ),
  resetDone: text(/*i18n*/ { id: "Your password has been reset. Please sign in with the new one." }),
  linkInvalid: text(
    /*i18n*/ { id: "This link is invalid, already used or expired. Please ask for a new one." },
  ),
  sessionEnded: text(/*i18n*/ { id: "That device has been signed out." }),
  othersEnded: text(/*i18n*/ { id: "Every other device has been signed out." }),
  sessionNotFound: text(/*i18n*/ { id: "That session does not exist or has already ended" }),
  accountDeleted: text(/*i18n*/ { id: "Your account has been deleted." }),
  deletedAccountName: text(/*i18n*/ { id: "Deleted account" }),
  operatorConfirmed: text(/*i18n*/ { id: "Your account is now an operator of the shop." }),
  signedInByLink: text(/*i18n*/ { id: "You are signed in." }),
  operatorClaimTaken: text(
    /*i18n*/ {
      id: "This address already made another account an operator, so it cannot make this one. Ask an operator to grant it with npm run operator.",
    },
  ),
} as const;

/** The error handler's own texts and the few others the server answers with. */
export const otherTexts = {
  serverFault: text(/*i18n*/ { id: "Something went wrong on our side. Please try again." }),
  notFound: text(/*i18n*/ { id: "Not found" }),
  forbidden: text(/*i18n*/ { id: "You are not allowed to do that" }),
  invalidInput: text(/*i18n*/ { id: "Invalid input" }),
  chooseLanguage: text(/*i18n*/ { id: "Please choose one of the shop's languages" }),
  bodyTooLarge: text(/*i18n*/ { id: "The request body is too large" }),
  unsupportedType: text(/*i18n*/ { id: "Unsupported content type; send JSON (or multipart for uploads)" }),
  emptyBody: text(/*i18n*/ { id: "The request body is empty; send JSON" }),
  invalidJson: text(/*i18n*/ { id: "The request body is not valid JSON" }),
  idempotencyKeyReused: text(
    /*i18n*/ { id: "This Idempotency-Key was already used for a different request" },
  ),
} as const;
