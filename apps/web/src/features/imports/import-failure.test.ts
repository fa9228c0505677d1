import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { failureOf, firstStepOf } from './import-failure';

const problem = (status: number, code: string, violations?: { propertyPath: string; code: string }[]) =>
  new ApiError(status, {
    type: 'about:blank',
    title: code,
    status,
    detail: `detail of ${code}`,
    code,
    violations: violations?.map((v) => ({ ...v, message: `message of ${v.code}` })),
  });

describe('a refused import start', () => {
  it('puts each violation on its field, on the step of that field', () => {
    const failure = failureOf(
      problem(422, 'validation_failed', [
        { propertyPath: 'parentCategoryIds[1]', code: 'unknown_category' },
        { propertyPath: 'suffix', code: 'invalid_suffix' },
      ]),
    );
    expect(failure).toEqual({
      parentCategoryIds: { code: 'unknown_category', fallback: 'message of unknown_category' },
      suffix: { code: 'invalid_suffix', fallback: 'message of invalid_suffix' },
    });
    expect(firstStepOf(failure)).toBe(1);
  });

  it('shows a refused file on the file step', () => {
    expect(failureOf(problem(422, 'invalid_file'))).toEqual({
      file: { code: 'invalid_file', fallback: 'detail of invalid_file' },
    });
    const tooLarge = failureOf(problem(413, 'file_too_large'));
    expect(Object.keys(tooLarge)).toEqual(['file']);
    expect(firstStepOf(tooLarge)).toBe(2);
  });

  it('shows any other refusal, and a violation of no field of the screen, on the summary', () => {
    expect(firstStepOf(failureOf(problem(404, 'not_found')))).toBe(3);
    expect(failureOf(problem(422, 'validation_failed', [{ propertyPath: '', code: 'x' }]))).toEqual({
      root: { code: 'x', fallback: 'message of x' },
    });
    expect(failureOf(new NetworkError('offline'))).toEqual({ root: { code: 'network_error' } });
  });
});
