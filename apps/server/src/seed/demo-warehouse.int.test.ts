import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ItemStatus,
  WarehouseDispatchCondition,
  warehouseDispatchRuleViolations,
} from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, startApiKit } from '../../test/api-kit';
import { DEMO } from '../../test/test-app';
import { BUYBACK_STATUS_OF_ITEM } from '../modules/buyback-lifecycle/buyback-statuses';

/**
 * The warehouse demo (seed/demo-warehouse.ts): items of Demo Retail sent to Saint-Priest at every
 * step of the reception, each with a history that follows the item table step by step, made by
 * the demo users who would make it; its buybacks following their items; the counter-offers; the
 * dispatch rules; the codes README gives to try the check-in.
 */

const W = DEMO.warehouseItems;
const O = DEMO.orgs;

/** Each demo item's status, and its native stock (null: out of any stock). */
const EXPECTED: [number: string, status: ItemStatus, stock: string | null][] = [
  ...W.inTransit.map((n) => [n, 'item_in_transit', null] as [string, ItemStatus, null]),
  ...W.registered.map(
    (n) => [n, 'item_registered_in_warehouse', 'awaiting_control'] as [string, ItemStatus, string],
  ),
  [W.awaitingCompliancyTests, 'item_awaiting_compliancy_tests', 'awaiting_control'],
  [W.completedByPrice, 'item_completed_by_price', 'awaiting_control'],
  [W.completedWithAbsorption, 'item_completed_with_absorption', 'awaiting_control'],
  [W.completedWithNegotiation, 'item_completed_with_negociation', 'awaiting_control'],
  [W.openCounterOffer, 'item_awaiting_compliancy_tests', 'awaiting_control'],
  [W.inQuarantineLocked, 'item_in_quarantine', 'in_quarantine'],
  [W.inQuarantineStolen, 'item_in_quarantine', 'in_quarantine'],
  [W.toReturn, 'item_to_return', 'customer_return'],
  [W.returned, 'item_returned', null],
  [W.lostInStore, 'item_lost_store', null],
  [W.lostInTransport, 'item_lost_transport', null],
  [W.lostInWarehouse, 'item_lost_warehouse', 'awaiting_control'],
];

let k: ApiKit;
let items: Awaited<ReturnType<typeof loadItems>>;
let operator: string;

const loadItems = () =>
  k.t.db
    .selectFrom('buyback_items as i')
    .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
    .leftJoin('stocks as st', 'st.id', 'i.stock_id')
    .select([
      'i.id',
      'i.identification_number',
      'i.status',
      'i.warehouse_id',
      'i.buyer_account_id',
      'i.controlled_state',
      'i.controlled_price_cents',
      'i.controlled_answers',
      'i.validated_price_cents',
      'i.absorbed_cents',
      'i.quarantine_reason',
      'i.latest_move_at',
      'st.native_kind as stock',
      'b.id as buyback_id',
      'b.status as buyback_status',
      'b.account_id',
      'b.store_id',
      'b.destination_warehouse_id',
      'b.declared_state',
      'b.total_cents',
      'b.created_at',
    ])
    .where(
      'i.identification_number',
      'in',
      EXPECTED.map(([n]) => n),
    )
    .execute();

const eventsOf = (itemId: string) =>
  k.t.db
    .selectFrom('item_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .leftJoin('stocks as st', 'st.id', 'e.stock_id')
    .select([
      'e.at',
      'e.from_status',
      'e.to_status',
      'u.email',
      'e.organization_id',
      'st.native_kind',
      'e.reason',
    ])
    .where('e.item_id', '=', itemId)
    .orderBy('e.id')
    .execute();

const itemOf = (number: string) =>
  items.find((i) => i.identification_number === number) as (typeof items)[number];

beforeAll(async () => {
  k = await startApiKit();
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  items = await loadItems();
});
afterAll(() => k.close());

describe('the refurbishment demo', () => {
  const R = DEMO.refurbishmentItems;
  const load = (number: string) =>
    k.t.db
      .selectFrom('buyback_items as i')
      .leftJoin('stocks as st', 'st.id', 'i.stock_id')
      .select([
        'i.id',
        'i.status',
        'i.stock_id',
        'i.planned_refurb_cost_cents',
        'i.completed_refurb_cost_cents',
      ])
      .select(['st.name as stock_name', 'st.native_kind'])
      .where('i.identification_number', '=', number)
      .executeTakeFirstOrThrow();
  const servicesOf = (itemId: string) =>
    k.t.db
      .selectFrom('item_refurb_steps')
      .select(['name', 'status', 'cost_cents', 'position'])
      .where('item_id', '=', itemId)
      .orderBy('position')
      .execute();

  it('has a diagnosis in progress, services under way or cancelled, and an item refurbished with its certificate', async () => {
    const inProgress = await load(R.diagnosisInProgress);
    expect([inProgress.status, inProgress.native_kind]).toEqual([
      'item_refurb_diagnostic_in_progress',
      'to_refurbish',
    ]);
    expect(await servicesOf(inProgress.id)).toEqual([]);

    const underWay = await load(R.servicesUnderWay);
    expect(underWay.status).toBe('item_refurb_in_progress');
    const services = await servicesOf(underWay.id);
    expect(services.map((s) => [s.name, s.status])).toEqual([
      ["Remplacement de l'écran", 'completed'],
      ['Remplacement de la batterie', 'paused'],
      ['Nettoyage complet', 'in_progress'],
      ['Effacement certifié des données', 'to_do'],
    ]);
    expect(underWay.planned_refurb_cost_cents).toBe(services.reduce((sum, s) => sum + s.cost_cents, 0));
    expect(underWay.completed_refurb_cost_cents).toBe(services[0]?.cost_cents);

    const cancelled = await servicesOf((await load(R.serviceCancelled)).id);
    expect(cancelled.map((s) => s.status)).toEqual(['to_do', 'cancelled']);

    const refurbished = await load(R.refurbished);
    expect([refurbished.status, refurbished.stock_name]).toEqual([
      'item_refurb_completed',
      'Étagère revente A',
    ]);
    expect((await servicesOf(refurbished.id)).every((s) => s.status === 'completed')).toBe(true);
    expect(refurbished.completed_refurb_cost_cents).toBe(refurbished.planned_refurb_cost_cents);
    const certificates = await k.t.db
      .selectFrom('erasure_certificates')
      .select(['item_id', 'operator_name'])
      .where('item_id', '=', refurbished.id)
      .execute();
    expect(certificates).toHaveLength(1);
  });

  it('has a closed warehouse package that dispatched a refurbished item, and an open store package', async () => {
    const packages = await k.t.db
      .selectFrom('packages as p')
      .innerJoin('package_items as pi', 'pi.package_id', 'p.id')
      .innerJoin('buyback_items as i', 'i.id', 'pi.item_id')
      .select([
        'p.kind',
        'p.status',
        'p.with_label',
        'p.tracking_number',
        'i.identification_number',
        'i.status as item_status',
        'i.dispatched_at',
        'i.stock_id',
      ])
      .orderBy('p.number')
      .execute();
    expect(packages).toMatchObject([
      {
        kind: 'warehouse',
        status: 'closed',
        with_label: true,
        identification_number: R.dispatched,
        item_status: 'item_refurb_completed',
        stock_id: null,
      },
      {
        kind: 'store',
        status: 'open',
        with_label: false,
        identification_number: R.packedInStore,
        item_status: 'item_awaiting_inventory',
        dispatched_at: null,
      },
    ]);
    expect(packages[0]?.dispatched_at).not.toBeNull();
    expect(packages[0]?.tracking_number).toBeTruthy();
  });
});

describe('the warehouse demo', () => {
  it('has an item at each step of the reception, sent by Demo Retail Paris Rivoli to Saint-Priest, its buyback following it', () => {
    expect(items).toHaveLength(EXPECTED.length);
    for (const [number, status, stock] of EXPECTED) {
      const item = itemOf(number);
      expect([number, item.status, item.stock]).toEqual([number, status, stock]);
      expect(item).toMatchObject({
        account_id: DEMO.accounts.demoRetail,
        store_id: O.storeParis,
        warehouse_id: O.warehouseSaintPriest,
        destination_warehouse_id: O.warehouseSaintPriest,
        buyer_account_id: DEMO.accounts.demoBuyer,
        buyback_status: BUYBACK_STATUS_OF_ITEM[status],
      });
    }
  });

  it('gives each item a history that follows the item table, step by step, dated in order, by who makes each step', async () => {
    const makers: Record<string, string | null> = {
      sent: 'store_seller@demo.test',
      checkin: 'warehouse_operator@demo.test',
      control_started: 'warehouse_operator@demo.test',
      control: 'warehouse_operator@demo.test',
      counter_offer: 'warehouse_operator@demo.test',
      quarantine: 'warehouse_operator@demo.test',
      quarantine_release: 'warehouse_manager@demo.test',
      returned: 'warehouse_operator@demo.test',
      // the customer answers on the public site: no user
      litigation_accepted: null,
      litigation_rejected: null,
    };
    for (const [number, status] of EXPECTED) {
      const item = itemOf(number);
      const events = await eventsOf(item.id);
      expect(events.length).toBeGreaterThan(0);
      let at = new Date(item.created_at).getTime();
      let current: string = 'item_awaiting_inventory';
      for (const event of events) {
        expect([number, event.from_status]).toEqual([number, current]);
        current = event.to_status;
        const time = new Date(event.at).getTime();
        expect(time).toBeGreaterThan(at);
        at = time;
        const expected =
          event.reason === 'loss'
            ? status === 'item_lost_store'
              ? 'store_seller@demo.test'
              : 'warehouse_operator@demo.test'
            : makers[event.reason as string];
        expect([number, event.reason, event.email]).toEqual([number, event.reason, expected]);
        // with the store until it reaches the warehouse
        const atStore =
          ['sent', 'loss'].includes(event.reason as string) && event.to_status !== 'item_lost_warehouse';
        expect([number, event.reason, event.organization_id]).toEqual([
          number,
          event.reason,
          atStore ? O.storeParis : O.warehouseSaintPriest,
        ]);
      }
      expect([number, current]).toEqual([number, status]);
      expect(new Date(item.latest_move_at as Date).getTime()).toBe(at);
      // the history's last stock is the item's
      expect([number, events.at(-1)?.native_kind ?? null]).toEqual([number, item.stock]);
    }
  });

  it('controls items as the control prices them: by price, with an absorption within the allowance, by counter-offers', async () => {
    const byPrice = itemOf(W.completedByPrice);
    expect(byPrice).toMatchObject({
      controlled_state: byPrice.declared_state,
      controlled_price_cents: byPrice.total_cents,
      validated_price_cents: byPrice.total_cents,
      absorbed_cents: 0,
    });
    const absorbed = itemOf(W.completedWithAbsorption);
    expect(absorbed.validated_price_cents).toBe(absorbed.total_cents);
    expect(absorbed.absorbed_cents).toBe(absorbed.total_cents - (absorbed.controlled_price_cents as number));
    // the laptops' allowance: 10 % of the declared price
    expect(absorbed.absorbed_cents).toBeGreaterThan(0);
    expect(absorbed.absorbed_cents).toBeLessThanOrEqual(absorbed.total_cents / 10);
    for (const item of items.filter((i) => i.controlled_state !== null))
      expect(Array.isArray(item.controlled_answers)).toBe(true);

    const litigations = await k.t.db.selectFrom('litigations').selectAll().orderBy('created_at').execute();
    const L = DEMO.warehouseLitigations;
    const byId = new Map(litigations.map((l) => [l.id, l]));
    for (const [id, number, status] of [
      [L.accepted, W.completedWithNegotiation, 'accepted'],
      [L.open, W.openCounterOffer, 'open'],
      [L.rejected, W.returned, 'rejected'],
    ] as const) {
      const item = itemOf(number);
      const litigation = byId.get(id);
      expect(litigation).toMatchObject({
        status,
        item_id: item.id,
        buyback_id: item.buyback_id,
        account_id: DEMO.accounts.demoRetail,
        buyer_account_id: DEMO.accounts.demoBuyer,
        declared_price_cents: item.total_cents,
        proposed_price_cents: item.controlled_price_cents,
      });
      expect(litigation?.proposed_price_cents).toBeLessThan(item.total_cents);
      expect(litigation?.resolved_at === null).toBe(status === 'open');
      expect(litigation?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(itemOf(W.completedWithNegotiation).validated_price_cents).toBe(
      byId.get(L.accepted)?.proposed_price_cents,
    );
    expect([
      itemOf(W.inQuarantineLocked).quarantine_reason,
      itemOf(W.inQuarantineStolen).quarantine_reason,
    ]).toEqual(['locked', 'stolen_suspicion']);
  });

  it('gives README the in-transit codes, which the Saint-Priest operator finds (13 digits, and their last 8)', async () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
    for (const number of W.inTransit) {
      expect(readme).toContain(number);
      for (const code of [number, number.slice(-8)]) {
        const res = await k.t.app.inject({
          method: 'GET',
          url: `/api/items/by-code/${code}`,
          headers: { authorization: operator },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ identificationNumber: number, status: 'item_in_transit' });
      }
    }
  });

  it("has Demo Buyer's two warehouse dispatch rules, valid as the form checks them", async () => {
    const rules = await k.t.db
      .selectFrom('warehouse_dispatch_rules')
      .selectAll()
      .where('account_id', '=', DEMO.accounts.demoBuyer)
      .orderBy('position')
      .execute();
    expect(rules.map((r) => r.id)).toEqual([
      DEMO.warehouseDispatchRules.appleWebDrop,
      DEMO.warehouseDispatchRules.gradeECollected,
    ]);
    for (const rule of rules) {
      const destinations = await k.t.db
        .selectFrom('warehouse_dispatch_rule_warehouses')
        .select('warehouse_id')
        .where('rule_id', '=', rule.id)
        .execute();
      const conditions = WarehouseDispatchCondition.array().parse(rule.conditions);
      expect(
        warehouseDispatchRuleViolations({
          conditions,
          warehouseIds: destinations.map((d) => d.warehouse_id),
          defaultWarehouseId: rule.default_warehouse_id,
        }),
      ).toEqual([]);
    }
  });
});
