import type { StatusReactions } from '../buyback-lifecycle';
import { announceBuybackEvent, announceStatusChange } from './webhook-events';

/** What the buyer resale webhooks announce of the lifecycle's status changes (registered at start-up: src/status-reactions.ts). */
export const webhookStatusReactions: StatusReactions = {
  module: 'webhooks',
  afterStatusChange: [announceStatusChange],
  afterCancellation: [
    (tx, cancellation) => announceBuybackEvent(tx, 'buyback.cancelled', cancellation.buybackId),
  ],
};
