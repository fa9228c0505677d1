/**
 * Why no estimate can be given, on the public journey and in the back office's buyback wizard
 * alike (each has its message: `estimateError.<code>` on the public site,
 * `buybackWizard:error.<code>` in the back office).
 */
export const ESTIMATE_ERROR_CODES = [
  'no_buyback_price',
  'no_payment_mode',
  'no_transport_mode',
  'no_warehouse',
  'buyer_unreachable',
  'configuration_error',
  'diagnostic_error',
  'product_not_found',
  'no_questions',
  'imei_invalid',
  'buyback_creation_failed',
  'unknown',
] as const;
