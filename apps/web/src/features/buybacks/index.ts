/** What other features use of this one: they import it from here, never from its other files. */
export { BuybackStatusBadge, DeviceCheckFlagBadge, PaymentStatusBadge } from './buyback-status';
export {
  buybacksKeys,
  useBuyback,
  useBuybackAdditionalInfos,
  useBuybackEdition,
  useBuybackInstructions,
  useBuybacks,
  useCancelBuyback,
  useEditBuyback,
  useMarkLost,
} from './buybacks.queries';
export { DocumentButtons } from './document-buttons';
export { downloadBuybackDocument } from './documents';
export { PriceBreakdownList } from './price-breakdown';
