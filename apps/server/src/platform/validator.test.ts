import { describe, expect, it } from 'vitest';
import { hasInvalidCharacters } from './validator';

describe('characters no request string may hold', () => {
  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00b'],
    ['a high surrogate at the end', 'ab\uD83D'],
    ['two high surrogates', '\uD83D\uD83D\uDE00'],
  ])('refuses %s', (_what, value) => {
    expect(hasInvalidCharacters(value)).toBe(true);
  });

  it.each([
    ['accents', 'Entrepôt Saint-Priest'],
    ['an emoji (a surrogate pair)', 'Reprise 📱'],
    ['control characters PostgreSQL stores', 'tab\there\nnew line'],
    ['an empty string', ''],
  ])('accepts %s', (_what, value) => {
    expect(hasInvalidCharacters(value)).toBe(false);
  });
});
