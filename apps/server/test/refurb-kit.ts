import { moveItem, resolveItem } from '../src/modules/buyback-lifecycle/item-moves';
import { findNativeStock } from '../src/modules/buyback-lifecycle/items.repository';
import { type RequestContext, transact } from '../src/platform/request-context';
import { advanceItem } from './item-moves-kit';

/**
 * Brings an item into refurbishment with its services, as a finalized refurbishment diagnosis
 * leaves it (docs/refurbishment.md, "The diagnosis"): awaiting dispatch (item-moves-kit.ts), then
 * diagnosis in progress in the native stock "to refurbish", then refurbishment in progress with
 * one `item_refurb_steps` row per service and their planned cost on the item. For the tests of
 * the services' execution, without the diagnosis's own module.
 */

export interface PlannedService {
  name: string;
  costCents: number;
  kind?: 'standard' | 'data_erasure';
  erasureMethod?: string | null;
  /** The service the row was planned from (a demo service: seed/demo-ids.ts refurbSteps). */
  refurbStepId?: string | null;
  /** The stock the item waits in while it is run (a stock of the item's warehouse, or another's). */
  stockId?: string | null;
}

/** Moves a fresh store buyback's item into refurbishment; answers its services' ids in order. */
export async function itemInRefurbishment(
  ctx: RequestContext,
  itemId: string,
  services: PlannedService[],
): Promise<string[]> {
  await advanceItem(ctx, itemId, 'item_completed_by_price');
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id: itemId }, { forUpdate: true });
    if (!item.warehouse_id) throw new Error('the item has no warehouse');
    const toRefurbish = await findNativeStock(tx, item.warehouse_id, 'to_refurbish');
    await moveItem(tx, item, {
      to: 'item_refurb_diagnostic_in_progress',
      reason: 'refurb_diagnosis_started',
      stockId: toRefurbish?.id ?? null,
    });
    await moveItem(tx, item, {
      to: 'item_refurb_in_progress',
      reason: 'refurb_diagnosis_finalized',
      columns: { planned_refurb_cost_cents: services.reduce((sum, s) => sum + s.costCents, 0) },
    });
    if (services.length === 0) return [];
    const warehouse = await tx.trx
      .selectFrom('organizations')
      .select('account_id')
      .where('id', '=', item.warehouse_id)
      .executeTakeFirstOrThrow();
    const rows = await tx.trx
      .insertInto('item_refurb_steps')
      .values(
        services.map((service, position) => ({
          item_id: item.id,
          account_id: warehouse.account_id,
          warehouse_id: item.warehouse_id as string,
          refurb_step_id: service.refurbStepId ?? null,
          name: service.name,
          kind: service.kind ?? 'standard',
          erasure_method: service.erasureMethod ?? null,
          cost_cents: service.costCents,
          position,
          stock_id: service.stockId ?? null,
        })),
      )
      .returning(['id', 'position'])
      .execute();
    return rows.sort((a, b) => a.position - b.position).map((row) => row.id);
  });
}
