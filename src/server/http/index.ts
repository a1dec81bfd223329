export { nulMessage, registerAccessControl } from "./access.ts";
export { documentOnly, registerApiSchemas } from "./api-schemas.ts";
export { allowOfflineCopy, clientHasCurrent, etagOf, registerEtags } from "./cache.ts";
export { addressMatcher, clientKey, isPrivateAddress } from "./client-key.ts";
export { closeUnread, registerClosing } from "./closing.ts";
export { registerCompression } from "./compression.ts";
export { toCsv } from "./csv.ts";
export { csvPhone, csvTime, sendCsv } from "./csv-download.ts";
export {
  AppError,
  callerLanguage,
  forbidden,
  notFound,
  parseWith,
  registerErrorHandler,
  unauthorized,
  validationError,
} from "./errors.ts";
export { registerLimitStore, requireRedis } from "./limit-store.ts";
export { registerLoadLimits, timeoutOptions } from "./limits.ts";
export { type MultipartForm, readMultipart } from "./multipart.ts";
export { maskPhone, maskPhonesIn } from "./phone-mask.ts";
export { emailKeyOf, enforceRateLimits, passwordCheckLimits, rateLimited } from "./rate-limit.ts";
export { registerSecurityHeaders } from "./security-headers.ts";
export { closeOnSignals, registerDraining } from "./shutdown.ts";
export { BOOT_SCRIPT_SOURCE, type PageHead, registerSpa } from "./spa.ts";
