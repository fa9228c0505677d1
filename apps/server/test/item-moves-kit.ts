import type { ItemStatus, ModuleType, QuarantineReason } from '@reprise/shared';
import { moveItem, resolveItem } from '../src/modules/buyback-lifecycle/item-moves';
import { findNativeStock } from '../src/modules/buyback-lifecycle/items.repository';
import { putInQuarantine } from '../src/modules/warehouse/quarantine.service';
import { loadActor } from '../src/platform/auth-hook';
import { type RequestContext, scopeOfActor, transact } from '../src/platform/request-context';
import { DEMO, type TestApp } from './test-app';

/**
 * Brings an item to a warehouse status through the item moves themselves (item-moves.ts), as a
 * signed-in user: what the send, check-in and control screens do, for the tests of the steps that
 * follow them (quarantine, loss).
 */

/** The request context of a signed-in user (its `authorization` header), in a module. */
export async function contextOfUser(
  t: TestApp,
  authorization: string,
  module?: ModuleType,
): Promise<RequestContext> {
  const actor = await loadActor(t.db, t.deps.config, authorization.replace(/^Bearer /, ''), module);
  if (!actor) throw new Error('no session for this authorization');
  return { actor, scope: scopeOfActor(actor), locale: null, db: t.db, deps: t.deps };
}

/** The warehouse manager of Saint-Priest as a service context (to bring items on through the moves). */
export async function warehouseManagerContext(t: TestApp): Promise<RequestContext> {
  return contextOfUser(t, (await t.login('warehouse_manager@demo.test')).authorization);
}

/** The id of a warehouse's native stock of `kind` (Saint-Priest's unless told). */
export async function nativeStockId(
  t: TestApp,
  kind: string,
  warehouseId: string = DEMO.orgs.warehouseSaintPriest,
): Promise<string> {
  return (
    await t.db
      .selectFrom('stocks')
      .select('id')
      .where('warehouse_id', '=', warehouseId)
      .where('native_kind', '=', kind)
      .executeTakeFirstOrThrow()
  ).id;
}

/** The path from a store buyback's item (awaiting inventory) to each warehouse status. */
const PATH: Partial<Record<ItemStatus, ItemStatus[]>> = {
  item_in_transit: ['item_in_transit'],
  item_registered_in_warehouse: ['item_in_transit', 'item_registered_in_warehouse'],
  item_awaiting_compliancy_tests: [
    'item_in_transit',
    'item_registered_in_warehouse',
    'item_awaiting_compliancy_tests',
  ],
  // controlled at the declared price: awaiting dispatch, where refurbishment and expedition start
  item_completed_by_price: [
    'item_in_transit',
    'item_registered_in_warehouse',
    'item_awaiting_compliancy_tests',
    'item_completed_by_price',
  ],
};

/** Moves the item (awaiting inventory) on to `to`, one table-checked move at a time. */
export async function advanceItem(ctx: RequestContext, itemId: string, to: ItemStatus): Promise<void> {
  const steps = PATH[to];
  if (!steps) throw new Error(`no path to ${to}`);
  await transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id: itemId }, { forUpdate: true });
    for (const status of steps) {
      const stock =
        status === 'item_registered_in_warehouse' && item.warehouse_id
          ? await findNativeStock(tx, item.warehouse_id, 'awaiting_control')
          : undefined;
      await moveItem(tx, item, {
        to: status,
        reason:
          status === 'item_in_transit'
            ? 'sent'
            : status === 'item_registered_in_warehouse'
              ? 'checkin'
              : 'control',
        ...(stock ? { stockId: stock.id } : {}),
      });
    }
  });
}

/** Checks the item in and puts it in quarantine (quarantine.service.ts, as the control does). */
export async function quarantineItem(
  ctx: RequestContext,
  itemId: string,
  reason: QuarantineReason = 'locked',
  comment: string | null = 'Compte iCloud actif',
): Promise<void> {
  await advanceItem(ctx, itemId, 'item_registered_in_warehouse');
  await transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id: itemId }, { forUpdate: true });
    await putInQuarantine(tx, item, { reason, comment });
  });
}

/**
 * Gives the item `twinId` the same last 8 digits as `code` under another prefix, as two labels a
 * short code cannot tell apart; answers the twin's full code.
 */
export async function giveTwinCode(t: TestApp, code: string, twinId: string): Promise<string> {
  const twin = `29999${code.slice(-8)}`;
  await t.db
    .updateTable('buyback_items')
    .set({ identification_number: twin })
    .where('id', '=', twinId)
    .execute();
  return twin;
}
