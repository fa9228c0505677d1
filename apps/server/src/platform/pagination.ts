import type { Collection } from '@reprise/shared';

/** Builds the collection `view` links of a page, keeping the other query parameters. */
function collection<T>(
  member: T[],
  totalItems: number,
  page: number,
  itemsPerPage: number,
  url: string,
): Collection<T> {
  const [path, search = ''] = url.split('?');
  const lastPage = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const link = (p: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(p));
    params.set('itemsPerPage', String(itemsPerPage));
    return `${path}?${params.toString()}`;
  };
  return {
    member,
    totalItems,
    view: {
      first: link(1),
      last: link(lastPage),
      ...(page < lastPage ? { next: link(page + 1) } : {}),
      ...(page > 1 ? { previous: link(Math.min(page - 1, lastPage)) } : {}),
    },
  };
}

/** One page of a list as a service answers it: the members and the total (links are the route's). */
export interface Page<T> {
  member: T[];
  totalItems: number;
}

/**
 * The collection a list route answers: the service's page with the links built from the
 * request's own URL (services never see the request), e.g.
 * `pageResponse(await users.listUsers(ctx, request.query), request.query, request.url)`.
 */
export const pageResponse = <T>(
  page: Page<T>,
  query: { page: number; itemsPerPage: number },
  url: string,
): Collection<T> => collection(page.member, page.totalItems, query.page, query.itemsPerPage, url);

/** The first `order[field]` present in a parsed query, restricted to the allowed fields. */
export function orderFrom<F extends string>(
  query: Record<string, unknown>,
  fields: readonly F[],
  fallback: { field: F; direction: 'asc' | 'desc' },
): { field: F; direction: 'asc' | 'desc' } {
  for (const field of fields) {
    const direction = query[`order[${field}]`];
    if (direction === 'asc' || direction === 'desc') return { field, direction };
  }
  return fallback;
}
