export {
  clearSuspension,
  findUserByEmail,
  forgetUser,
  insertUserIfMissing,
  insertUsersIfMissing,
  markSuspended,
  namesOfUsers,
  setOperatorFlag,
  updateEmail,
  updateLanguage,
  updateName,
  updatePasswordHash,
  updatePhone,
} from "./auth.repository.ts";
export { authRoutes } from "./auth.routes.ts";
export {
  accountDetailsChanged,
  claimOperator,
  endSessions,
  forgetCachedSessionsOf,
  hasEmail,
  hashPassword,
  hashSessionToken,
  insertAccount,
  isOperator,
  mailRecipient,
  mailRecipients,
  passwordMatches,
  purgeExpiredSessions,
  type SessionSettings,
  shownAddress,
  signUp,
} from "./auth.service.ts";
export { isKnownAddress } from "./known-addresses.ts";
export {
  dropLinks,
  hashLinkToken,
  issueLink,
  type LinkKind,
  newestLink,
  peekLink,
  takeLink,
} from "./one-time-links.ts";
export { accountPhoneRoutes } from "./phone.routes.ts";
export {
  clearSessionCookie,
  registerSessions,
  requireOperator,
  requireUser,
  sessionToken,
} from "./session.plugin.ts";
export { sessionBusMember, sessionNotices } from "./session-bus.ts";
export { SESSION_CACHE_TTL_MS, SessionCache } from "./session-cache.ts";
