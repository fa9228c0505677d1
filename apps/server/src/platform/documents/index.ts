export { code128Png, ean13Png } from './barcodes';
export { DOCUMENT_STRINGS, type DocumentStrings, documentStrings } from './document-strings';
export { type DropSlipData, renderDropSlip } from './drop-slip';
export { formatMoney, formatUnits } from './pdf';
export { type ReturnLabelData, renderReturnLabel, returnLabelStrings } from './return-label';
export { isEan13, renderShippingLabel, type ShippingLabelData } from './shipping-label';
export { addressLine, renderTransferOrder, type TransferOrderData } from './transfer-order';
export { renderVoucher, type VoucherData } from './voucher';
