import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Who } from '../../../test/api-kit';
import { type BuybackKit, STORE, startBuybackKit } from '../../../test/buyback-kit';
import { compactBuybackCounts } from './buyback-counts.repository';

let k: BuybackKit;
beforeAll(async () => {
  k = await startBuybackKit();
});
afterAll(() => k.close());

const WHO: Who[] = ['admin', 'rmu', 'mu', 'seller', 'buyer', 'warehouse', 'otherRmu'];
const FILTERS = [
  '',
  '&status[]=bb_awaiting_inventory',
  '&status[]=bb_cancelled&status[]=bb_awaiting_store_drop',
  `&store[]=${STORE}`,
  '&predeclared=true',
];

const total = async (who: Who, query: string) => {
  const res = await k.get(who, `/api/buybacks?itemsPerPage=1${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().totalItems as number;
};

/**
 * Every actor's totals without a text or date filter (from buyback_counts) against the same list
 * counted from the buybacks (a date filter that every buyback passes takes the count instead).
 */
async function expectTotalsCounted() {
  for (const who of WHO)
    for (const filter of FILTERS)
      expect([who, filter, await total(who, filter)]).toEqual([
        who,
        filter,
        await total(who, `${filter}&createdAt[after]=2000-01-01`),
      ]);
}

describe("the buyback list's totals from buyback_counts (migration 016)", () => {
  it("equal the count of each actor's buybacks, with each filter they cover", async () => {
    expect(await total('rmu', '')).toBeGreaterThan(0);
    await expectTotalsCounted();
  });

  it('follow creations, status changes and deletions', async () => {
    const before = await total('rmu', '');
    const cancelledBefore = await total('rmu', '&status[]=bb_cancelled');
    const created = await k.createBuyback();
    const cancelled = await k.createBuyback();
    expect(await total('rmu', '')).toBe(before + 2);
    const res = await k.post('rmu', `/api/buybacks/${cancelled.id}/cancel`, {
      reason: 'customer_retraction',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await total('rmu', '&status[]=bb_cancelled')).toBe(cancelledBefore + 1);
    await expectTotalsCounted();
    // no route deletes a buyback: the trigger's third case, as an operator's SQL would
    await k.t.db.transaction().execute(async (trx) => {
      for (const table of ['buyback_status_events', 'buyback_items', 'payments'] as const)
        await sql`DELETE FROM ${sql.table(table)} WHERE buyback_id = ${created.id}`.execute(trx);
      await sql`DELETE FROM buybacks WHERE id = ${created.id}`.execute(trx);
    });
    expect(await total('rmu', '')).toBe(before + 1);
    await expectTotalsCounted();
  });

  it('compacting leaves one row per key and the same totals', async () => {
    // rows, and keys whose rows do not sum to zero (a compacted key keeps one row, a zero one none)
    const rows = async () =>
      (
        await sql<{ rows: number; keys: number }>`
          SELECT (SELECT count(*) FROM buyback_counts)::int AS rows, count(*)::int AS keys
            FROM (SELECT 1 FROM buyback_counts
                   GROUP BY account_id, organization_path, store_id, buyer_account_id,
                            destination_warehouse_id, predeclared, status
                  HAVING sum(n) <> 0) AS k`.execute(k.t.db)
      ).rows[0] as { rows: number; keys: number };
    const before = await rows();
    expect(before.rows).toBeGreaterThan(before.keys);
    expect(await compactBuybackCounts(k.t.db)).toBe(before.rows - before.keys);
    expect(await rows()).toEqual({ rows: before.keys, keys: before.keys });
    await expectTotalsCounted();
  });
});
