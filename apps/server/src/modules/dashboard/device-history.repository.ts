import { DEVICE_HISTORY_LIMIT } from '@reprise/shared';
import { sql } from 'kysely';
import { type RequestContext, readerOf } from '../../platform/request-context';
import { buybackScope } from '../buyback-lifecycle';

/**
 * Every buyback of one device the caller may see (the buyback list's scope), newest first: by
 * IMEI, declared at the buyback or recorded at the control, or by the serial number the control
 * recorded (migration 033's indexes). With each, its item's latest control event.
 */
export async function findDeviceBuybacks(ctx: RequestContext, device: { imei?: string; serial?: string }) {
  const scope = await buybackScope(ctx);
  let query = readerOf(ctx)
    .selectFrom('buybacks as b')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .leftJoin('organizations as s', 's.id', 'b.store_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('item_events as e')
          .select(['e.reason', 'e.to_status', 'e.at'])
          .whereRef('e.item_id', '=', 'i.id')
          .where('e.reason', 'in', ['control', 'counter_offer', 'litigation_accepted', 'quarantine'])
          .orderBy('e.id', 'desc')
          .limit(1)
          .as('c'),
      (join) => join.onTrue(),
    )
    .select([
      'b.id',
      'b.identification_number',
      'i.identification_number as item_identification_number',
      'b.created_at',
      'b.status',
      'i.status as item_status',
      'b.channel',
      's.common_name as store_name',
      'b.product_name',
      sql<string | null>`coalesce(i.imei, b.imei)`.as('imei'),
      'i.serial_number',
      'b.total_cents',
      'b.currency',
      'c.reason as control_reason',
      'c.to_status as control_to_status',
      'c.at as controlled_at',
    ])
    .where(scope);
  const { imei, serial } = device;
  if (imei !== undefined)
    query = query.where((eb) => eb.or([eb('i.imei', '=', imei), eb('b.imei', '=', imei)]));
  if (serial !== undefined) query = query.where('i.serial_number', '=', serial);
  return query.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(DEVICE_HISTORY_LIMIT).execute();
}
