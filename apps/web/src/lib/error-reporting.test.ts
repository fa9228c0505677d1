import { describe, expect, it } from 'vitest';
import { ApiError as SiteApiError } from '../public/api';
import { ApiError, NetworkError } from './api';
import { describeError, shouldReport } from './error-reporting';

describe('which uncaught errors the web app reports', () => {
  it('reports a program error', () => {
    expect(shouldReport(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(true);
    expect(shouldReport('a thrown text')).toBe(true);
  });

  it('ignores network errors and aborted requests', () => {
    expect(shouldReport(new NetworkError('offline'))).toBe(false);
    expect(shouldReport(new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldReport(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      false,
    );
    expect(shouldReport(new DOMException('The user aborted a request.', 'AbortError'))).toBe(false);
    expect(shouldReport(new Error('wrapped', { cause: new DOMException('gone', 'AbortError') }))).toBe(false);
  });

  it('ignores failed-status answers, of the back office and of the public site', () => {
    expect(
      shouldReport(
        new ApiError(500, { type: 'about:blank', title: 'x', status: 500, detail: 'x', code: 'x' }),
      ),
    ).toBe(false);
    expect(shouldReport(new SiteApiError(404, 'not_found'))).toBe(false);
    expect(shouldReport({ status: 404, statusText: 'Not Found', data: null })).toBe(false);
    expect(shouldReport(null)).toBe(false);
  });

  it('describes an error by its name, message and stack', () => {
    const error = new RangeError('too far');
    expect(describeError(error)).toMatchObject({ message: 'RangeError: too far' });
    expect(describeError({ a: 1 })).toEqual({ message: '{"a":1}', stack: null });
  });
});
