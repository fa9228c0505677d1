import type { Selectable, Updateable } from 'kysely';
import type { DispatchCircuitRulesTable } from '../../../platform/db.types';
import {
  type BaseContext,
  type BaseTxContext,
  type Reader,
  readerOf,
} from '../../../platform/request-context';
import { updateOwned } from '../../../platform/scoped-writes';

export type DispatchCircuitRuleRow = Selectable<DispatchCircuitRulesTable> & {
  circuit_name: string;
  circuit_type: string;
  circuit_channel: string;
  circuit_status: string;
  circuit_countries: string[];
};

/** Rules of the account read (null: every account, for platform operators: config-scope.ts `readAccount`). */
function base(db: Reader, accountId: string | null) {
  let q = db
    .selectFrom('dispatch_circuit_rules as r')
    .innerJoin('circuits as c', 'c.id', 'r.circuit_id')
    .selectAll('r')
    .select([
      'c.name as circuit_name',
      'c.type as circuit_type',
      'c.channel as circuit_channel',
      'c.status as circuit_status',
      'c.eligible_countries as circuit_countries',
    ]);
  if (accountId) q = q.where('r.account_id', '=', accountId);
  return q;
}

export async function listDispatchCircuitRules(
  ctx: BaseContext,
  accountId: string | null,
  filter: { status?: string; circuit?: string; category?: string; offset: number; limit: number },
): Promise<{ rows: DispatchCircuitRuleRow[]; total: number }> {
  const db = readerOf(ctx);
  let q = base(db, accountId);
  let count = db.selectFrom('dispatch_circuit_rules as r').select((eb) => eb.fn.countAll<number>().as('n'));
  if (accountId) count = count.where('r.account_id', '=', accountId);
  if (filter.status) {
    q = q.where('r.status', '=', filter.status);
    count = count.where('r.status', '=', filter.status);
  }
  if (filter.circuit) {
    q = q.where('r.circuit_id', '=', filter.circuit);
    count = count.where('r.circuit_id', '=', filter.circuit);
  }
  if (filter.category) {
    const category = filter.category;
    q = q.where('r.id', 'in', (eb) =>
      eb
        .selectFrom('dispatch_circuit_rule_categories')
        .select('dispatch_circuit_rule_id')
        .where('category_id', '=', category),
    );
    count = count.where('r.id', 'in', (eb) =>
      eb
        .selectFrom('dispatch_circuit_rule_categories')
        .select('dispatch_circuit_rule_id')
        .where('category_id', '=', category),
    );
  }
  const rows = await q.orderBy('c.name').orderBy('r.id').offset(filter.offset).limit(filter.limit).execute();
  return { rows, total: Number((await count.executeTakeFirstOrThrow()).n) };
}

export async function findDispatchCircuitRule(
  ctx: BaseContext,
  accountId: string | null,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DispatchCircuitRuleRow | undefined> {
  let q = base(readerOf(ctx), accountId).where('r.id', '=', id);
  if (options.forUpdate) q = q.forUpdate('r');
  return q.executeTakeFirst();
}

export async function updateDispatchCircuitRule(
  tx: BaseTxContext,
  id: string,
  values: Updateable<DispatchCircuitRulesTable>,
) {
  await updateOwned(tx, 'dispatch_circuit_rules')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
