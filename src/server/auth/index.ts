export {
  hasEmail,
  hashSessionToken,
  isOperator,
  mailRecipient,
  mailRecipients,
  shownAddress,
} from "./accounts.ts";
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
export { hashPassword, insertAccount, passwordMatches, signUp } from "./auth.service.ts";
export { isKnownAddress } from "./known-addresses.ts";
export { dropLinks } from "./one-time-links.repository.ts";
export { hashLinkToken, issueLink, type LinkKind, newestLink, peekLink, takeLink } from "./one-time-links.ts";
export { claimOperator } from "./operator-claim.service.ts";
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
export {
  accountDetailsChanged,
  endSessions,
  forgetCachedSessionsOf,
  purgeExpiredSessions,
  type SessionSettings,
} from "./sessions.service.ts";
