/** The door of modules/users: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerUserRoutes } from './users.routes';
