import { describe, expect, it } from 'vitest';
import { buybackFilterQuery, readBuybackFilters } from './buyback-filter-values';

describe('buyback list filters in the address', () => {
  it('reads every filter, the lists from repeated parameters', () => {
    const params = new URLSearchParams(
      'code=2000&externalCode=TICKET-7&status=bb_cancelled&status=bb_in_transit&createdAt[after]=2026-01-01&customerName=Durand&paymentType=voucher&page=2',
    );
    expect(readBuybackFilters(params)).toEqual({
      text: {
        code: '2000',
        externalCode: 'TICKET-7',
        customerName: 'Durand',
        'createdAt[after]': '2026-01-01',
        'createdAt[before]': '',
      },
      lists: { status: ['bb_cancelled', 'bb_in_transit'], store: [], paymentType: ['voucher'] },
    });
  });

  it('sends only the filters set, lists as arrays, and a code only when it is digits', () => {
    const values = readBuybackFilters(
      new URLSearchParams('code=20a&status=bb_cancelled&customerName=%20Léa%20&createdAt[before]=2026-02-01'),
    );
    expect(buybackFilterQuery(values)).toEqual({
      status: ['bb_cancelled'],
      customerName: 'Léa',
      'createdAt[before]': '2026-02-01',
    });
    expect(buybackFilterQuery(readBuybackFilters(new URLSearchParams('code=2000000000077')))).toEqual({
      code: '2000000000077',
    });
    expect(buybackFilterQuery(readBuybackFilters(new URLSearchParams('code=20000000000771')))).toEqual({});
  });
});
