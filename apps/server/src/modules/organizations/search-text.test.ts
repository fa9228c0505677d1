import { describe, expect, it } from 'vitest';
import { containsPattern, FOLD } from './search-text';

describe('search text', () => {
  it('folds each accented letter, lower or upper case, to one plain letter', () => {
    expect([...FOLD.from].length).toBe([...FOLD.to].length);
    // as SQL does it: lower() (ASCII only under the C locale), then translate()
    const lowerAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const fold = (s: string) =>
      [...lowerAscii(s)].map((c) => FOLD.to[[...FOLD.from].indexOf(c)] ?? c).join('');
    expect(fold('liège')).toBe('liege');
    expect(fold('ÉŁÓDŹ')).toBe('elodz');
    expect(FOLD.to).toMatch(/^[a-z]+$/);
  });

  it('treats LIKE wildcards in a search term as plain characters', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});
