import type { OrganizationRootDetailResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  forgetCachedRootDetail,
  ROOT_DETAIL_STORAGE_KEY,
  readCachedRootDetail,
  writeCachedRootDetail,
} from './root-detail-cache';

const memory = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

const ACCOUNT = '00000000-0000-4000-8000-000000000200';
const detail = {
  id: 'd1',
  accountId: ACCOUNT,
  enabledPremiumFeatures: ['sftp_access'],
} as unknown as OrganizationRootDetailResponse;

describe('root details cached in browser storage', () => {
  it('gives back what was written for the same account, with when the server answered it', () => {
    const storage = memory();
    writeCachedRootDetail(detail, 1234, storage);
    expect(readCachedRootDetail(ACCOUNT, storage)).toEqual({ detail, savedAt: 1234 });
  });

  it("never gives another account's details", () => {
    const storage = memory();
    writeCachedRootDetail(detail, 1234, storage);
    expect(readCachedRootDetail('00000000-0000-4000-8000-000000000400', storage)).toBeNull();
  });

  it('a newer answer replaces the older one', () => {
    const storage = memory();
    writeCachedRootDetail(detail, 1, storage);
    const changed = { ...detail, enabledPremiumFeatures: [] };
    writeCachedRootDetail(changed, 2, storage);
    expect(readCachedRootDetail(ACCOUNT, storage)).toEqual({ detail: changed, savedAt: 2 });
  });

  it('drops a malformed or foreign entry, and forgets on request', () => {
    const storage = memory();
    storage.setItem(ROOT_DETAIL_STORAGE_KEY, '{not json');
    expect(readCachedRootDetail(ACCOUNT, storage)).toBeNull();
    storage.setItem(ROOT_DETAIL_STORAGE_KEY, JSON.stringify({ detail: { accountId: ACCOUNT }, savedAt: 1 }));
    expect(readCachedRootDetail(ACCOUNT, storage)).toBeNull();
    writeCachedRootDetail(detail, 1, storage);
    forgetCachedRootDetail(storage);
    expect(storage.items.size).toBe(0);
  });

  it('a storage that refuses writes is ignored', () => {
    const refusing = {
      ...memory(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeCachedRootDetail(detail, 1, refusing)).not.toThrow();
    expect(readCachedRootDetail(ACCOUNT, null)).toBeNull();
  });
});
