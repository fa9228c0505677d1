import { randomInt } from 'node:crypto';
import { withEan13CheckDigit } from '@reprise/shared';
import { sql } from 'kysely';
import type { BaseTxContext } from '../../platform/request-context';

/**
 * Identification numbers: 13 digits with a valid EAN-13 check digit, unique (unique indexes on
 * buybacks and buyback_items). They come from database sequences, so concurrent creations never
 * collide: buybacks are '20' + 10 digits + check digit, items '21' + 10 digits + check digit
 * (GS1 prefix 2 is reserved for in-house numbering, so they never clash with a product's EAN).
 */
const BUYBACK_PREFIX = '20';
const ITEM_PREFIX = '21';

export function identificationNumberOf(prefix: string, sequence: number): string {
  const body = `${prefix}${String(sequence).padStart(10, '0')}`;
  if (body.length !== 12) throw new RangeError(`identification sequence out of range: ${sequence}`);
  return withEan13CheckDigit(body);
}

/** `count` new buyback numbers and as many item numbers, in one query. */
export async function nextIdentificationNumbers(
  tx: BaseTxContext,
  count: number,
): Promise<{ buyback: string; item: string }[]> {
  const { rows } = await sql<{ b: number; i: number }>`
    SELECT nextval('buyback_number_seq')::int8 AS b, nextval('item_number_seq')::int8 AS i
    FROM generate_series(1, ${count})`.execute(tx.trx);
  return rows.map((r) => ({
    buyback: identificationNumberOf(BUYBACK_PREFIX, Number(r.b)),
    item: identificationNumberOf(ITEM_PREFIX, Number(r.i)),
  }));
}

const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A voucher's own code: 'V' and 11 characters without look-alikes (55 bits of randomness). */
export function newVoucherCode(): string {
  let code = 'V';
  for (let i = 0; i < 11; i += 1) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return code;
}
