import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  readTableParams,
  type TableParams,
  type TableSort,
  toCollectionQuery,
  writeTableParams,
} from './table-params';

interface Options {
  defaultSort?: TableSort | null;
  defaultPageSize?: number;
  pageSizes?: readonly number[];
}

/**
 * A list's page, page size and sort mirrored in the address (`page`, `itemsPerPage`, `order[field]`).
 * `query` goes to the API; `tableProps` go to <DataTable>; `setFilter` changes a filter and returns to page 1.
 */
export function useTableParams({ defaultSort = null, defaultPageSize, pageSizes }: Options = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(
    () => readTableParams(searchParams, { sort: defaultSort, pageSize: defaultPageSize, pageSizes }),
    [searchParams, defaultSort, defaultPageSize, pageSizes],
  );

  const change = useCallback(
    (next: Partial<TableParams>) => setSearchParams((current) => writeTableParams(current, next)),
    [setSearchParams],
  );

  const setFilter = useCallback(
    (name: string, value: string | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      }),
    [setSearchParams],
  );

  return {
    ...params,
    query: toCollectionQuery(params),
    searchParams,
    setFilter,
    tableProps: {
      page: params.page,
      pageSize: params.itemsPerPage,
      sort: params.sort,
      pageSizes,
      onPageChange: (page: number) => change({ page }),
      onPageSizeChange: (itemsPerPage: number) => change({ itemsPerPage }),
      onSortChange: (sort: TableSort) => change({ sort }),
    },
  };
}
