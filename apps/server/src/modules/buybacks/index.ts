/** The door of modules/buybacks: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { compactBuybackCounts } from './buyback-counts.repository';
export { transferOrderPdf, voucherPdf } from './buyback-documents.service';
export { type BuybackListFilters, matchingBuybacks } from './buyback-list.repository';
export { findPricingContext } from './buybacks.repository';
export { registerBuybackRoutes } from './buybacks.routes';
export { checkAnswers, checkImei } from './diagnosis';
export { dropSlipPdf } from './drop-slip.service';
export { IBAN_PURPOSE, ibanAtRest } from './iban-at-rest';
export { protectIbansAtRest } from './iban-at-rest.service';
export { newVoucherCode } from './identification-numbers';
export { registerSendRoutes } from './send.routes';
export { sendItem } from './send.service';
export { shippingLabelPdf } from './shipping-label.service';
export { localizedQuestions } from './wizard.rules';
