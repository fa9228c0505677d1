import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRODUCT_FILTERS,
  hasListParams,
  pricesInverted,
  readProductFilters,
  rememberedPart,
  restoredSearch,
  toProductFilterQuery,
  writeProductFilters,
} from './product-list-query';

const PHONES = '00000000-0000-4000-9000-000000000001';
const AUDIO = '00000000-0000-4000-9000-000000000018';

describe('products list filters in the address', () => {
  it('shows published products when nothing is asked', () => {
    expect(readProductFilters(new URLSearchParams())).toEqual(DEFAULT_PRODUCT_FILTERS);
  });

  it('round-trips every filter under the API names, leaving defaults out and going back to page 1', () => {
    const filters = {
      search: 'iphone 15',
      status: 'all' as const,
      minPrice: 10000,
      maxPrice: 50000,
      categories: [PHONES, AUDIO],
    };
    const params = writeProductFilters(new URLSearchParams('page=3&order[price]=desc'), filters);
    expect(params.get('search_product_buyback')).toBe('iphone 15');
    expect(params.getAll('category[]')).toEqual([PHONES, AUDIO]);
    expect(params.get('page')).toBeNull();
    expect(params.get('order[price]')).toBe('desc');
    expect(readProductFilters(params)).toEqual(filters);
    expect(writeProductFilters(params, DEFAULT_PRODUCT_FILTERS).toString()).toBe('order%5Bprice%5D=desc');
  });

  it('ignores values it cannot use', () => {
    const params = new URLSearchParams('status=archived&buybackPriceGradeA[gte]=-5&category[]=nope');
    expect(readProductFilters(params)).toEqual(DEFAULT_PRODUCT_FILTERS);
  });

  it('builds the API query with category[]', () => {
    expect(toProductFilterQuery({ ...DEFAULT_PRODUCT_FILTERS, categories: [PHONES] })).toEqual({
      search_product_buyback: undefined,
      status: 'published',
      'buybackPriceGradeA[gte]': undefined,
      'buybackPriceGradeA[lte]': undefined,
      category: [PHONES],
    });
  });

  it('warns only when the minimum exceeds the maximum', () => {
    expect(pricesInverted(5000, 1000)).toBe(true);
    expect(pricesInverted(1000, 1000)).toBe(false);
    expect(pricesInverted(5000, null)).toBe(false);
  });
});

describe('products list remembered in the browser', () => {
  it('restores only when the address holds nothing but a banner', () => {
    expect(hasListParams(new URLSearchParams('alert=%7B%7D'))).toBe(false);
    expect(hasListParams(new URLSearchParams('status=all'))).toBe(true);
  });

  it('remembers filters, sort and page size, but neither the page nor the banner', () => {
    const params = new URLSearchParams('status=draft&page=2&itemsPerPage=30&alert=x');
    expect(rememberedPart(params)).toBe('status=draft&itemsPerPage=30');
  });

  it('keeps the banner of the arrival when restoring', () => {
    expect(restoredSearch('status=draft', new URLSearchParams('alert=hello'))).toBe(
      'status=draft&alert=hello',
    );
  });
});
