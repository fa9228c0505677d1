import {
  BUYBACK_SORT_FIELDS,
  type BuybackAdditionalInfosResponse,
  type BuybackInstructionsResponse,
  type BuybackListItem,
  type BuybackResponse,
  type BuybackStatus,
  type CancelBuybackRequest,
  type ItemStatus,
  type ListBuybacksQuery,
  type PatchBuybackRequest,
  type PaymentStatus,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { orderFrom, type Page } from '../../platform/pagination';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import {
  afterCancellation,
  findVisibleItems,
  moveItem,
  planCancellation,
  planFinalize,
  planLostInStore,
  resolveItem,
} from '../buyback-lifecycle';
import { listBuybacks as listRows } from './buyback-list.repository';
import { predeclarationOutdated, toBuybackListItem, toBuybackResponse } from './buybacks.mapper';
import * as repo from './buybacks.repository';
import { newVoucherCode } from './identification-numbers';

/** Reading and changing buybacks after their creation. */

const statesOf = (row: repo.BuybackDetailRow) => ({
  status: row.status as BuybackStatus,
  itemStatus: row.item_status as ItemStatus,
  paymentStatus: row.payment_status as PaymentStatus,
  predeclared: row.predeclared,
});

async function visible(
  ctx: RequestContext,
  where: { id: string } | { identificationNumber: string },
  options: { forUpdate?: boolean } = {},
): Promise<repo.BuybackDetailRow> {
  const row = await repo.findVisibleBuyback(ctx, where, options);
  if (!row) throw notFound('buyback');
  return row;
}

/** The buybacks the actor sees (buyback-lifecycle/visibility.repository.ts, buybackScope), filtered, one page. */
export async function listBuybacks(
  ctx: RequestContext,
  query: ListBuybacksQuery,
): Promise<Page<BuybackListItem>> {
  const order = orderFrom(query, BUYBACK_SORT_FIELDS, { field: 'createdAt', direction: 'desc' });
  const { rows, total } = await listRows(ctx, query, order);
  return { member: rows.map(toBuybackListItem), totalItems: total };
}

export async function getBuyback(ctx: RequestContext, id: string): Promise<BuybackResponse> {
  return toBuybackResponse(ctx.actor, await visible(ctx, { id }));
}

/**
 * By an identification number (digits only): 13 digits, the
 * buyback's number, else its item's; 8 digits, the last 8 of an item's number, among the
 * buybacks the actor sees (`several_items_match` when they name several). Other lengths:
 * `code_length_invalid`.
 */
export async function getBuybackByNumber(ctx: RequestContext, n: string): Promise<BuybackResponse> {
  if (!/^\d+$/.test(n)) {
    throw new AppError('validation_failed', 'A buyback code is digits only.', [
      { propertyPath: 'n', message: 'A buyback code is digits only.', code: 'code_digits_only' },
    ]);
  }
  if (n.length !== 13 && n.length !== 8) {
    throw new AppError('code_length_invalid', 'The number must have 8 or 13 digits.', [
      { propertyPath: 'n', message: 'The number must have 8 or 13 digits.', code: 'code_length_invalid' },
    ]);
  }
  const own = n.length === 13 ? await repo.findVisibleBuyback(ctx, { identificationNumber: n }) : undefined;
  if (own) return toBuybackResponse(ctx.actor, own);
  const items = await findVisibleItems(ctx, n.length === 13 ? { fullCode: n } : { shortCode: n });
  if (items.length > 1)
    throw new AppError(
      'several_items_match',
      'Several items match this code: type the full 13-digit number.',
    );
  if (!items[0]) throw notFound('buyback');
  return toBuybackResponse(ctx.actor, await visible(ctx, { id: items[0].buyback_id }));
}

export async function getInstructions(ctx: RequestContext, id: string): Promise<BuybackInstructionsResponse> {
  const row = await visible(ctx, { id });
  return {
    circuitName: row.circuit_name,
    highlightedInstruction: row.highlighted_instruction,
    instructions: row.instructions,
    terms: row.terms,
  };
}

export async function getAdditionalInfos(
  ctx: RequestContext,
  id: string,
): Promise<BuybackAdditionalInfosResponse> {
  const row = await visible(ctx, { id });
  const [warehouse, history] = await Promise.all([
    row.destination_warehouse_id
      ? repo.findOrganization(ctx, row.destination_warehouse_id)
      : Promise.resolve(undefined),
    repo.findStatusHistory(ctx, row.id),
  ]);
  return {
    circuitDescription: row.circuit_description,
    warehouse: warehouse
      ? {
          id: warehouse.id,
          commonName: warehouse.common_name,
          street: warehouse.street,
          zip: warehouse.zip,
          city: warehouse.city,
          country: warehouse.country,
        }
      : null,
    paymentModeDescription: row.payment_mode_description,
    paymentModeLongDescription: row.payment_mode_long_description,
    transferOrderNumberOfCopy: row.transfer_order_copies,
    predeclarationOutdated: predeclarationOutdated(row),
    statusHistory: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      status: h.status as BuybackStatus | null,
      itemStatus: h.item_status as ItemStatus | null,
      paymentStatus: h.payment_status as PaymentStatus | null,
      by: h.by,
    })),
  };
}

/**
 * Cancels a buyback (irreversible) with its item and its payment; a payment that cannot be
 * cancelled needs `force` and is then left as it is (docs/statuses.md).
 */
export async function cancelBuyback(
  ctx: RequestContext,
  id: string,
  input: CancelBuybackRequest,
): Promise<BuybackResponse> {
  return transact(ctx, async (tx) => {
    const row = await visible(tx, { id }, { forUpdate: true });
    const before = statesOf(row);
    const plan = planCancellation(before, input);
    await repo.updateStatuses(tx, row, {
      buyback: {
        status: plan.status,
        cancel_reason: input.reason,
        cancel_comment: input.comment,
        cancel_forced: plan.forced,
        cancelled_by: tx.actor.userId,
        cancelled: true,
      },
      itemStatus: plan.itemStatus,
      paymentStatus: plan.paymentStatus !== before.paymentStatus ? plan.paymentStatus : undefined,
    });
    await auditStatuses(tx, row, before, {
      ...plan,
      cancelReason: input.reason,
      cancelComment: input.comment,
    });
    // the payment leaves an open transfer batch, the webhooks announce it, the parcels not sent
    // yet are cancelled at the carrier: the reactions registered with the lifecycle
    await afterCancellation(tx, {
      buybackId: row.id,
      accountId: row.account_id,
      paymentStatus: plan.paymentStatus,
    });
    return toBuybackResponse(tx.actor, await visible(tx, { id }));
  });
}

/**
 * The item is lost in the store: item_lost_store, and the buyback cannot be completed. An item
 * move (buyback-lifecycle/item-moves.ts), so that the item's history records who, where and why.
 */
export async function markLostInStore(
  ctx: RequestContext,
  id: string,
  comment: string | null,
): Promise<BuybackResponse> {
  return transact(ctx, async (tx) => {
    const row = await visible(tx, { id }, { forUpdate: true });
    const plan = planLostInStore(statesOf(row));
    const item = await resolveItem(tx, { id: row.item_id }, { forUpdate: true });
    await moveItem(tx, item, { to: plan.itemStatus, reason: 'loss', comment });
    return toBuybackResponse(tx.actor, await visible(tx, { id }));
  });
}

/**
 * A web pre-declared buyback handed in at the counter: it becomes the store's buyback and awaits
 * the inventory. Runs in the idempotency runner's transaction.
 */
export async function finalizeBuyback(tx: TxContext, storeId: string, id: string): Promise<BuybackResponse> {
  const store = await repo.findVisibleStore(tx, storeId);
  if (!store) throw notFound('store');
  const row = await visible(tx, { id }, { forUpdate: true });
  if (row.account_id !== store.account_id) throw notFound('buyback');
  const before = statesOf(row);
  const plan = planFinalize(before);
  await repo.assignStore(tx, row, store);
  await repo.updateStatuses(tx, row, {
    buyback: { status: plan.status, predeclared: false, finalized: true },
    itemStatus: plan.itemStatus,
  });
  // the voucher exists from the moment the device is handed in, never before (docs/statuses.md)
  if (row.payment_type === 'voucher' && !row.voucher_code)
    await repo.issueVoucherCode(tx, row, newVoucherCode());
  await auditStatuses(tx, row, before, { ...plan, predeclared: false, storeId: store.id });
  return toBuybackResponse(tx.actor, await visible(tx, { id }));
}

function auditStatuses(
  tx: TxContext,
  row: repo.BuybackDetailRow,
  before: unknown,
  after: unknown,
): Promise<void> {
  return audit(tx, {
    action: 'update',
    entityType: 'buyback',
    entityId: row.id,
    accountId: row.account_id,
    before,
    after,
  });
}

/**
 * Merge-patches what may change on a buyback once made: its external code (the retailer's own
 * reference). One transaction with its audit entry; a buyback the user does not see is 404.
 */
export async function patchBuyback(
  ctx: RequestContext,
  id: string,
  input: PatchBuybackRequest,
): Promise<BuybackResponse> {
  return transact(ctx, async (tx) => {
    const row = await visible(tx, { id }, { forUpdate: true });
    if (input.externalCode !== undefined && input.externalCode !== row.external_code) {
      await repo.setExternalCode(tx, row, input.externalCode);
      await audit(tx, {
        action: 'update',
        entityType: 'buyback',
        entityId: row.id,
        accountId: row.account_id,
        before: { externalCode: row.external_code },
        after: { externalCode: input.externalCode },
      });
    }
    return toBuybackResponse(tx.actor, await visible(tx, { id }));
  });
}
