import { registerStatusReactions as register } from './modules/buyback-lifecycle';
import { paymentStatusReactions } from './modules/payments';
import { policeRegisterStatusReactions } from './modules/police-register';
import { trackingStatusReactions } from './modules/tracking';
import { transportStatusReactions } from './modules/transport';
import { webhookStatusReactions } from './modules/webhooks';

/**
 * The modules that react to the buyback lifecycle's status changes, registered with it at start-up
 * (app.ts, workers.ts, the demo seed): payments first (a completion's payment job, a return's or a
 * cancellation's payment cancelled), then the webhooks' announcements, then the carrier's shipments,
 * then the stores' police register, then the customer's progress mails (modules/tracking).
 * Registering twice (the app and its workers in one process) changes nothing.
 */
export function registerStatusReactions(): void {
  register(
    paymentStatusReactions,
    webhookStatusReactions,
    transportStatusReactions,
    policeRegisterStatusReactions,
    trackingStatusReactions,
  );
}
