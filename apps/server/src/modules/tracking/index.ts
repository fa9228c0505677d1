/** The door of modules/tracking (docs/tracking.md): the customer's tracking page, its API and its mails' reactions. */
export { trackingStatusReactions } from './status-reactions';
export { registerTrackingRoutes } from './tracking.routes';
