import type { DashboardDataResponse, DeviceHistoryResponse, WeeklyFigures } from '@reprise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation } from '../../../test/api-kit';
import { type BuybackKit, CAT, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { systemContext } from '../../platform/request-context';
import { computeWeeklyStatistics, runWeeklyStatistics } from './statistics.service';

/**
 * The weekly statistics on a fixed week of known buybacks (docs/dashboard.md): the week of Monday
 * 5 March 2001, long before anything the demo or other tests write. Buybacks just before and just
 * after it, and one of another retailer, must not count.
 */
const WEEK = '2001-03-05';
const WEEK_BEFORE = '2001-02-26';
const IMEI = '356789012345670';
const SERIAL = 'SN-ABC-123';
const O = DEMO.orgs;

let kit: BuybackKit;
/** The test buybacks by name, with their item. */
const b: Record<string, { id: string; itemId: string }> = {};

async function pathOf(orgId: string) {
  const row = await kit.t.db
    .selectFrom('organizations')
    .select('path')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return row.path;
}

async function place(
  name: string,
  at: string,
  columns: {
    totalCents: number;
    channel?: string;
    status: string;
    paymentType: string;
    store?: string | null;
    warehouse: string;
    categoryId?: string;
    account?: string;
  },
) {
  const created = await kit.createBuyback();
  const id = created.id as string;
  const store = columns.store === undefined ? O.storeParis : columns.store;
  const path = await pathOf(
    store ?? (columns.account === DEMO.accounts.otherRetail ? O.otherRoot : O.retailRoot),
  );
  await kit.t.db
    .updateTable('buybacks')
    .set({
      total_cents: columns.totalCents,
      channel: columns.channel ?? (store ? 'store' : 'web'),
      status: columns.status,
      payment_type: columns.paymentType,
      store_id: store,
      organization_path: path,
      destination_warehouse_id: columns.warehouse,
      account_id: columns.account ?? DEMO.accounts.demoRetail,
      ...(columns.categoryId ? { category_id: columns.categoryId, category_label: 'Ordinateurs' } : {}),
    })
    .where('id', '=', id)
    .execute();
  await sql`UPDATE buybacks SET created_at = ${at}::timestamptz WHERE id = ${id}`.execute(kit.t.db);
  const item = await kit.t.db
    .selectFrom('buyback_items')
    .select('id')
    .where('buyback_id', '=', id)
    .executeTakeFirstOrThrow();
  if (columns.account) {
    await kit.t.db
      .updateTable('buyback_items')
      .set({ account_id: columns.account })
      .where('id', '=', item.id)
      .execute();
  }
  b[name] = { id, itemId: item.id };
}

async function event(name: string, at: string, reason: string, toStatus: string) {
  const item = b[name] as { itemId: string };
  const row = await kit.t.db
    .selectFrom('buyback_items')
    .select('account_id')
    .where('id', '=', item.itemId)
    .executeTakeFirstOrThrow();
  await kit.t.db
    .insertInto('item_events')
    .values({
      item_id: item.itemId,
      account_id: row.account_id,
      at: new Date(at),
      from_status: 'item_awaiting_compliancy_tests',
      to_status: toStatus,
      reason,
    })
    .execute();
}

async function refurbished(name: string, startedAt: string, completedAt: string, costCents: number) {
  const item = b[name] as { itemId: string };
  await kit.t.db
    .updateTable('buyback_items')
    .set({ refurb_completed_at: new Date(completedAt), completed_refurb_cost_cents: costCents })
    .where('id', '=', item.itemId)
    .execute();
  await kit.t.db
    .insertInto('refurb_diagnoses')
    .values({
      item_id: item.itemId,
      account_id: DEMO.accounts.demoBuyer,
      warehouse_id: O.warehouseSaintPriest,
      status: 'finalized',
      started_at: startedAt,
    })
    .execute();
}

const week = async (who: Parameters<BuybackKit['get']>[0], weekStart = WEEK) => {
  const res = await kit.get(who, `/api/dashboard-data?week=${weekStart}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardDataResponse;
};
const byKey = <T extends { key: string }>(bars: T[]) => [...bars].sort((x, y) => x.key.localeCompare(y.key));

beforeAll(async () => {
  kit = await startBuybackKit();
  const laptops = CAT.laptops as string;
  // in the week: its first instant, its last, a web buyback in the middle
  await place('first', '2001-03-05T00:00:00Z', {
    totalCents: 10_000,
    status: 'bb_completed_by_price',
    paymentType: 'bank_transfer',
    warehouse: O.warehouseSaintPriest,
  });
  await place('last', '2001-03-11T23:59:59.999Z', {
    totalCents: 5_000,
    status: 'bb_in_processing',
    paymentType: 'voucher',
    store: O.storeLille,
    warehouse: O.warehouseSaintPriest,
  });
  await place('web', '2001-03-07T12:00:00Z', {
    totalCents: 2_500,
    status: 'bb_completed_with_absorption',
    paymentType: 'gift_card',
    store: null,
    warehouse: O.warehouseRoubaix,
    categoryId: laptops,
  });
  // just outside the week, before and after
  await place('before', '2001-03-04T23:59:59.999Z', {
    totalCents: 7_000,
    status: 'bb_completed',
    paymentType: 'bank_transfer',
    warehouse: O.warehouseSaintPriest,
  });
  await place('after', '2001-03-12T00:00:00Z', {
    totalCents: 9_000,
    status: 'bb_awaiting_inventory',
    paymentType: 'bank_transfer',
    warehouse: O.warehouseSaintPriest,
  });
  // another retailer's, in the week (Other Retail is linked to Demo Buyer)
  await place('other', '2001-03-06T09:00:00Z', {
    totalCents: 4_000,
    status: 'bb_awaiting_inventory',
    paymentType: 'voucher',
    store: O.otherStore,
    warehouse: O.warehouseSaintPriest,
    account: DEMO.accounts.otherRetail,
  });
  await event('first', '2001-03-06T10:00:00Z', 'control', 'item_completed_by_price');
  await event('last', '2001-03-08T10:00:00Z', 'counter_offer', 'item_awaiting_compliancy_tests');
  await event('web', '2001-03-09T10:00:00Z', 'control', 'item_completed_with_absorption');
  await event('before', '2001-03-04T10:00:00Z', 'control', 'item_completed');
  await event('after', '2001-03-12T00:00:00Z', 'quarantine', 'item_in_quarantine');
  await event('other', '2001-03-06T11:00:00Z', 'control', 'item_completed_by_price');
  // refurbished in the week: 10 hours and 48 hours after their diagnosis began; one the week after
  await refurbished('first', '2001-03-10T02:00:00Z', '2001-03-10T12:00:00Z', 3_000);
  await refurbished('web', '2001-03-09T10:00:00Z', '2001-03-11T10:00:00Z', 5_000);
  await refurbished('after', '2001-03-12T01:00:00Z', '2001-03-12T05:00:00Z', 9_999);
  // the device searched by IMEI: declared at one buyback, recorded at the control of two others
  await kit.t.db
    .updateTable('buyback_items')
    .set({ imei: IMEI })
    .where('id', 'in', [b.first?.itemId as string, b.other?.itemId as string])
    .execute();
  await kit.t.db
    .updateTable('buybacks')
    .set({ imei: IMEI })
    .where('id', '=', b.before?.id as string)
    .execute();
  await kit.t.db
    .updateTable('buyback_items')
    .set({ serial_number: SERIAL })
    .where('id', '=', b.last?.itemId as string)
    .execute();
  const platform = systemContext(kit.t.deps, { kind: 'all' });
  await computeWeeklyStatistics(platform, WEEK_BEFORE);
  await computeWeeklyStatistics(platform, WEEK);
});

afterAll(() => kit.close());

describe('the weekly statistics of a fixed week', () => {
  it("a root manager's figures hold exactly the account's buybacks, controls and refurbishments of the week", async () => {
    const data = await week('rmu');
    expect(data.week).toBe(WEEK);
    expect(data.currency).toBe('EUR');
    const f = data.figures as WeeklyFigures;
    expect(f.buybacks).toEqual({ count: 3, valueCents: 17_500 });
    expect(byKey(f.byChannel)).toEqual([
      { key: 'store', label: null, count: 2, valueCents: 15_000 },
      { key: 'web', label: null, count: 1, valueCents: 2_500 },
    ]);
    expect(byKey(f.byStatus)).toEqual([
      { key: 'bb_completed_by_price', label: null, count: 1, valueCents: 10_000 },
      { key: 'bb_completed_with_absorption', label: null, count: 1, valueCents: 2_500 },
      { key: 'bb_in_processing', label: null, count: 1, valueCents: 5_000 },
    ]);
    expect(byKey(f.byStore)).toEqual(
      byKey([
        { key: O.storeParis, label: expect.any(String), count: 1, valueCents: 10_000 },
        { key: O.storeLille, label: expect.any(String), count: 1, valueCents: 5_000 },
        { key: 'none', label: null, count: 1, valueCents: 2_500 },
      ]),
    );
    expect(f.byCategory).toEqual([
      expect.objectContaining({ label: expect.stringMatching(/ › /), count: 2, valueCents: 15_000 }),
      { key: CAT.laptops, label: 'Ordinateurs', count: 1, valueCents: 2_500 },
    ]);
    expect(byKey(f.byPaymentType)).toEqual([
      { key: 'bank_transfer', label: null, count: 1, valueCents: 10_000 },
      { key: 'gift_card', label: null, count: 1, valueCents: 2_500 },
      { key: 'voucher', label: null, count: 1, valueCents: 5_000 },
    ]);
    expect(f.controls).toEqual([
      { outcome: 'absorption', count: 1 },
      { outcome: 'by_price', count: 1 },
      { outcome: 'counter_offer', count: 1 },
    ]);
    expect(f.refurbishment).toEqual({
      count: 2,
      costCents: 8_000,
      timedCount: 2,
      durationSeconds: 58 * 3600,
    });
    expect(f.ecoImpact).toEqual({
      devices: 2,
      co2eGrams: 180_000,
      byKind: [
        { kind: 'laptops', devices: 1, co2eGrams: 150_000 },
        { kind: 'smartphones', devices: 1, co2eGrams: 30_000 },
      ],
    });
    // the week before holds only the buyback of its last instant and its control
    const previous = data.previous as WeeklyFigures;
    expect(previous.buybacks).toEqual({ count: 1, valueCents: 7_000 });
    expect(previous.controls).toEqual([{ outcome: 'completed', count: 1 }]);
    expect(data.weeks).toEqual(expect.arrayContaining([WEEK, WEEK_BEFORE]));
  });

  it("a store's users see their store only, a management unit's its stores, not the web buybacks of the root", async () => {
    const store = (await week('seller')).figures as WeeklyFigures;
    expect(store.buybacks).toEqual({ count: 1, valueCents: 10_000 });
    expect(store.controls).toEqual([{ outcome: 'by_price', count: 1 }]);
    expect(store.refurbishment).toEqual({
      count: 1,
      costCents: 3_000,
      timedCount: 1,
      durationSeconds: 10 * 3600,
    });
    expect((await week('storeManager')).figures).toEqual(store);
    const unit = (await week('mu')).figures as WeeklyFigures;
    expect(unit.buybacks).toEqual({ count: 2, valueCents: 15_000 });
  });

  it('another retailer sees only its own buyback, and the week before as empty figures', async () => {
    const data = await week('otherRmu');
    expect(data.figures?.buybacks).toEqual({ count: 1, valueCents: 4_000 });
    expect(data.figures?.byStore).toEqual([expect.objectContaining({ key: O.otherStore, count: 1 })]);
    expect(data.previous?.buybacks).toEqual({ count: 0, valueCents: 0 });
  });

  it("a warehouse user sees its warehouse's buybacks across retailers, the buyer every linked retailer's", async () => {
    const warehouse = (await week('warehouse')).figures as WeeklyFigures;
    expect(warehouse.buybacks).toEqual({ count: 3, valueCents: 19_000 });
    expect(warehouse.controls).toEqual([
      { outcome: 'by_price', count: 2 },
      { outcome: 'counter_offer', count: 1 },
    ]);
    const buyer = (await week('buyer')).figures as WeeklyFigures;
    expect(buyer.buybacks).toEqual({ count: 4, valueCents: 21_500 });
    expect(buyer.ecoImpact.devices).toBe(3);
  });

  it('platform operators see every account', async () => {
    expect((await week('admin')).figures?.buybacks).toEqual({ count: 4, valueCents: 21_500 });
  });

  it('computing a week again replaces its rows with the same ones', async () => {
    const rows = () =>
      kit.t.db
        .selectFrom('weekly_statistics')
        .select(['scope_kind', 'scope_id', 'account_id', 'figures'])
        .where('week_start', '=', WEEK)
        .orderBy('scope_kind')
        .orderBy('scope_id')
        .execute();
    const first = await rows();
    await computeWeeklyStatistics(systemContext(kit.t.deps, { kind: 'all' }), WEEK);
    expect(await rows()).toEqual(first);
  });

  it('the Monday job computes the ISO week before its run, through the queue as well', async () => {
    await runWeeklyStatistics(
      systemContext(kit.t.deps, { kind: 'all' }),
      {},
      new Date('2001-03-18T23:59:00Z'),
    );
    expect((await week('rmu')).figures?.buybacks).toEqual({ count: 3, valueCents: 17_500 });
    await kit.t.db
      .transaction()
      .execute((trx) => kit.t.jobs.send(trx, 'weekly-statistics', { week: '2001-03-12' }));
    await expect
      .poll(async () => (await kit.get('rmu', '/api/dashboard-data?week=2001-03-12')).statusCode, {
        timeout: 15_000,
      })
      .toBe(200);
    expect((await week('rmu', '2001-03-12')).figures?.buybacks).toEqual({ count: 1, valueCents: 9_000 });
  });

  it('without a week, the latest computed week is shown', async () => {
    const latest = await kit.t.db
      .selectFrom('statistics_weeks')
      .select(sql<string>`max(week_start)::text`.as('week'))
      .executeTakeFirstOrThrow();
    const res = await kit.get('rmu', '/api/dashboard-data');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().week).toBe(latest.week);
  });

  it('refuses a day that is no Monday, and answers 404 for a week not computed', async () => {
    expectViolation(await kit.get('rmu', '/api/dashboard-data?week=2001-03-06'), 'week_invalid', 'week');
    expectViolation(await kit.get('rmu', '/api/dashboard-data?week=2001-02-30'), 'week_invalid', 'week');
    expectProblem(
      await kit.get('rmu', '/api/dashboard-data?week=1999-01-04'),
      404,
      'statistics_week_not_computed',
    );
  });
});

describe('the device history', () => {
  const history = async (who: Parameters<BuybackKit['get']>[0], query: string) => {
    const res = await kit.get(who, `/api/device-history?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as DeviceHistoryResponse).member;
  };

  it('finds every visible buyback of an IMEI, declared or controlled, newest first, with its control outcome', async () => {
    const found = await history('seller', `imei=${IMEI}`);
    expect(found.map((e) => e.buybackId)).toEqual([b.first?.id, b.before?.id]);
    expect(found[0]).toMatchObject({
      priceCents: 10_000,
      controlOutcome: 'by_price',
      imei: IMEI,
      currency: 'EUR',
    });
    expect(found[1]).toMatchObject({ controlOutcome: 'completed' });
  });

  it("another retailer finds only its own buyback of the device; a store does not see another store's", async () => {
    expect((await history('otherSeller', `imei=${IMEI}`)).map((e) => e.buybackId)).toEqual([b.other?.id]);
    expect(await history('storeManager', `serial=${SERIAL}`)).toEqual([]);
    expect((await history('rmu', `serial=${SERIAL}`)).map((e) => e.buybackId)).toEqual([b.last?.id]);
  });

  it('validates the IMEI (15 to 17 digits), the serial number, and asks for exactly one', async () => {
    expectViolation(await kit.get('seller', '/api/device-history?imei=12345'), 'imei_invalid', 'imei');
    expectViolation(
      await kit.get('seller', '/api/device-history?imei=356789012345670123'),
      'imei_invalid',
      'imei',
    );
    expectViolation(
      await kit.get('seller', '/api/device-history?serial=a'),
      'serial_number_invalid',
      'serial',
    );
    expectViolation(await kit.get('seller', '/api/device-history'), 'device_search_required', 'imei');
    expectViolation(
      await kit.get('seller', `/api/device-history?imei=${IMEI}&serial=${SERIAL}`),
      'device_search_required',
      'imei',
    );
  });
});

describe('before any week is computed', () => {
  it('the dashboard answers no week and no figures (the screen shows its empty state)', async () => {
    await kit.t.db.deleteFrom('statistics_weeks').execute();
    const res = await kit.get('seller', '/api/dashboard-data');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      week: null,
      computedAt: null,
      currency: 'EUR',
      figures: null,
      previous: null,
      weeks: [],
    });
    expect(await kit.t.db.selectFrom('weekly_statistics').select('scope_id').execute()).toEqual([]);
  });
});
