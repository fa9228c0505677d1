/** The door of modules/webhooks: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */

export { webhookStatusReactions } from './status-reactions';
export { deliverWebhook } from './webhook-delivery.job';
export { announceBuybackEvent, type WebhookJob } from './webhook-events';
export { registerWebhookRoutes } from './webhooks.routes';
