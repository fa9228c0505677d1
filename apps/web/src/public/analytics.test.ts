import { describe, expect, it } from 'vitest';
import { isPageViewSuppressed, pageViewEvent } from './analytics';

describe('page-view events', () => {
  it('need a non-empty page path', () => {
    expect(() => pageViewEvent('')).toThrow(/page path/);
  });

  it.each([
    '/category/0000/phones',
    '/create',
    '/buyback/create',
    '/buyback-confirmation',
    '/buyback-confirmation-docs',
    '/estimate-error',
  ])('are suppressed on %s', (path) => {
    expect(isPageViewSuppressed(path)).toBe(true);
    expect(pageViewEvent(path)).toBeNull();
  });

  it.each(['/', '/search', '/stores', '/categories', '/cgu'])('are sent on %s', (path) => {
    expect(pageViewEvent(path)).toEqual({ event: 'page_view', page_path: path });
  });
});
