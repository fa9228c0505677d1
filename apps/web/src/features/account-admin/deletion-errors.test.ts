import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { deletionErrorKey } from './deletion-errors';

const problem = (status: number, code: string, detail = 'Server detail.') =>
  new ApiError(status, { type: `/problems/${code}`, title: code, status, detail, code });

describe('the deletion modal says why an account was not deleted', () => {
  it('translates the codes of the spec and the one for data still held', () => {
    for (const code of ['still_active', 'has_linked_buyers', 'has_linked_retailers', 'account_has_data'])
      expect(deletionErrorKey(problem(409, code))).toEqual({ key: `deletion.error.${code}` });
    expect(deletionErrorKey(problem(404, 'account_not_found'))).toEqual({
      key: 'deletion.error.account_not_found',
    });
  });

  it('shows a 404 as account_not_found, another 422 by its detail, anything else as unknown', () => {
    expect(deletionErrorKey(problem(404, 'not_found'))).toEqual({ key: 'deletion.error.account_not_found' });
    expect(deletionErrorKey(problem(422, 'validation_failed', 'Not valid.'))).toEqual({
      detail: 'Not valid.',
    });
    expect(deletionErrorKey(problem(500, 'internal_error'))).toEqual({ key: 'deletion.error.unknown' });
    expect(deletionErrorKey(new Error('offline'))).toEqual({ key: 'deletion.error.unknown' });
  });
});
