import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { hasListParams, rememberedPart, restoredSearch } from './product-list-query';

const EXPLICIT = 'explicitListQuery';

/** Navigation state of an address chosen on purpose (cleared filters): it is not replaced by the remembered one. */
export const EXPLICIT_LIST_QUERY = { [EXPLICIT]: true } as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing may refuse storage: the list simply starts fresh next time.
  }
}

/**
 * Keeps a list's query (filters, sort, page size) in browser storage and brings it back when the user
 * returns to the list without one. While `restoring`, the list waits for the remembered address.
 */
export function useRememberedListQuery(storageKey: string): { restoring: boolean } {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const explicit = (location.state as Record<string, unknown> | null)?.[EXPLICIT] === true;
  const remembered = !hasListParams(params) && !explicit ? read(storageKey) || null : null;

  useEffect(() => {
    if (remembered)
      navigate({ search: restoredSearch(remembered, params) }, { replace: true, preventScrollReset: true });
  }, [remembered, params, navigate]);

  useEffect(() => {
    if (!remembered) write(storageKey, rememberedPart(params));
  }, [remembered, params, storageKey]);

  return { restoring: remembered !== null };
}
