import { describe, expect, it } from 'vitest';
import { SeenKeys } from './import-catalogue';

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
});
