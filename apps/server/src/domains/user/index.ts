/**
 * Users and operators: accounts, passwords, sessions, account freezes. It offers account and
 * session look-ups, password hashing, account-security checks and the freeze link's route.
 * Its sign-in routes (routes.ts) are not here: they consume notify's codes, and notify's code
 * delivery looks up accounts here, so offering them would close an import loop. app.ts, the one
 * importer, takes them from routes.ts (eslint.config.js names that door).
 */
export { freezeRoutes } from './freeze-routes.js';
export {
  type AccountKind,
  addressOf,
  areaById,
  findUserByAccount,
  newInviteCode,
  userAccount,
} from './accounts.js';
export {
  assertWithdrawalsAllowed,
  checkRebindPassword,
  noticeEmailChange,
  userById,
} from './account-security.js';
export { hashPassword, verifyPassword } from './password.js';
export {
  hashToken,
  liveSessionIds,
  resolveSession,
  revokeSession,
  type SessionUser,
} from './sessions.js';
export { SessionCache } from './session-cache.js';
export { firstOperatorId } from './operators.js';
