import { APP_TITLE } from "../../../shared/constants.ts";
import { formatRupees } from "../../../shared/money.ts";
import { partStatusLabels } from "../../../shared/schemas/order-parts.ts";
import { paymentMethodLabels, paymentMethodNotes, paymentWhenNotes } from "../../../shared/schemas/orders.ts";
import { slotLabel } from "../../../shared/schemas/slot-basics.ts";
import { billTexts } from "../../../shared/weighing.ts";

/**
 * The shop's mails in English, the source of every language's mail texts (decision 032, "Mails and
 * downloads"). Texts the screens also show are taken from where the screens take them, so both stay the same.
 */
export const en = {
  hello: (name: string) => `Hello ${name},`,
  total: "Total",
  seeOrder: "See your order",

  passwordResetSubject: "Reset your Veggie Cart password",
  passwordResetBody: (minutes: number) =>
    `Someone (we hope you) asked to reset the password of your ${APP_TITLE} account. The link works once, for ${minutes} minutes.`,
  passwordResetLink: "Set a new password",
  passwordResetIgnore: "If you did not ask for this, ignore this e-mail: your password stays as it is.",

  emailChangeSubject: "Confirm your new e-mail address",
  emailChangeBody: (to: string, hours: number) =>
    `Please confirm that ${to} is the new e-mail address of your ${APP_TITLE} account. The link works once, for ${hours} hours.`,
  emailChangeLink: "Confirm this address",
  emailChangeIgnore: "If you did not ask for this, ignore this e-mail: nothing changes.",

  operatorClaimSubject: "Confirm your operator rights at Veggie Cart",
  operatorClaimBody: (hours: number) =>
    `This address is one of the shop's operators. Open the link to make your ${APP_TITLE} account an operator; it works once, for ${hours} hours.`,
  operatorClaimLink: "Confirm operator rights",
  operatorClaimIgnore: "If you did not sign up or sign in at the shop, ignore this e-mail: nothing changes.",

  signInLinkSubject: "Your link to sign in to Veggie Cart",
  signInLinkBody: (minutes: number) =>
    `Many wrong passwords were tried on your ${APP_TITLE} account, so signing in with the password waits a while. Yours was right: this link signs you in once, for ${minutes} minutes.`,
  signInLinkLink: "Sign in",
  signInLinkNotYou: "If it was not you who signed in just now, change your password: someone knows it.",

  emailChangeNoticeSubject: "Your Veggie Cart e-mail address is being changed",
  emailChangeNoticeBody: (newEmail: string) =>
    `Someone signed in to your ${APP_TITLE} account asked to change its e-mail address to ${newEmail}. It changes once that address is confirmed.`,
  emailChangeNoticeNotYou:
    "If this was not you, sign in, change your password and sign out everywhere else from your account page.",

  emailChangedSubject: "Your Veggie Cart e-mail address was changed",
  emailChangedBody: (newEmail: string) =>
    `The e-mail address of your ${APP_TITLE} account is now ${newEmail}; this address no longer signs in.`,

  welcomeSubject: `Welcome to ${APP_TITLE}`,
  welcomeBody: `Your ${APP_TITLE} account is ready. Buy fresh produce straight from the farmers who grow it, or list your own harvest for others to buy.`,
  welcomeLink: "Open the shop",

  signUpAttemptSubject: "Someone tried to sign up with your address",
  signUpAttemptBody: (email: string) =>
    `Someone tried to create a new ${APP_TITLE} account with ${email}, which already has one: yours. No new account was made.`,
  signUpAttemptLink: "Forgot your password? Set a new one",
  signUpAttemptIgnore: "If it was not you, ignore this e-mail: your account stays as it is.",

  paymentMethodLabels,
  paymentMethodNotes,
  /** When the buyer pays: their parts delivered, picked up, or some of each. */
  paymentWhen: paymentWhenNotes,
  howToPay: (method: string, note: string, when: string) => `How to pay (${method}): ${note} ${when}`,
  slotLabel,
  slotKinds: { delivery: "delivery", pickup: "pickup" },
  /** "delivery Sat 21 Mar, 8–10 am" or "pickup Sun 22 Mar, 5–7 pm at Gate 2, Baner Road". */
  slotText: (kind: string, when: string, place: string | undefined) =>
    `${kind} ${when}${place ? ` at ${place}` : ""}`,
  whenAndWhere: (slots: string) => `When and where: ${slots}`,

  orderSubject: (number: string) => `Your Veggie Cart order ${number}`,
  orderThanks: "Thank you for your order. Here is what you bought:",
  deliveryAddress: (address: string) => `Delivery address: ${address}`,

  newPartSubject: (number: string, estimate: string) => `New order ${number}: ${estimate}`,
  newPartIntro: (buyer: string) => `${buyer} has ordered from you. Here is your part of the order:`,
  newPartBuyer: (buyer: string, phone: string) => `Buyer: ${buyer}, ${phone}`,
  newPartDeliverTo: (address: string) => `Deliver to: ${address}`,
  /** A part the buyer picks up: where, instead of an address to deliver to. */
  newPartPickupAt: (place: string) => `Pickup at: ${place}`,
  newPartLink: "Open the Farmer Portal",

  billSubject: billTexts.mailSubject,
  billIntro: (farmer: string, number: string) =>
    `${farmer} has packed their part of your order ${number}. Here is your bill:`,
  correctedBillSubject: (farmer: string, total: number) =>
    `Your corrected bill from ${farmer}: ${formatRupees(total)}`,
  correctedBillIntro: (farmer: string, number: string, before: string) =>
    `${farmer} has corrected a weight in their part of your order ${number}. This bill replaces the one we sent before (${before}):`,
  billOrdered: billTexts.ordered,
  billPacked: billTexts.packed,
  billPayCashOrUpi: (total: number) =>
    `How to pay: in cash on delivery, or by UPI with the QR code on your order's page (${billTexts.payByUpi(total)}).`,
  billPayCash: `How to pay: ${billTexts.cashOnly}.`,
  billPayCashOrUpiAtPickup: (total: number) =>
    `How to pay: in cash at pickup, or by UPI with the QR code on your order's page (${billTexts.payByUpi(total)}).`,
  billPayCashAtPickup: `How to pay: ${billTexts.cashAtPickup}.`,

  partStatusLabels,
  partStatusSubject: (number: string, status: string) => `Your Veggie Cart order ${number}: ${status}`,
  /** The first line of one mail telling of several parts of an order (decision 048). */
  orderUpdatesIntro: (number: string) => `Here is what changed in your order ${number}:`,
  /** Between the statuses a subject names ("Confirmed, Delivered"). */
  listSeparator: ", ",
  partConfirmed: (farmer: string, order: string) =>
    `${farmer} has confirmed these items of your order ${order} and is getting them ready.`,
  partOutForDelivery: (farmer: string, order: string) =>
    `${farmer} has sent these items of your order ${order} out for delivery.`,
  partDelivered: (farmer: string, order: string) =>
    `${farmer} has marked these items of your order ${order} as delivered.`,
  partCancelled: (farmer: string, order: string) =>
    `${farmer} has cancelled these items of your order ${order}. You pay nothing for them.`,
  theirReason: (reason: string) => `Their reason: ${reason}`,
  theirNote: (note: string) => `Their note: ${note}`,

  notHomeSubject: (number: string) => `Your Veggie Cart order ${number}: we came, nobody was home`,
  notHomeBody: (farmer: string, time: string, number: string) =>
    `We came at ${time}, nobody was home. ${farmer} still has your order ${number} and will contact you to bring it again.`,

  slotClosedSubject: (number: string) => `Your Veggie Cart order ${number}: slot closed by the farmer`,
  slotClosedBody: (farmer: string, kind: string, number: string, when: string, contact: string) =>
    `${farmer} has closed the ${kind} slot of your order ${number} (${when}). Your order stays; please contact ${contact} to agree on another time.`,
  /** "Asha on +91 98765 43210": whom to contact, with the phone the farmer set. */
  farmerOnPhone: (farmer: string, phone: string) => `${farmer} on ${phone}`,

  buyerCancelledSubject: (number: string) => `Order ${number} cancelled by the buyer`,
  buyerCancelledBody: (buyer: string, number: string) =>
    `${buyer} has cancelled their order ${number} before you confirmed it. Do not pack these items:`,
  buyerCancelledStock: "Their stock is back on sale in the shop.",
};

/** The same keys as English; a text that takes values is a function of the same values. */
type Texts<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string
      : Texts<T[K]>;
};

/** A language's mail texts, typed against the English keys: a missing translation fails `npm run typecheck`. */
export type MailTexts = Texts<typeof en>;
