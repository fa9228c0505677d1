import { isVerifiable, type VerificationLine, type VerificationResponse } from '@reprise/shared';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { ItemRow } from '../buyback-lifecycle';
import { resolveItem } from '../buyback-lifecycle';
import { isCodeShape, parseCodes } from './verification.csv';
import { findVisibleItemsByCodes } from './verification.repository';

/**
 * Verification (`/verification`): is a device verifiable, found by its
 * identification number (8 or 13 digits) or in a CSV list? Verifiable: its item is at one of
 * VERIFIABLE_ITEM_STATUSES (packages/shared/src/schemas/verification.ts): it has reached a
 * warehouse and is held there, or its buyback is completed.
 */

/** An identification number as typed: digits only, 8 or 13 of them (else `code_length_invalid` on `n`). */
function requireNumber(n: string): void {
  if (!/^(\d{8}|\d{13})$/.test(n))
    throw new AppError('code_length_invalid', 'The number must have 8 or 13 digits.', [
      { propertyPath: 'n', message: 'The number must have 8 or 13 digits.', code: 'code_length_invalid' },
    ]);
}

/**
 * `HEAD /buybacks/by-identification-number/{n}/is-verifiable`: returns when verifiable; else
 * `item_not_found` (unknown or not seen: 404), `several_items_match` or `item_status_mismatch`
 * (known but not verifiable), both 409.
 */
export async function checkVerifiable(ctx: RequestContext, n: string): Promise<void> {
  requireNumber(n);
  const item = await resolveItem(ctx, { code: n });
  if (!isVerifiable(item.status))
    throw new AppError('item_status_mismatch', `The item is not verifiable at the status ${item.status}.`);
}

const lineOf = (line: number, code: string, item: ItemRow): VerificationLine => ({
  line,
  code,
  outcome: isVerifiable(item.status) ? 'verifiable' : 'not_verifiable',
  status: item.status as VerificationLine['status'],
  itemId: item.id,
  buybackId: item.buyback_id,
  identificationNumber: item.identification_number,
  productName: item.product_name,
  ...(item.warehouse_id && item.warehouse_name
    ? { warehouse: { id: item.warehouse_id, commonName: item.warehouse_name } }
    : {}),
});

/**
 * `POST /items/verification`: every code of the CSV list with its outcome, in the file's order,
 * the items found in one query. An 8-digit code several items share answers `not_found` (the
 * list cannot say which): its 13-digit number tells.
 */
export async function verifyList(ctx: RequestContext, file: Buffer): Promise<VerificationResponse> {
  const codes = parseCodes(file);
  const valid = codes.filter((c) => isCodeShape(c.code));
  const items = await findVisibleItemsByCodes(ctx, {
    full: [...new Set(valid.filter((c) => c.code.length === 13).map((c) => c.code))],
    short: [...new Set(valid.filter((c) => c.code.length === 8).map((c) => c.code))],
  });
  const byCode = new Map<string, ItemRow[]>();
  const add = (code: string, item: ItemRow) => {
    const found = byCode.get(code) ?? [];
    if (!found.includes(item)) found.push(item);
    byCode.set(code, found);
  };
  for (const item of items) {
    add(item.identification_number, item);
    add(item.buyback_identification_number, item);
    add(item.identification_number.slice(-8), item);
  }
  return {
    results: codes.map(({ line, code }): VerificationLine => {
      if (!isCodeShape(code)) return { line, code, outcome: 'invalid' };
      const found = byCode.get(code) ?? [];
      return found.length === 1
        ? lineOf(line, code, found[0] as ItemRow)
        : { line, code, outcome: 'not_found' };
    }),
  };
}
