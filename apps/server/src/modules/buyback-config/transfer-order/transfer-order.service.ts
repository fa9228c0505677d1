import {
  checkTransferOrderTerms,
  type PutTransferOrderSettingsRequest,
  TRANSFER_ORDER_VARIABLES,
  type TransferOrderSettingsResponse,
} from '@reprise/shared';
import { audit } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { type RequestContext, transact } from '../../../platform/request-context';
import { iso, reject, requirePremiumFeature, violation, writeAccount } from '../config-scope';
import * as repo from './transfer-order.repository';

async function read(ctx: RequestContext, accountId: string): Promise<TransferOrderSettingsResponse> {
  const row = await repo.findSettings(ctx, accountId);
  return {
    accountId,
    terms: row?.terms ?? null,
    variables: [...TRANSFER_ORDER_VARIABLES],
    updatedAt: row ? iso(row.updated_at) : null,
  };
}

/** Reads the terms; the account needs the premium feature custom_transfer_order. */
export async function getTransferOrderSettings(
  ctx: RequestContext,
  accountId?: string,
): Promise<TransferOrderSettingsResponse> {
  const account = await writeAccount(ctx, accountId);
  await requirePremiumFeature(ctx, account, 'custom_transfer_order');
  return read(ctx, account);
}

/** Writes the terms: 2 to 5000 characters using only the listed `{{variables}}`. */
export async function putTransferOrderSettings(
  ctx: RequestContext,
  input: PutTransferOrderSettingsRequest,
  accountId?: string,
): Promise<TransferOrderSettingsResponse> {
  const account = await writeAccount(ctx, accountId);
  await requirePremiumFeature(ctx, account, 'custom_transfer_order');
  const { unknown, malformed } = checkTransferOrderTerms(input.terms);
  if (unknown.length) {
    const names = unknown.map((v) => `{{${v}}}`).join(', ');
    throw new AppError(
      'transfer_order_unknown_variable',
      `Unknown variable${unknown.length > 1 ? 's' : ''}: ${names}.`,
      [violation('terms', 'transfer_order_unknown_variable', names)],
    );
  }
  if (malformed)
    reject([violation('terms', 'transfer_order_malformed_variable', 'Write each variable as {{variable}}.')]);
  return transact(ctx, async (tx) => {
    const before = await read(tx, account);
    await repo.saveTerms(tx, account, input.terms);
    const after = await read(tx, account);
    await audit(tx, {
      action: before.terms === null ? 'create' : 'update',
      entityType: 'transfer_order_settings',
      entityId: account,
      accountId: account,
      before: { terms: before.terms },
      after: { terms: after.terms },
    });
    return after;
  });
}
