export { DIGEST_WINDOW_MS, enqueueOrderUpdate, type OrderUpdate } from "./digests.ts";
export { registerMail } from "./mail.plugin.ts";
export type { Mail } from "./mail.ts";
export { deleteQueuedMailsTo, insertQueuedMail } from "./mail-queue.repository.ts";
export { type Mailer, OFF_PATH_MS } from "./mailer.ts";
export { enqueue, type MailContext, type Outbox, queueMail, silentOutbox } from "./outbox.ts";
export {
  type StandingLine,
  standingEndedMail,
  standingMissedMail,
  standingPriceRiseMail,
  standingPriceSkippedMail,
  standingReminderMail,
  standingSlotRemovedMail,
} from "./standing-order-mails.ts";
export {
  billMail,
  buyerCancelledMail,
  EMAIL_CHANGE_SUBJECT,
  EMAIL_TAKEN_ATTEMPT_SUBJECT,
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeNoticeMail,
  emailTakenAttemptMail,
  latePaymentRefundedMail,
  latePaymentRestoredMail,
  newPartMail,
  notHomeMail,
  OPERATOR_CLAIM_SUBJECT,
  operatorClaimMail,
  orderConfirmationMail,
  orderUpdatesMail,
  PASSWORD_RESET_SUBJECT,
  PHONE_CODE_LOCKED_SUBJECT,
  partStatusMail,
  passwordResetMail,
  paymentNotCompletedMail,
  phoneCodeLockedMail,
  type Recipient,
  SIGN_IN_LINK_SUBJECT,
  SIGN_UP_ATTEMPT_SUBJECT,
  signInLinkMail,
  signUpAttemptMail,
  slotClosedMail,
  welcomeMail,
} from "./templates.ts";
export { type OutboxEntry, writeOutboxEntry } from "./transports.ts";
