import { ESTIMATE_ERROR_CODES } from '../../lib/estimate-error-codes';
import { ApiError } from '../api';

/** Why no estimate can be given; each has its message under `estimateError.<code>`. */
export type EstimateErrorCode = (typeof ESTIMATE_ERROR_CODES)[number];

export const isEstimateErrorCode = (code: unknown): code is EstimateErrorCode =>
  typeof code === 'string' && (ESTIMATE_ERROR_CODES as readonly string[]).includes(code);

/** The estimate error of a failed call: its own code when known, 404 a product not found, else unknown. */
export function estimateErrorOf(error: unknown): EstimateErrorCode {
  if (error instanceof ApiError) {
    if (isEstimateErrorCode(error.code)) return error.code;
    if (error.status === 404) return 'product_not_found';
  }
  return 'unknown';
}

export const estimateErrorPath = (code: EstimateErrorCode) =>
  `/estimate-error?code=${encodeURIComponent(code)}`;
