import { describe, expect, it } from 'vitest';
import { fold, normalize, sortKey, wordsOf } from './catalog-text';

describe('catalogue text folding', () => {
  it('lowers the case and strips accents', () => {
    expect(fold('Écran ÀÉÎÕÜ çà')).toBe('ecran aeiou ca');
  });

  it('spells out ligatures and letters NFD does not decompose', () => {
    expect(fold('Cœur Æther Straße Øre Łódź')).toBe('coeur aether strasse ore lodz');
  });

  it('makes punctuation a single space and trims', () => {
    expect(normalize('  Apple iPhone 13 (128 Go) – Lumière stellaire! ')).toBe(
      'apple iphone 13 128 go lumiere stellaire',
    );
  });

  it('splits words and orders names without regard to case or accents', () => {
    expect(wordsOf('Galaxy S21+ 5G')).toEqual(['galaxy', 's21', '5g']);
    expect(wordsOf(' -- ')).toEqual([]);
    expect(['Zebra', 'écran', 'Apple'].map(sortKey).sort()).toEqual(['apple', 'ecran', 'zebra']);
  });
});
