import { ACCOUNT_DELETION_ERRORS } from '@reprise/shared';
import { ApiError } from '../../lib/api';

/** The refusals of `DELETE /accounts/{id}` the modal explains ("Account deletion"). */
const KNOWN: readonly string[] = ACCOUNT_DELETION_ERRORS;

/**
 * The codes shown for a failed deletion: the server's code when it is one of the spec's, the server's
 * detail for another 422, `unknown` for anything else.
 */
export function deletionErrorKey(error: unknown): { key: string } | { detail: string } {
  if (error instanceof ApiError) {
    if (KNOWN.includes(error.code)) return { key: `deletion.error.${error.code}` };
    if (error.status === 404) return { key: 'deletion.error.account_not_found' };
    if (error.status === 422 && error.problem.detail) return { detail: error.problem.detail };
  }
  return { key: 'deletion.error.unknown' };
}
