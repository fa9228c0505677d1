import { describe, expect, it } from 'vitest';
import { hash64, SeenKeys } from './import-catalogue';

describe('SeenKeys, the duplicate check of an import', () => {
  it('answers false the first time a key is seen, true every time after, through its growth', () => {
    const keys = new SeenKeys();
    for (let i = 0; i < 50_000; i++) expect(keys.seen(`REF-${i}`)).toBe(false);
    for (let i = 0; i < 50_000; i += 997) expect(keys.seen(`REF-${i}`)).toBe(true);
    expect(keys.seen('REF-50000')).toBe(false);
    expect(keys.seen('ref-1')).toBe(false);
  });

  it('never records an absent key', () => {
    const keys = new SeenKeys();
    expect(keys.seen(null)).toBe(false);
    expect(keys.seen(null)).toBe(false);
    expect(keys.seen('')).toBe(false);
    expect(keys.seen('')).toBe(true);
  });

  it('hashes a million distinct keys to a million distinct 64-bit values', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1_000_000; i++) {
      const [high, low] = hash64(`KEY-${i}`);
      seen.add(`${high}:${low}`);
    }
    expect(seen.size).toBe(1_000_000);
    expect(hash64('a')).not.toEqual(hash64('b'));
  }, 30_000); // about 1 s on a quiet machine, 6 s at load 20
});
