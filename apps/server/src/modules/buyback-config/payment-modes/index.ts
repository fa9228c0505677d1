/** What the buyback configuration's other parts (circuits) use of its payment modes. */
export { paymentModeIdsIn } from './payment-modes.repository';
