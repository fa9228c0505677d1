/** The door of modules/auth: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { createSession, findUserById, revokeAccountSessions, revokeUserSessions } from './auth.repository';
export { registerAuthRoutes } from './auth.routes';
export { answerPasswordReset, issuePasswordLink, logout, openSession, type ResetJob } from './auth.service';
export { countAttempt, LIMITS, type Limit, purgeRateLimits, rememberPair, uncountAttempt } from './throttle';
