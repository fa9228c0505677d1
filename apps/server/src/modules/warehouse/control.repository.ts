import { type BaseContext, readerOf } from '../../platform/request-context';

/**
 * Reads of the warehouse control: what the buyback was declared and priced with, the absorption
 * of its category and the retailer's rules (premium features, warehouse comment). The item itself
 * is read through buyback-lifecycle/items.repository.ts (scoped to the actor).
 */

export async function findControlFacts(ctx: BaseContext, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('buybacks as b')
    .innerJoin('categories as c', 'c.id', 'b.category_id')
    .leftJoin('organization_root_details as rd', 'rd.account_id', 'b.account_id')
    .select([
      'b.answers',
      'b.pricing_input',
      'b.declared_state',
      'b.total_cents',
      'c.absorption_type',
      'c.absorption_value',
      'rd.enabled_premium_features',
      'rd.is_warehouse_comment_mandatory',
      'rd.is_warehouse_comment_shared_to_client',
    ])
    .where('b.id', '=', buybackId)
    .executeTakeFirst();
}

export type ControlFacts = NonNullable<Awaited<ReturnType<typeof findControlFacts>>>;
