import { describe, expect, it } from 'vitest';
import { groupRoute } from './client-errors.rules';

describe('the route of a reported error', () => {
  it('keeps the path only: a query or a fragment may hold a token', () => {
    expect(groupRoute('/renew-password?token=secret#x')).toBe('/renew-password');
    expect(groupRoute('/home#top')).toBe('/home');
  });

  it('replaces ids and codes by :id, so that one screen groups as one', () => {
    expect(groupRoute('/buybacks/0d9b8a4e-95b4-4c4e-9f7a-3f1b2c3d4e5f/items')).toBe('/buybacks/:id/items');
    expect(groupRoute('/items/1234567890123')).toBe('/items/:id');
    expect(groupRoute('/product/42/iphone-12')).toBe('/product/42/iphone-12');
  });
});
