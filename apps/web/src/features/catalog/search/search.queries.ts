import { type ProductSearchResponse, SEARCH_PAGE_SIZE } from '@reprise/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productsKeys } from '../catalog-keys';
import { withSearchRetry } from './search-retry';

/**
 * The catalogue quick search (`GET /search/products`, 40 hits a page, typo tolerant), with the
 * client's retry rule; more pages load on demand.
 */
export function useProductSearch(q: string, categories: string[], enabled: boolean) {
  return useInfiniteQuery({
    queryKey: productsKeys.search(q, categories),
    queryFn: ({ pageParam, signal }) =>
      withSearchRetry(
        (attemptSignal) =>
          api.get<ProductSearchResponse>('/search/products', {
            query: { q, category: categories, page: pageParam },
            signal: attemptSignal,
          }),
        { signal },
      ),
    initialPageParam: 1,
    // Past SEARCH_COUNT_LIMIT the count says "at least": a full page may have a next one.
    getNextPageParam: (last, pages) =>
      last.member.length === SEARCH_PAGE_SIZE &&
      (last.totalItemsCapped || pages.length * SEARCH_PAGE_SIZE < last.totalItems)
        ? pages.length + 1
        : undefined,
    enabled,
    // The retry rule above is the search's own.
    retry: false,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
