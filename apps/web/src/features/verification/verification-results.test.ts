import type { VerificationLine } from '@reprise/shared/schemas/verification';
import { describe, expect, it } from 'vitest';
import { countOutcomes, normaliseNumber, resultsCsv } from './verification-results';

const results: VerificationLine[] = [
  {
    line: 2,
    code: '2100000000013',
    outcome: 'verifiable',
    status: 'item_registered_in_warehouse',
    identificationNumber: '2100000000013',
    productName: 'iPhone 13; 128 "Go"',
    warehouse: { id: '00000000-0000-4000-8000-000000000302', commonName: 'Saint-Priest' },
  },
  { line: 3, code: 'abc', outcome: 'invalid' },
  { line: 4, code: '2199999999999', outcome: 'not_found' },
];

describe('verification', () => {
  it('takes 8 or 13 digits, spaces removed', () => {
    expect(normaliseNumber(' 0000 0013 ')).toBe('00000013');
    expect(normaliseNumber('2100000000013')).toBe('2100000000013');
    for (const input of ['', '1234567', '123456789', '21000000000a3'])
      expect(normaliseNumber(input)).toBeNull();
  });

  it('counts the outcomes', () => {
    expect(countOutcomes(results)).toEqual({ verifiable: 1, not_verifiable: 0, not_found: 1, invalid: 1 });
  });

  it('writes the results as a CSV file, cells quoted when needed', () => {
    const csv = resultsCsv(results, {
      header: ['line', 'code', 'outcome', 'status', 'item', 'product', 'warehouse'],
      outcome: (o) => o.toUpperCase(),
      status: (s) => `S:${s}`,
    });
    expect(csv.startsWith('\ufeffline;code;outcome;status;item;product;warehouse\r\n')).toBe(true);
    expect(csv.split('\r\n').slice(1, 4)).toEqual([
      '2;2100000000013;VERIFIABLE;S:item_registered_in_warehouse;2100000000013;"iPhone 13; 128 ""Go""";Saint-Priest',
      '3;abc;INVALID;;;;',
      '4;2199999999999;NOT_FOUND;;;;',
    ]);
  });
});
