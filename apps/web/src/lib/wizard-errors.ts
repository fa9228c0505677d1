import { ApiError } from './api';
import { ESTIMATE_ERROR_CODES } from './estimate-error-codes';

/**
 * The wizard's errors, each with its own message under `buybackWizard:error.<code>`: the estimate's
 * and two of its own. A server code outside the list shows the generic one.
 */
export const WIZARD_ERROR_CODES = [
  ...ESTIMATE_ERROR_CODES,
  // the back office's own: a cancelled buyback resumed, the product search down
  'buyback_cancelled',
  'search_unavailable',
] as const;
export type WizardErrorCode = (typeof WIZARD_ERROR_CODES)[number];

export function isWizardErrorCode(code: unknown): code is WizardErrorCode {
  return typeof code === 'string' && (WIZARD_ERROR_CODES as readonly string[]).includes(code);
}

/** The wizard error of a failed call: its code when the wizard knows it, else `fallback`. */
export function wizardErrorOf(error: unknown, fallback: WizardErrorCode = 'unknown'): WizardErrorCode {
  if (error instanceof ApiError) {
    if (isWizardErrorCode(error.code)) return error.code;
    // A product of another tenant, or removed, answers a plain 404.
    if (error.status === 404) return 'product_not_found';
  }
  return fallback;
}

/** `/estimate-error?code=<code>`: the page that explains why no estimate can be given. */
export function estimateErrorPath(code: WizardErrorCode): string {
  return `/estimate-error?code=${encodeURIComponent(code)}`;
}
