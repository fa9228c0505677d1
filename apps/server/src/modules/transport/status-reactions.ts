import type { StatusReactions } from '../buyback-lifecycle';
import { cancelPickupsOfBuyback } from './pickups.service';
import { cancelShipmentsOfBuyback } from './shipments.service';

/** What transport does after the lifecycle's status changes (registered at start-up: src/status-reactions.ts). */
export const transportStatusReactions: StatusReactions = {
  module: 'transport',
  // a parcel not sent yet: its shipment at the carrier is cancelled (docs/transport.md)
  // and a pick-up not made yet is cancelled at the carrier
  afterCancellation: [
    (tx, cancellation) => cancelShipmentsOfBuyback(tx, cancellation.buybackId),
    (tx, cancellation) => cancelPickupsOfBuyback(tx, cancellation.buybackId),
  ],
};
