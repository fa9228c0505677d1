import { describe, expect, it } from 'vitest';
import { hash64 } from './import-catalogue';

describe('hash64, the key of the duplicate check of an import (`npm run test:scale`)', () => {
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
