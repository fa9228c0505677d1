import { describe, expect, it } from 'vitest';
import { AccountCache } from './account-cache';
import { changeFeed } from './change-feed';

const counter = () => {
  let reads = 0;
  return { load: async () => ++reads, reads: () => reads };
};

describe('AccountCache', () => {
  it('serves a value read once until a change of its account and entity types commits', async () => {
    const cache = new AccountCache<number>(['product']);
    const source = counter();
    expect(await cache.read('a', 'p1', source.load)).toBe(1);
    expect(await cache.read('a', 'p1', source.load)).toBe(1);
    changeFeed.dispatch('user:a'); // another entity type: kept
    changeFeed.dispatch('product:b'); // another account: kept
    expect(await cache.read('a', 'p1', source.load)).toBe(1);
    changeFeed.dispatch('product:a');
    expect(await cache.read('a', 'p1', source.load)).toBe(2);
    expect(source.reads()).toBe(2);
  });

  it('does not keep a value read while a change arrived', async () => {
    const cache = new AccountCache<string>(['product']);
    const stale = await cache.read('a', 'p1', async () => {
      changeFeed.dispatch('product:a'); // committed while this read was under way
      return 'old';
    });
    expect(stale).toBe('old');
    expect(await cache.read('a', 'p1', async () => 'new')).toBe('new');
  });

  it('a change of no account, or a lost connection, drops every value', async () => {
    const cache = new AccountCache<number>(['category']);
    const source = counter();
    await cache.read('a', 'k', source.load);
    await cache.read('b', 'k2', source.load);
    changeFeed.dispatch('category:');
    expect(await cache.read('a', 'k', source.load)).toBe(3);
    changeFeed.reset();
    expect(await cache.read('b', 'k2', source.load)).toBe(4);
  });

  it('keeps at most its bound, dropping the oldest', async () => {
    const cache = new AccountCache<number>(['product'], 2);
    const source = counter();
    await cache.read('a', 'k1', source.load);
    await cache.read('a', 'k2', source.load);
    await cache.read('a', 'k3', source.load);
    expect(await cache.read('a', 'k3', source.load)).toBe(3);
    expect(await cache.read('a', 'k1', source.load)).toBe(4);
  });

  it('ignores malformed notifications', () => {
    expect(() => changeFeed.dispatch('garbage')).not.toThrow();
  });
});
