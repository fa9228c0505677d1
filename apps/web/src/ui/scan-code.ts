import { WAREHOUSE_CODE_LENGTHS } from '@reprise/shared';

/**
 * A warehouse code as scanned or typed: 8 or 13 characters, the
 * spaces a person or a scanner may add removed. Anything else is refused before asking the
 * server (`code_length_invalid`, the server's own code).
 */
export function normaliseWarehouseCode(input: string): { code: string } | { error: 'code_length_invalid' } {
  const code = input.replace(/\s+/g, '');
  return (WAREHOUSE_CODE_LENGTHS as readonly number[]).includes(code.length)
    ? { code }
    : { error: 'code_length_invalid' };
}
