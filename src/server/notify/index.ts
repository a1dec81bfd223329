export { CODE_TEXT, codeMessage } from "./code-texts.ts";
export type { PhoneMessenger, PhoneOutbox } from "./messenger.ts";
export { registerNotify } from "./notify.plugin.ts";
export type { PhoneChannel, PhoneMessage } from "./phone-message.ts";
