/** The door of modules/payments: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerGiftCardRoutes } from './gift-cards.routes';
export { registerIbanLinkRoutes } from './iban-link.routes';
export type { PaymentJob } from './payment-execution';
export { paymentJobHandler } from './payment-job';
export { registerPaymentRoutes } from './payments.routes';
export {
  checkPayloadSignature,
  PAYOUT_SIGNATURE_HEADER,
  payoutRequestSigned,
  signPayload,
} from './payout-signature';
export { paymentStatusReactions } from './status-reactions';
export { registerTransferBatchRoutes } from './transfer-batches.routes';
