/** The door of modules/warehouse: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerCheckinRoutes } from './checkin.routes';
export { registerControlRoutes } from './control.routes';
export { toItemResponse } from './items.mapper';
export { registerItemRoutes } from './items.routes';
export { registerLitigationRoutes } from './litigation.routes';
export { type LitigationReminderJob, remindLitigation } from './litigation.service';
export { registerLossRoutes } from './loss.routes';
export { registerQuarantineRoutes } from './quarantine.routes';
export { registerVerificationRoutes } from './verification.routes';
