import { describe, expect, it } from 'vitest';
import { normaliseWarehouseCode } from './scan-code';

describe('a scanned warehouse code', () => {
  it('has 8 or 13 characters, spaces removed', () => {
    expect(normaliseWarehouseCode('2100000000013')).toEqual({ code: '2100000000013' });
    expect(normaliseWarehouseCode(' 0000 0013 ')).toEqual({ code: '00000013' });
  });

  it.each(['', '1234567', '123456789', '123456789012', '12345678901234'])('%j is refused', (input) => {
    expect(normaliseWarehouseCode(input)).toEqual({ error: 'code_length_invalid' });
  });
});
