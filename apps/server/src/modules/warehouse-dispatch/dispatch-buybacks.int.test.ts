import type { BuybackResponse, WarehouseDispatchRuleResponse } from '@reprise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answersFor,
  type BuybackKit,
  CAT,
  CIRCUIT,
  customer,
  IBAN,
  key,
  PM,
  startBuybackKit,
} from '../../../test/buyback-kit';
import { addBuyer } from '../../../test/buyer-kit';
import { DEMO } from '../../../test/test-app';

const O = DEMO.orgs;
const BASE = '/api/warehouse-dispatch-rules';

let k: BuybackKit;
let apple: string;
let samsung: string;

beforeAll(async () => {
  k = await startBuybackKit();
  apple = await k.newProduct({ brand: 'Apple', mainCategoryId: CAT['smartphones-apple'] });
  samsung = await k.newProduct({
    name: 'Dispatch test Samsung',
    brand: 'Samsung',
    mainCategoryId: CAT['smartphones-samsung'],
  });
});
afterAll(() => k.close());

beforeEach(async () => {
  await k.t.db.deleteFrom('warehouse_dispatch_rule_warehouses').execute();
  await k.t.db.deleteFrom('warehouse_dispatch_rules').execute();
});

async function rule(over: Record<string, unknown>): Promise<WarehouseDispatchRuleResponse> {
  const res = await k.post('buyer', BASE, {
    title: 'Vers Roubaix',
    warehouseIds: [O.warehouseRoubaix],
    defaultWarehouseId: O.warehouseRoubaix,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const brandIs = (...values: string[]) => [{ attribute: 'brand', operator: 'is', values }];

/** A store buyback at Paris (store drop: the circuit sends it to Saint-Priest). */
const buyback = (productId: string, over: Record<string, unknown> = {}) =>
  k.createBuyback({ productId, ...over });

async function itemWarehouse(b: BuybackResponse): Promise<string | null> {
  const row = await k.t.db
    .selectFrom('buyback_items')
    .select('warehouse_id')
    .where('id', '=', b.item.id)
    .executeTakeFirstOrThrow();
  return row.warehouse_id;
}

/** Runs `work` with an organisation's columns changed, then puts them back. */
async function withOrganization(
  id: string,
  change: { status?: string; latitude?: number | null; longitude?: number | null },
  work: () => Promise<void>,
) {
  const before = await k.t.db
    .selectFrom('organizations')
    .select(['status', 'latitude', 'longitude'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await k.t.db.updateTable('organizations').set(change).where('id', '=', id).execute();
  try {
    await work();
  } finally {
    await k.t.db.updateTable('organizations').set(before).where('id', '=', id).execute();
  }
}

describe('warehouse dispatch at buyback creation', () => {
  it('without a matching rule the circuit decides, and no rule is named', async () => {
    await rule({ conditions: brandIs('Samsung') });
    const b = await buyback(apple);
    expect(b.destinationWarehouse).toEqual({
      id: O.warehouseSaintPriest,
      commonName: 'Entrepôt Saint-Priest',
    });
    expect(b.warehouseDispatchRule).toBeNull();
    expect(await itemWarehouse(b)).toBe(O.warehouseSaintPriest);
  });

  it('the matching rule chooses the warehouse: stored on the buyback and its item, shown on GET /api/buybacks/{id}', async () => {
    const r = await rule({ title: 'Apple à Roubaix', conditions: brandIs('aPPLE ') });
    const b = await buyback(apple);
    expect(b.warehouseId).toBe(O.warehouseRoubaix);
    expect(b.destinationWarehouse).toEqual({ id: O.warehouseRoubaix, commonName: 'Atelier Roubaix' });
    expect(b.warehouseDispatchRule).toEqual({ id: r.id, title: 'Apple à Roubaix' });
    expect(await itemWarehouse(b)).toBe(O.warehouseRoubaix);
    const stored = await k.t.db
      .selectFrom('buybacks')
      .select(['destination_warehouse_id', 'warehouse_dispatch_rule_id', 'warehouse_id'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    // the circuit's own warehouse stays on record; the destination is the rule's
    expect(stored).toEqual({
      destination_warehouse_id: O.warehouseRoubaix,
      warehouse_dispatch_rule_id: r.id,
      warehouse_id: O.warehouseSaintPriest,
    });
    for (const who of ['seller', 'buyer'] as const) {
      const read = await k.get(who, `/api/buybacks/${b.id}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({
        destinationWarehouse: { id: O.warehouseRoubaix, commonName: 'Atelier Roubaix' },
        warehouseDispatchRule: { id: r.id, title: 'Apple à Roubaix' },
      });
    }
    const infos = (await k.get('seller', `/api/buybacks/${b.id}/additional-infos`)).json();
    expect(infos.warehouse).toMatchObject({ id: O.warehouseRoubaix, city: 'Roubaix' });
    // the warehouse it is sent to sees it; the one the circuit names does not
    const roubaix = await k.get('warehouse', `/api/buybacks/${b.id}`);
    expect(roubaix.statusCode).toBe(404);
    // the audit of the creation names the rule
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_type', '=', 'buyback')
      .where('entity_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({
      destinationWarehouseId: O.warehouseRoubaix,
      warehouseDispatchRuleId: r.id,
    });
  });

  it('`is not` negates a condition', async () => {
    const r = await rule({ conditions: [{ attribute: 'brand', operator: 'is_not', values: ['Apple'] }] });
    expect((await buyback(apple)).warehouseDispatchRule).toBeNull();
    const b = await buyback(samsung);
    expect(b.warehouseDispatchRule?.id).toBe(r.id);
    expect(b.destinationWarehouse?.id).toBe(O.warehouseRoubaix);
  });

  it("a category condition holds for the buyback's category and its ancestors", async () => {
    const top = await rule({
      conditions: [{ attribute: 'category', operator: 'is', values: [CAT.smartphones] }],
    });
    expect((await buyback(apple)).warehouseDispatchRule?.id).toBe(top.id);
    await k.remove('buyer', `${BASE}/${top.id}`);
    const laptops = await rule({
      conditions: [{ attribute: 'category', operator: 'is', values: [CAT.laptops] }],
    });
    expect((await buyback(apple)).warehouseDispatchRule).toBeNull();
    await k.remove('buyer', `${BASE}/${laptops.id}`);
    // `is not` a top category excludes its descendants too
    await rule({
      conditions: [{ attribute: 'category', operator: 'is_not', values: [CAT.smartphones] }],
    });
    expect((await buyback(samsung)).warehouseDispatchRule).toBeNull();
  });

  it('every condition must hold: circuit type and declared state with the brand', async () => {
    const first = await buyback(apple);
    const state = first.declaredState;
    const wrongCircuit = await rule({
      title: 'Collecte seulement',
      conditions: [...brandIs('Apple'), { attribute: 'circuit', operator: 'is', values: ['store_collect'] }],
    });
    const wrongState = await rule({
      title: 'Autre état',
      conditions: [...brandIs('Apple'), { attribute: 'productState', operator: 'is_not', values: [state] }],
    });
    const all = await rule({
      title: 'Tout correspond',
      conditions: [
        ...brandIs('Apple'),
        { attribute: 'circuit', operator: 'is', values: ['store_drop'] },
        { attribute: 'productState', operator: 'is', values: [state] },
      ],
    });
    const b = await buyback(apple);
    expect(b.declaredState).toBe(state);
    expect(b.warehouseDispatchRule).toEqual({ id: all.id, title: 'Tout correspond' });
    expect([wrongCircuit.id, wrongState.id]).not.toContain(b.warehouseDispatchRule?.id);
  });

  it('the first matching rule in the order wins; reordering changes the choice', async () => {
    const roubaix = await rule({ title: 'Roubaix', conditions: brandIs('Apple') });
    const saintPriest = await rule({
      title: 'Saint-Priest',
      conditions: brandIs('Apple'),
      warehouseIds: [O.warehouseSaintPriest],
      defaultWarehouseId: O.warehouseSaintPriest,
    });
    expect((await buyback(apple)).warehouseDispatchRule?.id).toBe(roubaix.id);
    const ordered = await k.put('buyer', `${BASE}/order`, { ids: [saintPriest.id, roubaix.id] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const b = await buyback(apple);
    expect(b.warehouseDispatchRule?.id).toBe(saintPriest.id);
    expect(b.destinationWarehouse?.id).toBe(O.warehouseSaintPriest);
  });

  it('among the destinations, the nearest to the store; without coordinates, the default', async () => {
    const both = {
      conditions: brandIs('Apple'),
      warehouseIds: [O.warehouseSaintPriest, O.warehouseRoubaix],
      defaultWarehouseId: O.warehouseSaintPriest,
    };
    const r = await rule(both);
    // Paris is about 210 km from Roubaix and 390 km from Saint-Priest
    const nearest = await buyback(apple);
    expect(nearest.destinationWarehouse?.id).toBe(O.warehouseRoubaix);
    expect(nearest.warehouseDispatchRule?.id).toBe(r.id);
    await withOrganization(O.storeParis, { latitude: null, longitude: null }, async () => {
      const b = await buyback(apple);
      expect(b.destinationWarehouse?.id).toBe(O.warehouseSaintPriest);
      expect(b.warehouseDispatchRule?.id).toBe(r.id);
    });
    await withOrganization(O.warehouseRoubaix, { latitude: null, longitude: null }, async () => {
      // only Saint-Priest can be measured: it is the nearest that can be told
      expect((await buyback(apple)).destinationWarehouse?.id).toBe(O.warehouseSaintPriest);
    });
  });

  it('an inactive destination is never chosen', async () => {
    await rule({
      conditions: brandIs('Apple'),
      warehouseIds: [O.warehouseSaintPriest, O.warehouseRoubaix],
      defaultWarehouseId: O.warehouseRoubaix,
    });
    await withOrganization(O.warehouseRoubaix, { status: 'inactive' }, async () => {
      expect((await buyback(apple)).destinationWarehouse?.id).toBe(O.warehouseSaintPriest);
    });
  });

  it("another buyer's rules never dispatch Demo Buyer's buybacks", async () => {
    const other = await addBuyer(k.t, 'Dispatch Other Buyer');
    const [foreign] = await k.t.db
      .insertInto('warehouse_dispatch_rules')
      .values({
        account_id: other.accountId,
        title: 'Tout Apple chez nous',
        position: -1,
        conditions: JSON.stringify(brandIs('Apple')),
        default_warehouse_id: other.warehouseId,
      })
      .returning('id')
      .execute();
    await k.t.db
      .insertInto('warehouse_dispatch_rule_warehouses')
      .values({ rule_id: foreign?.id as string, warehouse_id: other.warehouseId })
      .execute();
    const b = await buyback(apple);
    expect(b.destinationWarehouse?.id).toBe(O.warehouseSaintPriest);
    expect(b.warehouseDispatchRule).toBeNull();
  });

  it('a deleted rule leaves its buybacks where it sent them', async () => {
    const r = await rule({ conditions: brandIs('Apple') });
    const b = await buyback(apple);
    expect((await k.remove('buyer', `${BASE}/${r.id}`)).statusCode).toBe(204);
    const read = (await k.get('seller', `/api/buybacks/${b.id}`)).json();
    expect(read.destinationWarehouse.id).toBe(O.warehouseRoubaix);
    expect(read.warehouseDispatchRule).toBeNull();
  });

  it('applies to every line of a cart, each line by its own product', async () => {
    const r = await rule({ title: 'Apple à Roubaix', conditions: brandIs('Apple') });
    const line = async (productId: string, inCartId: string) => ({
      inCartId,
      productId,
      answers: answersFor(await k.questionnaire(productId)),
      shippingMethodId: CIRCUIT.storeDrop,
      paymentModeId: PM.bankTransfer,
    });
    const res = await k.post(
      'seller',
      '/api/carts',
      {
        channel: 'store',
        storeId: O.storeParis,
        buybacks: [await line(apple, 'a'), await line(samsung, 's')],
        customer: customer({ iban: IBAN }),
        termsAccepted: true,
      },
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [a, s] = res.json().buybacks as BuybackResponse[];
    expect(a?.destinationWarehouse?.id).toBe(O.warehouseRoubaix);
    expect(a?.warehouseDispatchRule?.id).toBe(r.id);
    expect(s?.destinationWarehouse?.id).toBe(O.warehouseSaintPriest);
    expect(s?.warehouseDispatchRule).toBeNull();
  });
});
