import type { OrganizationRootDetailResponse } from '@reprise/shared';

/**
 * The root details of the user's account kept in browser storage (the spec: "Cached in browser
 * storage"): a screen paints its premium badges and settings from them at once, the server's answer
 * then replaces them, and every new answer (a read or a save) is written back. One account only,
 * dropped at sign-out with the cached user (app/session-cache.ts).
 */
export const ROOT_DETAIL_STORAGE_KEY = 'reprise.rootDetail';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface Cached {
  detail: OrganizationRootDetailResponse;
  /** When the server answered it (ms): the query refetches what is older than its stale time. */
  savedAt: number;
}

const browserStorage = (): Store | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

export function readCachedRootDetail(accountId: string, storage = browserStorage()): Cached | null {
  try {
    const value = JSON.parse(storage?.getItem(ROOT_DETAIL_STORAGE_KEY) ?? 'null') as Cached | null;
    const detail = value?.detail;
    return detail &&
      detail.accountId === accountId &&
      typeof value.savedAt === 'number' &&
      Array.isArray(detail.enabledPremiumFeatures)
      ? value
      : null;
  } catch {
    return null;
  }
}

export function writeCachedRootDetail(
  detail: OrganizationRootDetailResponse,
  savedAt: number,
  storage = browserStorage(),
): void {
  try {
    storage?.setItem(ROOT_DETAIL_STORAGE_KEY, JSON.stringify({ detail, savedAt } satisfies Cached));
  } catch {
    // refused storage (private mode, full): the details are read from the server each time
  }
}

export function forgetCachedRootDetail(storage = browserStorage()): void {
  try {
    storage?.removeItem(ROOT_DETAIL_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
