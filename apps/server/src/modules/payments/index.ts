/** The door of modules/payments: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerGiftCardRoutes } from './gift-cards.routes';
export { registerIbanLinkRoutes } from './iban-link.routes';
export type { PaymentJob } from './payment-execution';
export { paymentJobHandler } from './payment-job';
export { registerPaymentRoutes } from './payments.routes';
export { paymentStatusReactions } from './status-reactions';
export { registerTransferBatchRoutes } from './transfer-batches.routes';
