import { describe, expect, it } from 'vitest';
import { readTableParams, toCollectionQuery, writeTableParams } from './table-params';

describe('list parameters in the address', () => {
  it('reads page, page size and the order[field] sort', () => {
    const params = new URLSearchParams('page=3&itemsPerPage=30&order[lastname]=desc');
    expect(readTableParams(params)).toEqual({
      page: 3,
      itemsPerPage: 30,
      sort: { field: 'lastname', direction: 'desc' },
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    const params = new URLSearchParams('page=-1&itemsPerPage=7&order[name]=sideways');
    expect(readTableParams(params, { sort: { field: 'name', direction: 'asc' }, pageSize: 10 })).toEqual({
      page: 1,
      itemsPerPage: 10,
      sort: { field: 'name', direction: 'asc' },
    });
  });

  it('turns them into the API collection query', () => {
    expect(
      toCollectionQuery({ page: 2, itemsPerPage: 15, sort: { field: 'email', direction: 'asc' } }),
    ).toEqual({
      page: 2,
      itemsPerPage: 15,
      'order[email]': 'asc',
    });
  });

  it('goes back to the first page when the sort or page size changes, and keeps filters', () => {
    const params = new URLSearchParams('search=ana&page=4&order[lastname]=asc');
    const next = writeTableParams(params, { sort: { field: 'email', direction: 'desc' } });
    expect(next.toString()).toBe('search=ana&order%5Bemail%5D=desc');
    expect(writeTableParams(next, { itemsPerPage: 30 }).get('page')).toBeNull();
    expect(writeTableParams(next, { page: 2 }).get('page')).toBe('2');
  });
});
