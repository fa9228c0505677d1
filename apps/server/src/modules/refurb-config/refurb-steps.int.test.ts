import type {
  RefurbConfigAccountsResponse,
  RefurbStepOptionsResponse,
  RefurbStepResponse,
  RefurbStepStockOptionsResponse,
} from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, requestAs, startApiKit } from '../../../test/api-kit';
import { expectProblem } from '../../../test/buyback-kit';
import { addBuyer, addUser, type TestBuyer } from '../../../test/buyer-kit';
import { DEMO } from '../../../test/test-app';

const O = DEMO.orgs;
const R = DEMO.refurbSteps;
const S = DEMO.stocks;
const BASE = '/api/refurb-steps';

let k: ApiKit;
let other: TestBuyer;
let otherManager: string;
let operator: string;
let otherNativeStock: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request as a user who is not one of the api kit's (its `authorization`). */
const as = (authorization: string, method: Method, url: string, payload?: unknown) =>
  requestAs(k.t, authorization, method, url, payload);

beforeAll(async () => {
  k = await startApiKit();
  other = await addBuyer(k.t, 'Service Isolation Buyer');
  otherManager = await addUser(k.t, {
    email: 'warehouse_manager@service-isolation.test',
    accountId: other.accountId,
    module: 'rps',
    userType: 'warehouse_manager',
    organizationId: other.warehouseId,
  });
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  const stock = await k.t.db
    .selectFrom('stocks')
    .select('id')
    .where('warehouse_id', '=', other.warehouseId)
    .where('native_kind', '=', 'to_refurbish')
    .executeTakeFirstOrThrow();
  otherNativeStock = stock.id;
});
afterAll(() => k.close());

/** A valid standard service of Demo Buyer (override any field). */
const screenProtector = (over: Record<string, unknown> = {}) => ({
  name: "Pose d'un verre trempé",
  description: 'Protection de l’écran posée à l’atelier.',
  stockId: S.workshopSaintPriest,
  costs: [
    { warehouseId: O.warehouseSaintPriest, costCents: 450 },
    { warehouseId: O.warehouseRoubaix, costCents: 500 },
  ],
  ...over,
});

let sequence = 0;
async function create(over: Record<string, unknown> = {}): Promise<RefurbStepResponse> {
  sequence += 1;
  const res = await k.post('warehouse', BASE, screenProtector({ name: `Service ${sequence}`, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const countSteps = async () =>
  Number(
    (
      await k.t.db
        .selectFrom('refurb_steps')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const auditOf = (id: string) =>
  k.t.db
    .selectFrom('audit_log')
    .select(['action', 'entity_type', 'account_id', 'before', 'after'])
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

describe('services: reading', () => {
  it('a warehouse manager lists the services of its account by name, each with its stock, costs and answers', async () => {
    const res = await k.get('warehouse', `${BASE}?itemsPerPage=100`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { member: RefurbStepResponse[]; totalItems: number };
    const demo = list.member.filter((s) => (Object.values(R) as string[]).includes(s.id));
    // by name (the collation decides where "l'écran" falls among "la …")
    expect(demo.map((s) => s.name).slice(0, 2)).toEqual([
      'Effacement certifié des données',
      'Nettoyage complet',
    ]);
    expect(
      demo
        .map((s) => s.name)
        .slice(2)
        .sort(),
    ).toEqual(
      ['Remplacement de la batterie', 'Remplacement de la coque arrière', "Remplacement de l'écran"].sort(),
    );
    const erasure = demo.find((s) => s.id === R.dataErasure);
    expect(erasure).toMatchObject({
      kind: 'data_erasure',
      erasureMethod: expect.stringContaining('NIST'),
      stock: {
        id: S.workshopSaintPriest,
        name: 'Atelier réparation',
        nativeKind: null,
        warehouseId: O.warehouseSaintPriest,
      },
      answerCount: 1,
    });
    expect(demo.find((s) => s.id === R.screen)?.answerCount).toBe(2);
    expect(erasure?.costs).toEqual([
      { warehouseId: O.warehouseRoubaix, warehouseName: expect.any(String), costCents: 200 },
      { warehouseId: O.warehouseSaintPriest, warehouseName: expect.any(String), costCents: 200 },
    ]);
  });

  it('filters the list by part of the name or description, and by kind, with its total and links', async () => {
    const search = await k.get(
      'warehouse',
      `${BASE}?search=${encodeURIComponent('REMPLACEMENT')}&itemsPerPage=2`,
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().totalItems).toBe(3);
    expect(search.json().member).toHaveLength(2);
    expect(search.json().view.next).toContain('page=2');
    const byDescription = await k.get('warehouse', `${BASE}?search=haut-parleurs`);
    expect(byDescription.json().member.map((s: RefurbStepResponse) => s.id)).toEqual([R.cleaning]);
    const erasures = await k.get('warehouse', `${BASE}?kind=data_erasure`);
    expect(erasures.json().member.map((s: RefurbStepResponse) => s.id)).toEqual([R.dataErasure]);
  });

  it('reads one service; an unknown id answers 404 and a malformed one 422', async () => {
    const res = await k.get('warehouse', `${BASE}/${R.battery}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: R.battery, name: 'Remplacement de la batterie' });
    expectProblem(await k.get('warehouse', `${BASE}/00000000-0000-4000-8000-00000000dead`), 404, 'not_found');
    expectViolation(await k.get('warehouse', `${BASE}/not-a-uuid`), 'invalid_uuid', 'id');
  });

  it('the form options: the account’s warehouses and the stocks of each, no other account’s', async () => {
    const res = await k.get('warehouse', `${BASE}/stock-options`);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json() as RefurbStepStockOptionsResponse;
    expect(options.accountId).toBe(DEMO.accounts.demoBuyer);
    expect(options.warehouses.map((w) => w.id).sort()).toEqual(
      [O.warehouseSaintPriest, O.warehouseRoubaix].sort(),
    );
    expect(options.stocks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: S.workshopSaintPriest, warehouseId: O.warehouseSaintPriest }),
        expect.objectContaining({ id: S.workshopRoubaix, warehouseId: O.warehouseRoubaix }),
        expect.objectContaining({ nativeKind: 'to_refurbish', warehouseId: O.warehouseRoubaix }),
      ]),
    );
    expect(options.stocks.map((s) => s.id)).not.toContain(otherNativeStock);
    expect(
      options.stocks.every((s) => [O.warehouseSaintPriest, O.warehouseRoubaix].includes(s.warehouseId)),
    ).toBe(true);
  });

  it('the options of the diagnosis screens: every service with its kind, stock and costs, for operators too', async () => {
    const res = await as(operator, 'GET', `${BASE}/options`);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json() as RefurbStepOptionsResponse;
    expect(options.member.find((s) => s.id === R.dataErasure)).toEqual({
      id: R.dataErasure,
      name: 'Effacement certifié des données',
      kind: 'data_erasure',
      stockId: S.workshopSaintPriest,
      costs: expect.arrayContaining([
        { warehouseId: O.warehouseSaintPriest, costCents: 200 },
        { warehouseId: O.warehouseRoubaix, costCents: 200 },
      ]),
    });
    expect(options.member.length).toBeGreaterThanOrEqual(5);
  });
});

describe('services: creating', () => {
  it('a warehouse manager creates a service with its stock and a cost at each warehouse; audited', async () => {
    const res = await k.post(
      'warehouse',
      BASE,
      screenProtector({ name: '  Pose d’un film  ', description: '   ', erasureMethod: 'ignored' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const step = res.json() as RefurbStepResponse;
    expect(step).toMatchObject({
      name: 'Pose d’un film',
      description: null,
      kind: 'standard',
      // only a data erasure keeps a method
      erasureMethod: null,
      stock: { id: S.workshopSaintPriest, name: 'Atelier réparation' },
      answerCount: 0,
    });
    expect(step.costs.map((c) => [c.warehouseId, c.costCents]).sort()).toEqual(
      [
        [O.warehouseSaintPriest, 450],
        [O.warehouseRoubaix, 500],
      ].sort(),
    );
    const audit = await auditOf(step.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        entity_type: 'refurb_step',
        account_id: DEMO.accounts.demoBuyer,
      }),
    ]);
    expect((await k.get('warehouse', `${BASE}/${step.id}`)).json()).toEqual(step);
  });

  it('a service without costs costs nothing anywhere', async () => {
    const step = await create({ costs: undefined });
    expect(step.costs).toEqual([]);
  });

  it('a data erasure needs the erasure method its certificates name; nothing is written without it', async () => {
    const before = await countSteps();
    const res = await k.post(
      'warehouse',
      BASE,
      screenProtector({ name: 'Effacement', kind: 'data_erasure' }),
    );
    expectProblem(res, 422, 'erasure_method_required');
    expectViolation(res, 'erasure_method_required', 'erasureMethod');
    expectViolation(
      await k.post('warehouse', BASE, screenProtector({ kind: 'data_erasure', erasureMethod: '   ' })),
      'erasure_method_required',
      'erasureMethod',
    );
    expect(await countSteps()).toBe(before);
    const step = await create({ kind: 'data_erasure', erasureMethod: 'Blancco, 3 passes' });
    expect(step).toMatchObject({ kind: 'data_erasure', erasureMethod: 'Blancco, 3 passes' });
  });

  it('the stock must be a stock of a warehouse of the account (another buyer’s, an unknown one: 422)', async () => {
    const before = await countSteps();
    expectViolation(
      await k.post('warehouse', BASE, screenProtector({ stockId: otherNativeStock })),
      'stock_not_in_account',
      'stockId',
    );
    expectViolation(
      await k.post('warehouse', BASE, screenProtector({ stockId: '00000000-0000-4000-8000-00000000beef' })),
      'stock_not_in_account',
      'stockId',
    );
    expect(await countSteps()).toBe(before);
  });

  it('costs only at the warehouses of the account, one per warehouse', async () => {
    const before = await countSteps();
    const foreign = await k.post(
      'warehouse',
      BASE,
      screenProtector({ costs: [{ warehouseId: other.warehouseId, costCents: 100 }] }),
    );
    expectProblem(foreign, 422, 'warehouse_not_in_account');
    expectViolation(foreign, 'warehouse_not_in_account', 'costs.0.warehouseId');
    expectViolation(
      await k.post(
        'warehouse',
        BASE,
        screenProtector({ costs: [{ warehouseId: O.storeParis, costCents: 100 }] }),
      ),
      'warehouse_not_in_account',
      'costs.0.warehouseId',
    );
    expectViolation(
      await k.post(
        'warehouse',
        BASE,
        screenProtector({
          costs: [
            { warehouseId: O.warehouseRoubaix, costCents: 100 },
            { warehouseId: O.warehouseRoubaix, costCents: 200 },
          ],
        }),
      ),
      'duplicate_id',
      'costs.1.warehouseId',
    );
    expectViolation(
      await k.post(
        'warehouse',
        BASE,
        screenProtector({ costs: [{ warehouseId: O.warehouseRoubaix, costCents: -1 }] }),
      ),
      'too_small',
      'costs.0.costCents',
    );
    expect(await countSteps()).toBe(before);
  });

  it('the name is required and 255 characters at most, the description 255 at most, the stock required', async () => {
    expectViolation(await k.post('warehouse', BASE, screenProtector({ name: '  ' })), 'required', 'name');
    expectViolation(
      await k.post('warehouse', BASE, screenProtector({ name: 'n'.repeat(256) })),
      'too_long',
      'name',
    );
    expectViolation(
      await k.post('warehouse', BASE, screenProtector({ description: 'd'.repeat(256) })),
      'too_long',
      'description',
    );
    expectViolation(
      await k.post('warehouse', BASE, screenProtector({ stockId: undefined })),
      'required',
      'stockId',
    );
    expectViolation(
      await k.post('warehouse', BASE, screenProtector({ kind: 'repair' })),
      'invalid_value',
      'kind',
    );
    expect((await create({ name: 'n'.repeat(255), description: 'd'.repeat(255) })).name).toHaveLength(255);
  });
});

describe('services: editing and deleting', () => {
  it('a merge-patch changes the fields sent and keeps the others; audited with before and after', async () => {
    const step = await create();
    const res = await k.patch('warehouse', `${BASE}/${step.id}`, {
      name: 'Polissage',
      stockId: S.workshopRoubaix,
    });
    expect(res.statusCode, res.body).toBe(200);
    const patched = res.json() as RefurbStepResponse;
    expect(patched).toMatchObject({
      name: 'Polissage',
      description: step.description,
      stock: { id: S.workshopRoubaix, warehouseId: O.warehouseRoubaix },
      costs: step.costs,
    });
    const audit = await auditOf(step.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      entity_type: 'refurb_step',
      before: expect.objectContaining({ name: step.name }),
      after: expect.objectContaining({ name: 'Polissage' }),
    });
  });

  it('sent costs replace every cost; a null description clears it', async () => {
    const step = await create();
    const res = await k.patch('warehouse', `${BASE}/${step.id}`, {
      description: null,
      costs: [{ warehouseId: O.warehouseRoubaix, costCents: 990 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      description: null,
      costs: [{ warehouseId: O.warehouseRoubaix, costCents: 990 }],
    });
  });

  it('a service becomes a data erasure only with a method; back to standard, it forgets the method', async () => {
    const step = await create();
    const refused = await k.patch('warehouse', `${BASE}/${step.id}`, { kind: 'data_erasure' });
    expectProblem(refused, 422, 'erasure_method_required');
    expect((await k.get('warehouse', `${BASE}/${step.id}`)).json().kind).toBe('standard');
    const erasure = await k.patch('warehouse', `${BASE}/${step.id}`, {
      kind: 'data_erasure',
      erasureMethod: 'DoD 5220.22-M',
    });
    expect(erasure.json()).toMatchObject({ kind: 'data_erasure', erasureMethod: 'DoD 5220.22-M' });
    // clearing the method of a data erasure is refused too
    expectViolation(
      await k.patch('warehouse', `${BASE}/${step.id}`, { erasureMethod: null }),
      'erasure_method_required',
      'erasureMethod',
    );
    const standard = await k.patch('warehouse', `${BASE}/${step.id}`, { kind: 'standard' });
    expect(standard.json()).toMatchObject({ kind: 'standard', erasureMethod: null });
  });

  it('a patch is checked like a creation: another account’s stock or warehouse, unknown fields', async () => {
    const step = await create();
    expectViolation(
      await k.patch('warehouse', `${BASE}/${step.id}`, { stockId: otherNativeStock }),
      'stock_not_in_account',
      'stockId',
    );
    expectViolation(
      await k.patch('warehouse', `${BASE}/${step.id}`, {
        costs: [{ warehouseId: other.warehouseId, costCents: 1 }],
      }),
      'warehouse_not_in_account',
      'costs.0.warehouseId',
    );
    expectViolation(await k.patch('warehouse', `${BASE}/${step.id}`, { name: '' }), 'required', 'name');
    expect(
      (await k.patch('warehouse', `${BASE}/${step.id}`, { accountId: other.accountId })).statusCode,
    ).toBe(422);
    expect((await k.get('warehouse', `${BASE}/${step.id}`)).json()).toEqual(step);
  });

  it('a service an answer of a diagnosis question plans cannot be deleted (409 refurb_step_in_use)', async () => {
    const res = await k.remove('warehouse', `${BASE}/${R.screen}`);
    expectProblem(res, 409, 'refurb_step_in_use');
    expect((await k.get('warehouse', `${BASE}/${R.screen}`)).statusCode).toBe(200);
    const costs = await k.t.db
      .selectFrom('refurb_step_costs')
      .select('warehouse_id')
      .where('refurb_step_id', '=', R.screen)
      .execute();
    expect(costs).toHaveLength(2);
  });

  it('a service no answer plans is deleted with its costs; the item services planned from it keep their copy', async () => {
    const step = await create();
    const item = await k.t.db
      .selectFrom('buyback_items')
      .select('id')
      .where('identification_number', '=', DEMO.warehouseItems.completedByPrice)
      .executeTakeFirstOrThrow();
    const planned = await k.t.db
      .insertInto('item_refurb_steps')
      .values({
        item_id: item.id,
        account_id: DEMO.accounts.demoBuyer,
        warehouse_id: O.warehouseSaintPriest,
        refurb_step_id: step.id,
        name: step.name,
        cost_cents: 450,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await k.remove('warehouse', `${BASE}/${step.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expectProblem(await k.get('warehouse', `${BASE}/${step.id}`), 404, 'not_found');
    const costs = await k.t.db
      .selectFrom('refurb_step_costs')
      .select('warehouse_id')
      .where('refurb_step_id', '=', step.id)
      .execute();
    expect(costs).toEqual([]);
    const kept = await k.t.db
      .selectFrom('item_refurb_steps')
      .select(['refurb_step_id', 'name', 'cost_cents'])
      .where('id', '=', planned.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ refurb_step_id: null, name: step.name, cost_cents: 450 });
    expect((await auditOf(step.id)).at(-1)).toMatchObject({ action: 'remove', entity_type: 'refurb_step' });
    expectProblem(await k.remove('warehouse', `${BASE}/${step.id}`), 404, 'not_found');
    await k.t.db.deleteFrom('item_refurb_steps').where('id', '=', planned.id).execute();
  });
});

describe('services: permissions', () => {
  it('a warehouse operator may neither list nor write services (403), but reads the options', async () => {
    const step = await create();
    for (const [method, url, body] of [
      ['GET', BASE, undefined],
      ['GET', `${BASE}/${step.id}`, undefined],
      ['GET', `${BASE}/stock-options`, undefined],
      ['POST', BASE, screenProtector()],
      ['PATCH', `${BASE}/${step.id}`, { name: 'x' }],
      ['DELETE', `${BASE}/${step.id}`, undefined],
    ] as const)
      expectProblem(await as(operator, method, url, body), 403, 'forbidden');
    expect((await as(operator, 'GET', `${BASE}/options`)).statusCode).toBe(200);
  });

  it('store users and the buyer manager have no access to services (403)', async () => {
    for (const who of ['seller', 'storeManager', 'buyer'] as const) {
      expectProblem(await k.get(who, BASE), 403, 'forbidden');
      expectProblem(await k.post(who, BASE, screenProtector()), 403, 'forbidden');
      expectProblem(await k.remove(who, `${BASE}/${R.battery}`), 403, 'forbidden');
    }
    expectProblem(await k.get('seller', `${BASE}/options`), 403, 'forbidden');
  });
});

describe('services: another buyer sees and changes nothing of Demo Buyer’s', () => {
  it('another buyer’s warehouse manager gets 404 on Demo Buyer’s services and sees only its own', async () => {
    const demoStep = await create();
    for (const [method, url, body] of [
      ['GET', `${BASE}/${demoStep.id}`, undefined],
      ['PATCH', `${BASE}/${demoStep.id}`, { name: 'Pris' }],
      ['DELETE', `${BASE}/${demoStep.id}`, undefined],
    ] as const)
      expectProblem(await as(otherManager, method, url, body), 404, 'not_found');
    expect((await k.get('warehouse', `${BASE}/${demoStep.id}`)).json()).toEqual(demoStep);
    const list = await as(otherManager, 'GET', BASE);
    expect(list.json()).toMatchObject({ member: [], totalItems: 0 });
    expect((await as(otherManager, 'GET', `${BASE}/options`)).json()).toEqual({ member: [] });
    const options = (
      await as(otherManager, 'GET', `${BASE}/stock-options`)
    ).json() as RefurbStepStockOptionsResponse;
    expect(options.warehouses.map((w) => w.id)).toEqual([other.warehouseId]);
    expect(options.stocks.every((s) => s.warehouseId === other.warehouseId)).toBe(true);
  });

  it('another buyer’s manager cannot use Demo Buyer’s stocks or warehouses; its own service stays its own', async () => {
    expectViolation(
      await as(otherManager, 'POST', BASE, screenProtector({ costs: [] })),
      'stock_not_in_account',
      'stockId',
    );
    const own = await as(
      otherManager,
      'POST',
      BASE,
      screenProtector({
        stockId: otherNativeStock,
        costs: [{ warehouseId: other.warehouseId, costCents: 700 }],
      }),
    );
    expect(own.statusCode, own.body).toBe(201);
    const id = own.json().id as string;
    expectProblem(await k.get('warehouse', `${BASE}/${id}`), 404, 'not_found');
    expectProblem(await k.remove('warehouse', `${BASE}/${id}`), 404, 'not_found');
    const demoList = (await k.get('warehouse', `${BASE}?itemsPerPage=100`)).json() as {
      member: RefurbStepResponse[];
    };
    expect(demoList.member.map((s) => s.id)).not.toContain(id);
    const row = await k.t.db
      .selectFrom('refurb_steps')
      .select('account_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(other.accountId);
  });
});

describe('services: platform operators name the buyer account', () => {
  it('an admin names a buyer account (`account`) to list or create', async () => {
    expectViolation(await k.get('admin', BASE), 'required', 'account');
    expectViolation(
      await k.get('admin', `${BASE}?account=${DEMO.accounts.demoRetail}`),
      'not_a_buyer',
      'account',
    );
    expectViolation(await k.post('admin', BASE, screenProtector()), 'required', 'account');
    const list = await k.get('admin', `${BASE}?account=${DEMO.accounts.demoBuyer}&itemsPerPage=100`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().member.map((s: RefurbStepResponse) => s.id)).toContain(R.dataErasure);
    const res = await k.post(
      'admin',
      BASE,
      screenProtector({ name: 'Admin', account: DEMO.accounts.demoBuyer }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await k.t.db
      .selectFrom('refurb_steps')
      .select('account_id')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(DEMO.accounts.demoBuyer);
    // the named account's stocks only
    expectViolation(
      await k.post('admin', BASE, screenProtector({ account: other.accountId })),
      'stock_not_in_account',
      'stockId',
    );
    expect((await k.patch('admin', `${BASE}/${res.json().id}`, { name: 'Admin 2' })).json().name).toBe(
      'Admin 2',
    );
  });

  it('the accounts to choose among: every buyer for an admin, its own for a warehouse manager', async () => {
    const admin = (await k.get('admin', `${BASE}/accounts`)).json() as RefurbConfigAccountsResponse;
    expect(admin.member.map((a) => a.id)).toEqual(
      expect.arrayContaining([DEMO.accounts.demoBuyer, other.accountId]),
    );
    expect(admin.member.map((a) => a.id)).not.toContain(DEMO.accounts.demoRetail);
    const own = (await k.get('warehouse', `${BASE}/accounts`)).json() as RefurbConfigAccountsResponse;
    expect(own.member.map((a) => a.id)).toEqual([DEMO.accounts.demoBuyer]);
  });
});
