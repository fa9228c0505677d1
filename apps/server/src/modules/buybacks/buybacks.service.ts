import {
  BUYBACK_SORT_FIELDS,
  type BuybackAdditionalInfosResponse,
  type BuybackInstructionsResponse,
  type BuybackListItem,
  type BuybackResponse,
  type BuybackStatus,
  type CancelBuybackRequest,
  type Collection,
  type ItemStatus,
  type ListBuybacksQuery,
  type PaymentStatus,
} from '@reprise/shared';
import { writeAudit } from '../../platform/audit';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { collection, orderFrom } from '../../platform/pagination';
import { listBuybacks as listRows } from './buyback-list.repository';
import { planCancellation, planFinalize, planLostInStore } from './buyback-statuses';
import { predeclarationOutdated, toBuybackListItem, toBuybackResponse } from './buybacks.mapper';
import * as repo from './buybacks.repository';
import { newVoucherCode } from './create-buybacks.service';

/** Reading and changing buybacks after their creation. */

const statesOf = (row: repo.BuybackDetailRow) => ({
  status: row.status as BuybackStatus,
  itemStatus: row.item_status as ItemStatus,
  paymentStatus: row.payment_status as PaymentStatus,
  predeclared: row.predeclared,
});

async function visible(
  db: Db,
  actor: Actor,
  where: { id: string } | { identificationNumber: string },
  options: { forUpdate?: boolean } = {},
): Promise<repo.BuybackDetailRow> {
  const row = await repo.findVisibleBuyback(db, actor, where, options);
  if (!row) throw notFound('buyback');
  return row;
}

export async function listBuybacks(
  db: Db,
  actor: Actor,
  query: ListBuybacksQuery,
  url: string,
): Promise<Collection<BuybackListItem>> {
  const order = orderFrom(query, BUYBACK_SORT_FIELDS, { field: 'createdAt', direction: 'desc' });
  const { rows, total } = await listRows(db, actor, query, order);
  return collection(rows.map(toBuybackListItem), total, query.page, query.itemsPerPage, url);
}

export async function getBuyback(db: Db, actor: Actor, id: string): Promise<BuybackResponse> {
  return toBuybackResponse(actor, await visible(db, actor, { id }));
}

/** By its 13-digit identification number (journeys.md section 5: digits only, 13 of them). */
export async function getBuybackByNumber(db: Db, actor: Actor, n: string): Promise<BuybackResponse> {
  if (!/^\d+$/.test(n)) {
    throw new AppError('validation_failed', 'A buyback code is digits only.', [
      { propertyPath: 'n', message: 'A buyback code is digits only.', code: 'code_digits_only' },
    ]);
  }
  if (n.length !== 13) {
    throw new AppError('validation_failed', 'A buyback code is 13 digits.', [
      { propertyPath: 'n', message: 'A buyback code is 13 digits.', code: 'code_13_digits' },
    ]);
  }
  return toBuybackResponse(actor, await visible(db, actor, { identificationNumber: n }));
}

export async function getInstructions(
  db: Db,
  actor: Actor,
  id: string,
): Promise<BuybackInstructionsResponse> {
  const row = await visible(db, actor, { id });
  return {
    circuitName: row.circuit_name,
    highlightedInstruction: row.highlighted_instruction,
    instructions: row.instructions,
    terms: row.terms,
  };
}

export async function getAdditionalInfos(
  db: Db,
  actor: Actor,
  id: string,
): Promise<BuybackAdditionalInfosResponse> {
  const row = await visible(db, actor, { id });
  const [warehouse, history] = await Promise.all([
    row.warehouse_id ? repo.findOrganization(db, row.warehouse_id) : Promise.resolve(undefined),
    repo.findStatusHistory(db, row.id),
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
  db: Db,
  actor: Actor,
  id: string,
  input: CancelBuybackRequest,
): Promise<BuybackResponse> {
  return db.transaction().execute(async (trx) => {
    const row = await visible(trx, actor, { id }, { forUpdate: true });
    const before = statesOf(row);
    const plan = planCancellation(before, input);
    await repo.updateStatuses(
      trx,
      row.id,
      {
        buyback: {
          status: plan.status,
          cancel_reason: input.reason,
          cancel_comment: input.comment,
          cancel_forced: plan.forced,
          cancelled_by: actor.userId,
          cancelled: true,
        },
        itemStatus: plan.itemStatus,
        paymentStatus: plan.paymentStatus !== before.paymentStatus ? plan.paymentStatus : undefined,
      },
      actor.userId,
    );
    await writeStatusAudit(trx, actor, row, before, {
      ...plan,
      cancelReason: input.reason,
      cancelComment: input.comment,
    });
    return toBuybackResponse(actor, await visible(trx, actor, { id }));
  });
}

/** The item is lost in the store: item_lost_store, and the buyback cannot be completed. */
export async function markLostInStore(
  db: Db,
  actor: Actor,
  id: string,
  comment: string | null,
): Promise<BuybackResponse> {
  return db.transaction().execute(async (trx) => {
    const row = await visible(trx, actor, { id }, { forUpdate: true });
    const before = statesOf(row);
    const plan = planLostInStore(before);
    await repo.updateStatuses(
      trx,
      row.id,
      { buyback: { status: plan.status }, itemStatus: plan.itemStatus },
      actor.userId,
    );
    await writeStatusAudit(trx, actor, row, before, { ...plan, comment });
    return toBuybackResponse(actor, await visible(trx, actor, { id }));
  });
}

/**
 * A web pre-declared buyback handed in at the counter: it becomes the store's buyback and awaits
 * the inventory. Runs in the idempotency runner's transaction.
 */
export async function finalizeBuyback(
  trx: Db,
  actor: Actor,
  storeId: string,
  id: string,
): Promise<BuybackResponse> {
  const store = await repo.findVisibleStore(trx, actor, storeId);
  if (!store) throw notFound('store');
  const row = await visible(trx, actor, { id }, { forUpdate: true });
  if (row.account_id !== store.account_id) throw notFound('buyback');
  const before = statesOf(row);
  const plan = planFinalize(before);
  await trx
    .updateTable('buybacks')
    .set({ store_id: store.id, organization_path: store.path })
    .where('id', '=', row.id)
    .execute();
  await repo.updateStatuses(
    trx,
    row.id,
    { buyback: { status: plan.status, predeclared: false, finalized: true }, itemStatus: plan.itemStatus },
    actor.userId,
  );
  // the voucher exists from the moment the device is handed in, never before (docs/statuses.md)
  if (row.payment_type === 'voucher' && !row.voucher_code)
    await repo.issueVoucherCode(trx, row.id, newVoucherCode());
  await writeStatusAudit(trx, actor, row, before, { ...plan, predeclared: false, storeId: store.id });
  return toBuybackResponse(actor, await visible(trx, actor, { id }));
}

function writeStatusAudit(
  trx: Db,
  actor: Actor,
  row: repo.BuybackDetailRow,
  before: unknown,
  after: unknown,
): Promise<void> {
  return writeAudit(trx, actor, {
    action: 'update',
    entityType: 'buyback',
    entityId: row.id,
    accountId: row.account_id,
    before,
    after,
  });
}
