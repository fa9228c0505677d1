/** The door of modules/police-register: what other modules, app.ts and the seed use of it (docs/police-register.md). */
export { registerPoliceRegisterRoutes } from './police-register.routes';
export { policeRegisterStatusReactions } from './status-reactions';
