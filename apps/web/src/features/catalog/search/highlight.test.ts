import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('search highlights', () => {
  it('marks the matched ranges of the name', () => {
    expect(
      highlightParts('Apple iPhone 15', [
        { start: 6, end: 12 },
        { start: 13, end: 15 },
      ]),
    ).toEqual([
      { text: 'Apple ', marked: false },
      { text: 'iPhone', marked: true },
      { text: ' ', marked: false },
      { text: '15', marked: true },
    ]);
  });

  it('copes with unordered or overlapping ranges', () => {
    expect(
      highlightParts('Galaxy', [
        { start: 2, end: 6 },
        { start: 0, end: 3 },
      ]),
    ).toEqual([
      { text: 'Gal', marked: true },
      { text: 'axy', marked: true },
    ]);
    expect(highlightParts('Bose', [])).toEqual([{ text: 'Bose', marked: false }]);
  });
});
