export { registerMail } from "./mail.plugin.ts";
export { deleteQueuedMailsTo, insertQueuedMail } from "./mail-queue.repository.ts";
export type { Mailer } from "./mailer.ts";
export {
  EMAIL_CHANGE_SUBJECT,
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeNoticeMail,
  orderConfirmationMail,
  PASSWORD_RESET_SUBJECT,
  partStatusMail,
  passwordResetMail,
  slotClosedMail,
  welcomeMail,
} from "./templates.ts";
