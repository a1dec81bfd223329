export {
  emailAllowed,
  forgetChannels,
  grantPhoneDefaults,
  notificationSettings,
  updateNotificationSettings,
} from "./channels.service.ts";
export { CODE_TEXT, codeMessage } from "./code-texts.ts";
export type { PhoneMessenger, PhoneOutbox } from "./messenger.ts";
export { buyersReached, forgetMessages, type News, type NewsEvent, tell } from "./news.service.ts";
export type { NewsSender } from "./news-sender.ts";
export { registerNotify } from "./notify.plugin.ts";
export type { PhoneChannel, PhoneMessage } from "./phone-message.ts";
export { notifyWebhookRoutes } from "./webhooks.routes.ts";
