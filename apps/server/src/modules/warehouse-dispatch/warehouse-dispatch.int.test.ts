import type { WarehouseDispatchOptionsResponse, WarehouseDispatchRuleResponse } from '@reprise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { addBuyer, addUser, type TestBuyer } from '../../../test/buyer-kit';
import { DEMO } from '../../../test/test-app';
import { DEMO_CATALOG } from '../../seed/catalog';

const O = DEMO.orgs;
const CAT = DEMO_CATALOG.categories as Record<string, string>;
const BASE = '/api/warehouse-dispatch-rules';

let k: ApiKit;
let other: TestBuyer;
let otherManager: string;

beforeAll(async () => {
  k = await startApiKit();
  other = await addBuyer(k.t, 'Rule Isolation Buyer');
  otherManager = await addUser(k.t, {
    email: 'buyer_manager@rule-isolation.test',
    accountId: other.accountId,
    module: 'lcm',
    userType: 'buyer_manager',
    organizationId: other.organizationId,
  });
});
afterAll(() => k.close());

beforeEach(async () => {
  await k.t.db.deleteFrom('warehouse_dispatch_rule_warehouses').execute();
  await k.t.db.deleteFrom('warehouse_dispatch_rules').execute();
});

/** A valid rule of Demo Buyer (override any field): Apple goes to Roubaix. */
const appleToRoubaix = (over: Record<string, unknown> = {}) => ({
  title: 'Apple à Roubaix',
  conditions: [{ attribute: 'brand', operator: 'is', values: ['Apple'] }],
  warehouseIds: [O.warehouseRoubaix],
  defaultWarehouseId: O.warehouseRoubaix,
  ...over,
});

async function create(
  body: Record<string, unknown> = appleToRoubaix(),
): Promise<WarehouseDispatchRuleResponse> {
  const res = await k.post('buyer', BASE, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const asOther = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  k.t.app.inject({
    method,
    url,
    headers: { authorization: otherManager },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('warehouse dispatch rules: reading and writing', () => {
  it('a buyer manager creates a rule: its conditions, destinations, default and who changed it last', async () => {
    const rule = await create(
      appleToRoubaix({
        title: '  Tablettes et Apple  ',
        conditions: [
          { attribute: 'brand', operator: 'is', values: ['Apple', 'apple', 'Samsung'] },
          { attribute: 'category', operator: 'is_not', values: [CAT.tablets] },
          { attribute: 'circuit', operator: 'is', values: ['store_drop', 'web_post'] },
          { attribute: 'productState', operator: 'is_not', values: ['grade_e'] },
        ],
        warehouseIds: [O.warehouseSaintPriest, O.warehouseRoubaix, O.warehouseRoubaix],
        defaultWarehouseId: O.warehouseSaintPriest,
      }),
    );
    expect(rule).toMatchObject({
      accountId: DEMO.accounts.demoBuyer,
      title: 'Tablettes et Apple',
      position: 0,
      conditions: [
        { attribute: 'brand', operator: 'is', values: ['Apple', 'Samsung'], labels: ['Apple', 'Samsung'] },
        { attribute: 'category', operator: 'is_not', values: [CAT.tablets], labels: ['Tablettes'] },
        { attribute: 'circuit', operator: 'is', values: ['store_drop', 'web_post'] },
        { attribute: 'productState', operator: 'is_not', values: ['grade_e'] },
      ],
      warehouses: [
        { id: O.warehouseRoubaix, commonName: 'Atelier Roubaix' },
        { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
      ],
      defaultWarehouse: { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
      updatedBy: { name: 'Bruno Garnier' },
    });
    const read = await k.get('buyer', `${BASE}/${rule.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(rule);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'account_id'])
      .where('entity_type', '=', 'warehouse_dispatch_rule')
      .where('entity_id', '=', rule.id)
      .execute();
    expect(audit).toEqual([{ action: 'create', account_id: DEMO.accounts.demoBuyer }]);
  });

  it('lists the rules in their order, new ones last, for the buyer and its warehouses', async () => {
    const first = await create(appleToRoubaix({ title: 'Premier' }));
    const second = await create(appleToRoubaix({ title: 'Second' }));
    for (const who of ['buyer', 'warehouse'] as const) {
      const res = await k.get(who, BASE);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().totalItems).toBe(2);
      expect(res.json().member.map((r: WarehouseDispatchRuleResponse) => [r.id, r.position])).toEqual([
        [first.id, 0],
        [second.id, 1],
      ]);
    }
  });

  it('edits a rule whole: title, conditions, destinations and default; audited with before and after', async () => {
    const rule = await create();
    const res = await k.put(
      'buyer',
      `${BASE}/${rule.id}`,
      appleToRoubaix({
        title: 'Samsung à Saint-Priest',
        conditions: [{ attribute: 'brand', operator: 'is', values: ['Samsung'] }],
        warehouseIds: [O.warehouseSaintPriest],
        defaultWarehouseId: O.warehouseSaintPriest,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: rule.id,
      title: 'Samsung à Saint-Priest',
      conditions: [{ attribute: 'brand', values: ['Samsung'] }],
      warehouses: [{ id: O.warehouseSaintPriest }],
      defaultWarehouse: { id: O.warehouseSaintPriest },
    });
    const [entry] = await k.t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', rule.id)
      .where('action', '=', 'update')
      .execute();
    expect(entry?.before).toMatchObject({ title: 'Apple à Roubaix' });
    expect(entry?.after).toMatchObject({ title: 'Samsung à Saint-Priest' });
  });

  it('deletes a rule with its destinations', async () => {
    const rule = await create();
    const res = await k.remove('buyer', `${BASE}/${rule.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await k.get('buyer', `${BASE}/${rule.id}`)).statusCode).toBe(404);
    const left = await k.t.db
      .selectFrom('warehouse_dispatch_rule_warehouses')
      .selectAll()
      .where('rule_id', '=', rule.id)
      .execute();
    expect(left).toEqual([]);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', rule.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'remove']);
  });

  it('orders the rules: the whole list, first to last', async () => {
    const a = await create(appleToRoubaix({ title: 'A' }));
    const b = await create(appleToRoubaix({ title: 'B' }));
    const c = await create(appleToRoubaix({ title: 'C' }));
    const res = await k.put('buyer', `${BASE}/order`, { ids: [c.id, a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.map((r: WarehouseDispatchRuleResponse) => r.title)).toEqual(['C', 'A', 'B']);
    const list = (await k.get('buyer', BASE)).json();
    expect(list.member.map((r: WarehouseDispatchRuleResponse) => [r.title, r.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    // a new rule goes last
    const d = await create(appleToRoubaix({ title: 'D' }));
    expect(d.position).toBe(3);
  });

  it('refuses an order that is not the whole current list (one missing, one repeated, one unknown)', async () => {
    const a = await create(appleToRoubaix({ title: 'A' }));
    const b = await create(appleToRoubaix({ title: 'B' }));
    for (const ids of [[a.id], [a.id, a.id, b.id], [a.id, b.id, O.warehouseRoubaix]]) {
      const res = await k.put('buyer', `${BASE}/order`, { ids });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('conflict');
    }
    const list = (await k.get('buyer', BASE)).json();
    expect(list.member.map((r: WarehouseDispatchRuleResponse) => r.title)).toEqual(['A', 'B']);
  });
});

describe('warehouse dispatch rules: validation', () => {
  it('requires a title of 1 to 255 characters', async () => {
    expectViolation(await k.post('buyer', BASE, appleToRoubaix({ title: '   ' })), 'required', 'title');
    expectViolation(
      await k.post('buyer', BASE, appleToRoubaix({ title: 'x'.repeat(256) })),
      'too_long',
      'title',
    );
    expect((await k.post('buyer', BASE, appleToRoubaix({ title: 'x'.repeat(255) }))).statusCode).toBe(201);
  });

  it('requires at least one condition', async () => {
    const res = await k.post('buyer', BASE, appleToRoubaix({ conditions: [] }));
    expectViolation(res, 'at_least_one_condition', 'conditions');
    expect(res.json().code).toBe('at_least_one_condition');
  });

  it('requires at least one value in each condition, each a value its attribute allows', async () => {
    const res = await k.post(
      'buyer',
      BASE,
      appleToRoubaix({
        conditions: [
          { attribute: 'brand', operator: 'is', values: ['Apple'] },
          { attribute: 'circuit', operator: 'is', values: [] },
          { attribute: 'circuit', operator: 'is', values: ['teleport'] },
          { attribute: 'productState', operator: 'is_not', values: ['grade_z'] },
          { attribute: 'category', operator: 'is', values: ['not-a-uuid'] },
          // a category of no retailer linked to this buyer (Other Retail's are; a random id is not)
          { attribute: 'category', operator: 'is', values: [O.warehouseRoubaix] },
        ],
      }),
    );
    expectViolation(res, 'at_least_one_value', 'conditions.1.values');
    expectViolation(res, 'invalid_value', 'conditions.2.values');
    expectViolation(res, 'invalid_value', 'conditions.3.values');
    expectViolation(res, 'invalid_value', 'conditions.4.values');
    expectViolation(res, 'invalid_value', 'conditions.5.values');
    expectViolation(
      await k.post(
        'buyer',
        BASE,
        appleToRoubaix({ conditions: [{ attribute: 'colour', operator: 'is', values: ['x'] }] }),
      ),
      'invalid_value',
      'conditions.0.attribute',
    );
  });

  it('accepts the categories of every retailer linked to the buyer', async () => {
    const other = DEMO_CATALOG.otherCategories as Record<string, string>;
    const someOther = Object.values(other)[0] as string;
    const rule = await create(
      appleToRoubaix({
        conditions: [{ attribute: 'category', operator: 'is', values: [CAT.smartphones, someOther] }],
      }),
    );
    expect(rule.conditions[0]?.values).toEqual([CAT.smartphones, someOther]);
  });

  it('requires at least one destination warehouse', async () => {
    expectViolation(
      await k.post('buyer', BASE, appleToRoubaix({ warehouseIds: [] })),
      'at_least_one_destination',
      'warehouseIds',
    );
  });

  it('requires a default warehouse among the destinations', async () => {
    const res = await k.post(
      'buyer',
      BASE,
      appleToRoubaix({ warehouseIds: [O.warehouseRoubaix], defaultWarehouseId: O.warehouseSaintPriest }),
    );
    expectViolation(res, 'default_warehouse_not_destination', 'defaultWarehouseId');
    expect(res.json().code).toBe('default_warehouse_not_destination');
    expectViolation(
      await k.post('buyer', BASE, appleToRoubaix({ defaultWarehouseId: null })),
      'required',
      'defaultWarehouseId',
    );
  });

  it('takes only active warehouses of the buyer account as destinations', async () => {
    const foreign = await k.post(
      'buyer',
      BASE,
      appleToRoubaix({
        warehouseIds: [O.warehouseRoubaix, other.warehouseId],
        defaultWarehouseId: O.warehouseRoubaix,
      }),
    );
    expectViolation(foreign, 'warehouse_not_in_account', 'warehouseIds.1');
    expect(foreign.json().code).toBe('warehouse_not_in_account');
    // an organisation of the account that is not a warehouse
    expectViolation(
      await k.post('buyer', BASE, appleToRoubaix({ warehouseIds: [O.buyer], defaultWarehouseId: O.buyer })),
      'warehouse_not_in_account',
      'warehouseIds.0',
    );
    await k.t.db
      .updateTable('organizations')
      .set({ status: 'inactive' })
      .where('id', '=', O.warehouseRoubaix)
      .execute();
    try {
      expectViolation(
        await k.post('buyer', BASE, appleToRoubaix()),
        'warehouse_not_in_account',
        'warehouseIds.0',
      );
    } finally {
      await k.t.db
        .updateTable('organizations')
        .set({ status: 'active' })
        .where('id', '=', O.warehouseRoubaix)
        .execute();
    }
  });

  it('checks an edit with the same rules', async () => {
    const rule = await create();
    expectViolation(
      await k.put('buyer', `${BASE}/${rule.id}`, appleToRoubaix({ conditions: [] })),
      'at_least_one_condition',
      'conditions',
    );
    expect((await k.get('buyer', `${BASE}/${rule.id}`)).json().conditions).toHaveLength(1);
  });
});

describe('warehouse dispatch rules: who may do what', () => {
  it('a warehouse manager reads the rules of its account but writes none', async () => {
    const rule = await create();
    expect((await k.get('warehouse', `${BASE}/${rule.id}`)).statusCode).toBe(200);
    expect((await k.get('warehouse', `${BASE}/options`)).statusCode).toBe(200);
    expect((await k.post('warehouse', BASE, appleToRoubaix())).statusCode).toBe(403);
    expect((await k.put('warehouse', `${BASE}/${rule.id}`, appleToRoubaix())).statusCode).toBe(403);
    expect((await k.remove('warehouse', `${BASE}/${rule.id}`)).statusCode).toBe(403);
    expect((await k.put('warehouse', `${BASE}/order`, { ids: [rule.id] })).statusCode).toBe(403);
  });

  it('retailer users have no access to them', async () => {
    for (const who of ['seller', 'rmu'] as const) expect((await k.get(who, BASE)).statusCode).toBe(403);
  });

  it("another buyer's manager neither sees nor writes Demo Buyer's rules", async () => {
    const rule = await create();
    const list = await asOther('GET', BASE);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().totalItems).toBe(0);
    expect((await asOther('GET', `${BASE}/${rule.id}`)).statusCode).toBe(404);
    expect((await asOther('PUT', `${BASE}/${rule.id}`, appleToRoubaix({ title: 'Volé' }))).statusCode).toBe(
      404,
    );
    expect((await asOther('DELETE', `${BASE}/${rule.id}`)).statusCode).toBe(404);
    expect((await asOther('PUT', `${BASE}/order`, { ids: [rule.id] })).statusCode).toBe(409);
    // its own rule names its own warehouse, never Demo Buyer's
    const own = await asOther(
      'POST',
      BASE,
      appleToRoubaix({ warehouseIds: [O.warehouseRoubaix], defaultWarehouseId: O.warehouseRoubaix }),
    );
    expectViolation(own, 'warehouse_not_in_account', 'warehouseIds.0');
    const mine = await asOther(
      'POST',
      BASE,
      appleToRoubaix({ warehouseIds: [other.warehouseId], defaultWarehouseId: other.warehouseId }),
    );
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().accountId).toBe(other.accountId);
    const demo = (await k.get('buyer', BASE)).json();
    expect(demo.member.map((r: WarehouseDispatchRuleResponse) => r.id)).toEqual([rule.id]);
    expect(demo.member[0].title).toBe('Apple à Roubaix');
  });

  it('a platform admin names the buyer account: required, and a buyer account', async () => {
    const rule = await create();
    expectViolation(await k.get('admin', BASE), 'required', 'accountId');
    expectViolation(
      await k.get('admin', `${BASE}?accountId=${DEMO.accounts.demoRetail}`),
      'not_a_buyer',
      'accountId',
    );
    const list = await k.get('admin', `${BASE}?accountId=${DEMO.accounts.demoBuyer}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().member.map((r: WarehouseDispatchRuleResponse) => r.id)).toEqual([rule.id]);
    expect((await k.get('admin', `${BASE}?accountId=${other.accountId}`)).json().totalItems).toBe(0);
    expectViolation(await k.post('admin', BASE, appleToRoubaix()), 'required', 'accountId');
    const created = await k.post(
      'admin',
      BASE,
      appleToRoubaix({ accountId: DEMO.accounts.demoBuyer, title: 'Par admin' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ accountId: DEMO.accounts.demoBuyer, position: 1 });
    const edited = await k.put(
      'admin',
      `${BASE}/${rule.id}`,
      appleToRoubaix({ title: 'Modifiée par admin' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const ordered = await k.put('admin', `${BASE}/order`, {
      accountId: DEMO.accounts.demoBuyer,
      ids: [created.json().id, rule.id],
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const accounts = (await k.get('admin', `${BASE}/accounts`))
      .json()
      .member.map((a: { id: string }) => a.id);
    expect(accounts).toEqual(expect.arrayContaining([DEMO.accounts.demoBuyer, other.accountId]));
    expect(accounts).not.toContain(DEMO.accounts.demoRetail);
    expect((await k.get('buyer', `${BASE}/accounts`)).json().member).toEqual([
      { id: DEMO.accounts.demoBuyer, name: expect.any(String) },
    ]);
  });
});

describe('warehouse dispatch rules: what a form may choose', () => {
  it("offers the account's active warehouses, the linked retailers' brands and categories, circuit types and states", async () => {
    const res = await k.get('buyer', `${BASE}/options`);
    expect(res.statusCode, res.body).toBe(200);
    const options: WarehouseDispatchOptionsResponse = res.json();
    expect(options.accountId).toBe(DEMO.accounts.demoBuyer);
    expect(options.warehouses).toEqual([
      { id: O.warehouseRoubaix, commonName: 'Atelier Roubaix' },
      { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
    ]);
    expect(options.brands).toEqual(expect.arrayContaining(['Apple', 'Samsung']));
    expect(new Set(options.brands.map((b) => b.toLowerCase())).size).toBe(options.brands.length);
    expect(options.categories).toEqual(
      expect.arrayContaining([
        { id: CAT.smartphones, label: 'Smartphones', retailerName: 'Demo Retail' },
        expect.objectContaining({ retailerName: 'Other Retail' }),
      ]),
    );
    expect(options.circuitTypes).toContain('store_drop');
    expect(options.productStates).toEqual([
      'functional',
      'grade_a',
      'grade_b',
      'grade_c',
      'grade_d',
      'grade_e',
    ]);
  });

  it('offers another buyer only its own warehouse, and nothing of retailers it is not linked to', async () => {
    const res = await asOther('GET', `${BASE}/options`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: other.accountId,
      warehouses: [{ id: other.warehouseId, commonName: 'Rule Isolation Buyer warehouse' }],
      brands: [],
      categories: [],
    });
  });

  it('a platform admin reads the options of the buyer account it names', async () => {
    expectViolation(await k.get('admin', `${BASE}/options`), 'required', 'accountId');
    const res = await k.get('admin', `${BASE}/options?accountId=${DEMO.accounts.demoBuyer}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warehouses).toHaveLength(2);
  });
});
