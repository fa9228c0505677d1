import type { BaseContext } from '../../platform/request-context';
import { chooseDestination, type DispatchRule, type DispatchSubject } from './dispatch-matching';
import * as repo from './warehouse-dispatch.repository';

/**
 * The warehouse dispatch rules applied to the lines of one buyback creation
 * (modules/buybacks/create-buybacks.service.ts): the rules of every buyer account concerned and
 * the store's coordinates are read once, then each line is matched (dispatch-matching.ts).
 */

export interface DispatchLine extends DispatchSubject {
  buyerAccountId: string;
}

/** Per line, in order: the rule's destination and the rule, or null where no rule decides. */
export async function chooseWarehouses(
  ctx: BaseContext,
  input: { storeId: string | null; lines: readonly DispatchLine[] },
): Promise<({ warehouseId: string; ruleId: string } | null)[]> {
  const accounts = [...new Set(input.lines.map((l) => l.buyerAccountId))];
  const rows = await repo.findRules(ctx, accounts);
  if (rows.length === 0) return input.lines.map(() => null);
  const [destinations, store] = await Promise.all([
    repo.findDestinations(
      ctx,
      rows.map((r) => r.id),
    ),
    input.storeId ? repo.findCoordinates(ctx, input.storeId) : Promise.resolve(null),
  ]);
  const byAccount = new Map<string, DispatchRule[]>();
  for (const row of rows) {
    const rule: DispatchRule = {
      id: row.id,
      conditions: row.conditions,
      defaultWarehouseId: row.default_warehouse_id,
      destinations: destinations
        .filter((d) => d.rule_id === row.id)
        .map((d) => ({
          id: d.id,
          active: d.status === 'active',
          coordinates:
            d.latitude !== null && d.longitude !== null
              ? { latitude: d.latitude, longitude: d.longitude }
              : null,
        })),
    };
    byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), rule]);
  }
  return input.lines.map((line) => chooseDestination(byAccount.get(line.buyerAccountId) ?? [], line, store));
}
