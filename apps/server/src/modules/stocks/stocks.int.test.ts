import type { StockOptionsResponse, StockResponse } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, okJson, requestAs } from '../../../test/api-kit';
import { type BuybackKit, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { addBuyer, addOtherBuyerUser, addUser, type TestBuyer } from '../../../test/buyer-kit';
import { advanceItem, nativeStockId, warehouseManagerContext } from '../../../test/item-moves-kit';
import type { RequestContext } from '../../platform/request-context';

/**
 * Stocks (stocks.routes.ts): the stocks of the warehouses the
 * user sees with the number of products in them and their average age, created, renamed and
 * deleted by the warehouse manager (`stock.manage`). Native stocks are neither renamed nor
 * deleted; a name is unique within its warehouse whatever its case; a stock holding items,
 * services or unfinished item services is not deleted. Another buyer's users see none of it.
 */

const O = DEMO.orgs;
const S = DEMO.stocks;
const DAY = 86_400_000;

let k: BuybackKit;
/** The warehouse manager of Saint-Priest as a service context (to bring items to the warehouse). */
let manager: RequestContext;
let operator: string;
let second: TestBuyer;
/** The warehouse manager of another buyer account, and a Demo Buyer manager of Roubaix. */
let foreignManager: string;
let roubaixManager: string;
let sequence = 0;

beforeAll(async () => {
  k = await startBuybackKit();
  manager = await warehouseManagerContext(k.t);
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  second = await addBuyer(k.t, 'Second Buyer');
  foreignManager = await addOtherBuyerUser(k.t, 'warehouse_manager', second);
  roubaixManager = await addUser(k.t, {
    email: 'manager-roubaix@demo.test',
    accountId: DEMO.accounts.demoBuyer,
    module: 'rps',
    userType: 'warehouse_manager',
    organizationId: O.warehouseRoubaix,
  });
});
afterAll(() => k.close());

const as = (authorization: string) => ({
  send: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    requestAs(k.t, authorization, method, url, payload),
});

const list = async (query = ''): Promise<{ member: StockResponse[]; totalItems: number }> =>
  okJson(await k.get('warehouse', `/api/stocks${query}`));

const create = async (over: Record<string, unknown> = {}): Promise<StockResponse> =>
  okJson(
    await k.post('warehouse', '/api/stocks', {
      warehouseId: O.warehouseSaintPriest,
      name: `Rayon ${++sequence}`,
      identifier: `R-${sequence}`,
      location: 'Bâtiment C',
      ...over,
    }),
    201,
  );

const nativeStock = (warehouseId: string, kind: string) => nativeStockId(k.t, kind, warehouseId);

/** A Paris store buyback's item brought to "awaiting dispatch" at Saint-Priest, registered `days` ago. */
async function itemAwaitingDispatch(days = 0): Promise<string> {
  const b = await k.createBuyback();
  await advanceItem(manager, b.item.id, 'item_completed_by_price');
  await k.t.db
    .updateTable('buyback_items')
    .set({ registered_at: new Date(Date.now() - days * DAY) })
    .where('id', '=', b.item.id)
    .execute();
  return b.item.id;
}

const moveTo = async (itemId: string, stockId: string) =>
  okJson(await k.post('warehouse', `/api/items/${itemId}/move-to-stock`, { stockId }));

const audits = (entityId: string) =>
  k.t.db
    .selectFrom('audit_log')
    .select(['action', 'entity_type', 'account_id', 'before', 'after'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

describe('the list of stocks', () => {
  it('lists the stocks of the manager’s warehouse, the five native ones first, with their warehouse', async () => {
    const page = await list('?itemsPerPage=100');
    expect(page.member.every((s) => s.warehouse.id === O.warehouseSaintPriest)).toBe(true);
    expect(page.member.filter((s) => s.nativeKind).map((s) => s.nativeKind)).toEqual(
      expect.arrayContaining([
        'awaiting_control',
        'in_quarantine',
        'customer_return',
        'to_refurbish',
        'refurbishment_completed',
      ]),
    );
    const workshop = page.member.find((s) => s.id === S.workshopSaintPriest);
    expect(workshop).toMatchObject({
      name: 'Atelier réparation',
      identifier: 'SP-ATL',
      location: 'Bâtiment B, allée 2',
      nativeKind: null,
      warehouse: { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
      // the five demo services are run in it
      refurbStepCount: 5,
    });
    expect(page.member.some((s) => s.id === S.workshopRoubaix)).toBe(false);
    // an admin sees every warehouse's; a Roubaix manager only Roubaix's
    const all = okJson(await k.get('admin', `/api/stocks?itemsPerPage=100&warehouse=${O.warehouseRoubaix}`));
    expect(all.member.map((s: StockResponse) => s.id)).toContain(S.workshopRoubaix);
    const roubaix = okJson(await as(roubaixManager).send('GET', '/api/stocks?itemsPerPage=100'));
    expect(roubaix.member.every((s: StockResponse) => s.warehouse.id === O.warehouseRoubaix)).toBe(true);
    expect(roubaix.member).toHaveLength(6);
  });

  it('counts the products in a stock (not dispatched) and their average age in days since their check-in', async () => {
    const stock = await create();
    expect((await list(`?search=${encodeURIComponent(stock.name)}`)).member[0]).toMatchObject({
      productCount: 0,
      averageAgeDays: null,
    });
    const first = await itemAwaitingDispatch(10);
    const secondItem = await itemAwaitingDispatch(20);
    const dispatched = await itemAwaitingDispatch(90);
    for (const id of [first, secondItem, dispatched]) await moveTo(id, stock.id);
    await k.t.db
      .updateTable('buyback_items')
      .set({ dispatched_at: new Date() })
      .where('id', '=', dispatched)
      .execute();
    const counted = okJson(await k.get('warehouse', `/api/stocks/${stock.id}`));
    expect(counted.productCount).toBe(2);
    expect(counted.averageAgeDays).toBeCloseTo(15, 1);
  });

  it('filters by warehouse and by a part of the name, identifier or location (case and accents aside)', async () => {
    expect((await list('?search=ETAGERE')).member.map((s) => s.id)).toEqual([S.shelfSaintPriest]);
    expect((await list('?search=sp-atl')).member.map((s) => s.id)).toEqual([S.workshopSaintPriest]);
    expect((await list('?search=allée 1')).member.map((s) => s.id)).toEqual([S.shelfSaintPriest]);
    expect((await list('?search=50%25_')).member).toEqual([]);
    const byWarehouse = okJson(
      await k.get('admin', `/api/stocks?warehouse=${O.warehouseRoubaix}&itemsPerPage=100`),
    );
    expect(byWarehouse.member.every((s: StockResponse) => s.warehouse.id === O.warehouseRoubaix)).toBe(true);
    // a warehouse the manager does not see shows nothing
    expect((await list(`?warehouse=${O.warehouseRoubaix}`)).totalItems).toBe(0);
  });

  it('sorts by name, number of products and average age, and pages', async () => {
    const byName = (await list('?itemsPerPage=100&order[name]=desc')).member.map((s) => s.name.toLowerCase());
    expect(byName).toEqual([...byName].sort().reverse());
    const byCount = (await list('?itemsPerPage=100&order[productCount]=desc')).member.map(
      (s) => s.productCount,
    );
    expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
    const byAge = (await list('?itemsPerPage=100&order[averageAgeDays]=asc')).member.map(
      (s) => s.averageAgeDays,
    );
    const aged = byAge.filter((a) => a !== null) as number[];
    expect(aged).toEqual([...aged].sort((a, b) => a - b));
    // the empty stocks (no age) come last
    expect(byAge.slice(aged.length).every((a) => a === null)).toBe(true);
    const first = await list('?itemsPerPage=2&page=1&order[name]=asc');
    const secondPage = await list('?itemsPerPage=2&page=2&order[name]=asc');
    expect(first.member).toHaveLength(2);
    expect(first.totalItems).toBe(secondPage.totalItems);
    expect(secondPage.member[0]?.id).not.toBe(first.member[0]?.id);
  });
});

describe('the stock options of other screens’ selects', () => {
  it('lists every stock the user sees with its warehouse, for items_stock.read (the operator too)', async () => {
    const options: StockOptionsResponse = okJson(await as(operator).send('GET', '/api/stocks/options'));
    expect(options.member.every((s) => s.warehouseId === O.warehouseSaintPriest)).toBe(true);
    expect(options.member.find((s) => s.id === S.shelfSaintPriest)).toEqual({
      id: S.shelfSaintPriest,
      name: 'Étagère revente A',
      nativeKind: null,
      warehouseId: O.warehouseSaintPriest,
      warehouseName: 'Entrepôt Saint-Priest',
    });
    // natives first
    expect(options.member[0]?.nativeKind).not.toBeNull();
    const roubaix: StockOptionsResponse = okJson(
      await k.get('admin', `/api/stocks/options?warehouse=${O.warehouseRoubaix}`),
    );
    expect(roubaix.member.map((s) => s.id)).toContain(S.workshopRoubaix);
    expect(roubaix.member.every((s) => s.warehouseId === O.warehouseRoubaix)).toBe(true);
    expectProblem(await k.get('seller', '/api/stocks/options'), 403, 'forbidden');
  });
});

describe('creating a stock', () => {
  it('creates a stock in a warehouse the manager sees, audited, in the warehouse’s account', async () => {
    const stock = await create({ name: '  Quai de départ  ', identifier: '', location: null });
    expect(stock).toMatchObject({
      name: 'Quai de départ',
      identifier: null,
      location: null,
      nativeKind: null,
      warehouse: { id: O.warehouseSaintPriest },
      productCount: 0,
      averageAgeDays: null,
      refurbStepCount: 0,
    });
    expect(okJson(await k.get('warehouse', `/api/stocks/${stock.id}`))).toEqual(stock);
    const row = await k.t.db
      .selectFrom('stocks')
      .selectAll()
      .where('id', '=', stock.id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(DEMO.accounts.demoBuyer);
    const [entry] = await audits(stock.id);
    expect(entry).toMatchObject({
      action: 'create',
      entity_type: 'stock',
      account_id: DEMO.accounts.demoBuyer,
    });
  });

  it('refuses a name another stock of the warehouse has, whatever its case', async () => {
    expectViolation(
      await k.post('warehouse', '/api/stocks', {
        warehouseId: O.warehouseSaintPriest,
        name: 'atelier RÉPARATION',
      }),
      'stock_name_exists',
      'name',
    );
    // a native stock's name too
    expectViolation(
      await k.post('warehouse', '/api/stocks', { warehouseId: O.warehouseSaintPriest, name: 'TO REFURBISH' }),
      'stock_name_exists',
      'name',
    );
    expectProblem(
      await k.post('warehouse', '/api/stocks', {
        warehouseId: O.warehouseSaintPriest,
        name: 'Étagère revente a',
      }),
      422,
      'stock_name_exists',
    );
    // the same name in another warehouse is another stock
    okJson(
      await k.post('admin', '/api/stocks', { warehouseId: O.warehouseRoubaix, name: 'Atelier réparation' }),
      201,
    );
  });

  it('refuses a warehouse the user does not see (another warehouse, another account’s, not a warehouse)', async () => {
    for (const warehouseId of [O.warehouseRoubaix, second.warehouseId, O.storeParis, O.buyer])
      expectViolation(
        await k.post('warehouse', '/api/stocks', { warehouseId, name: `Ailleurs ${++sequence}` }),
        'warehouse_not_in_account',
        'warehouseId',
      );
    expect(
      await k.t.db.selectFrom('stocks').select('id').where('name', 'like', 'Ailleurs%').execute(),
    ).toEqual([]);
  });

  it('validates the name (required, 255 at most), the identifier and location (255 at most)', async () => {
    expectViolation(
      await k.post('warehouse', '/api/stocks', { warehouseId: O.warehouseSaintPriest, name: '   ' }),
      'required',
      'name',
    );
    expectViolation(
      await k.post('warehouse', '/api/stocks', {
        warehouseId: O.warehouseSaintPriest,
        name: 'x'.repeat(256),
      }),
      'too_long',
      'name',
    );
    expectViolation(
      await k.post('warehouse', '/api/stocks', {
        warehouseId: O.warehouseSaintPriest,
        name: 'Long',
        location: 'y'.repeat(256),
      }),
      'too_long',
      'location',
    );
    expectViolation(
      await k.post('warehouse', '/api/stocks', { name: 'Sans entrepôt' }),
      'required',
      'warehouseId',
    );
    okJson(
      await k.post('warehouse', '/api/stocks', {
        warehouseId: O.warehouseSaintPriest,
        name: 'x'.repeat(255),
      }),
      201,
    );
  });
});

describe('changing a stock', () => {
  it('renames a stock, changes its identifier and location, and audits before and after', async () => {
    const stock = await create();
    const changed = okJson(
      await k.patch('warehouse', `/api/stocks/${stock.id}`, { name: 'Rayon renommé', location: 'Quai 4' }),
    );
    expect(changed).toMatchObject({
      name: 'Rayon renommé',
      identifier: stock.identifier,
      location: 'Quai 4',
    });
    const cleared = okJson(await k.patch('warehouse', `/api/stocks/${stock.id}`, { identifier: null }));
    expect(cleared).toMatchObject({ name: 'Rayon renommé', identifier: null, location: 'Quai 4' });
    const entries = await audits(stock.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    expect(entries[1]).toMatchObject({
      before: expect.objectContaining({ name: stock.name }),
      after: expect.objectContaining({ name: 'Rayon renommé' }),
    });
    // nothing changed: nothing written
    okJson(await k.patch('warehouse', `/api/stocks/${stock.id}`, { name: 'Rayon renommé' }));
    expect(await audits(stock.id)).toHaveLength(3);
  });

  it('refuses a name another stock has (its own in another case is fine), and another warehouse', async () => {
    const stock = await create();
    expectViolation(
      await k.patch('warehouse', `/api/stocks/${stock.id}`, { name: 'ÉTAGÈRE REVENTE A' }),
      'stock_name_exists',
      'name',
    );
    okJson(await k.patch('warehouse', `/api/stocks/${stock.id}`, { name: stock.name.toUpperCase() }));
    expectViolation(
      await k.patch('warehouse', `/api/stocks/${stock.id}`, { warehouseId: O.warehouseRoubaix }),
      'immutable_field',
      'warehouseId',
    );
    okJson(await k.patch('warehouse', `/api/stocks/${stock.id}`, { warehouseId: O.warehouseSaintPriest }));
    expectViolation(await k.patch('warehouse', `/api/stocks/${stock.id}`, { name: '' }), 'required', 'name');
  });

  it('keeps a native stock’s name (409 native_stock_immutable) but lets its identifier and location change', async () => {
    const id = await nativeStock(O.warehouseSaintPriest, 'to_refurbish');
    const native = okJson(await k.get('warehouse', `/api/stocks/${id}`));
    expectProblem(
      await k.patch('warehouse', `/api/stocks/${id}`, { name: 'Mes réparations' }),
      409,
      'native_stock_immutable',
    );
    const changed = okJson(
      await k.patch('warehouse', `/api/stocks/${id}`, {
        name: native.name,
        identifier: 'SP-REC',
        location: 'Zone R',
      }),
    );
    expect(changed).toMatchObject({ name: 'To refurbish', nativeKind: 'to_refurbish', identifier: 'SP-REC' });
  });
});

describe('deleting a stock', () => {
  it('deletes an empty stock, audited; it is gone then', async () => {
    const stock = await create();
    expect((await k.remove('warehouse', `/api/stocks/${stock.id}`)).statusCode).toBe(204);
    expectProblem(await k.get('warehouse', `/api/stocks/${stock.id}`), 404, 'not_found');
    expect((await audits(stock.id)).map((e) => e.action)).toEqual(['create', 'remove']);
    expectProblem(await k.remove('warehouse', `/api/stocks/${stock.id}`), 404, 'not_found');
  });

  it('never deletes a native stock', async () => {
    for (const kind of ['awaiting_control', 'refurbishment_completed', 'customer_return', 'in_quarantine']) {
      const id = await nativeStock(O.warehouseSaintPriest, kind);
      expectProblem(await k.remove('warehouse', `/api/stocks/${id}`), 409, 'native_stock_immutable');
    }
    const empty = await nativeStock(O.warehouseSaintPriest, 'to_refurbish');
    expectProblem(await k.remove('admin', `/api/stocks/${empty}`), 409, 'native_stock_immutable');
    expect(await k.t.db.selectFrom('stocks').select('id').where('id', '=', empty).execute()).toHaveLength(1);
  });

  it('refuses a stock holding an item, and deletes it once the item left (its history keeps the move)', async () => {
    const stock = await create();
    const item = await itemAwaitingDispatch(3);
    await moveTo(item, stock.id);
    const refused = expectProblem(
      await k.remove('warehouse', `/api/stocks/${stock.id}`),
      409,
      'stock_not_empty',
    );
    expect(refused).toMatchObject({ items: 1, refurbSteps: 0, itemRefurbSteps: 0 });
    await moveTo(item, S.shelfSaintPriest);
    expect((await k.remove('warehouse', `/api/stocks/${stock.id}`)).statusCode).toBe(204);
    const history = okJson(await k.get('warehouse', `/api/items/${item}/history`)).member;
    // the move into the deleted stock stays in the history, without the stock
    expect(history.filter((e: { reason: string }) => e.reason === 'stock_move')).toHaveLength(2);
    expect(history.at(-1).stock).toMatchObject({ id: S.shelfSaintPriest });
  });

  it('refuses the stock of a service, and of an item service not finished', async () => {
    expectProblem(
      await k.remove('warehouse', `/api/stocks/${S.workshopSaintPriest}`),
      409,
      'stock_not_empty',
    );
    const stock = await create();
    const item = await itemAwaitingDispatch();
    const [step] = await k.t.db
      .insertInto('item_refurb_steps')
      .values({
        item_id: item,
        account_id: DEMO.accounts.demoBuyer,
        warehouse_id: O.warehouseSaintPriest,
        name: 'Nettoyage complet',
        stock_id: stock.id,
        status: 'paused',
      })
      .returning('id')
      .execute();
    const refused = expectProblem(
      await k.remove('warehouse', `/api/stocks/${stock.id}`),
      409,
      'stock_not_empty',
    );
    expect(refused).toMatchObject({ items: 0, refurbSteps: 0, itemRefurbSteps: 1 });
    // finished, it no longer holds the stock
    await k.t.db
      .updateTable('item_refurb_steps')
      .set({ status: 'completed' })
      .where('id', '=', step?.id as string)
      .execute();
    expect((await k.remove('warehouse', `/api/stocks/${stock.id}`)).statusCode).toBe(204);
    const kept = await k.t.db
      .selectFrom('item_refurb_steps')
      .select('stock_id')
      .where('id', '=', step?.id as string)
      .executeTakeFirstOrThrow();
    expect(kept.stock_id).toBeNull();
  });
});

describe('who may do what', () => {
  it('a warehouse operator reads no stock list and writes no stock (403)', async () => {
    const stock = await create();
    const op = as(operator);
    for (const [method, url, payload] of [
      ['GET', '/api/stocks', undefined],
      ['GET', `/api/stocks/${stock.id}`, undefined],
      ['POST', '/api/stocks', { warehouseId: O.warehouseSaintPriest, name: 'Opérateur' }],
      ['PATCH', `/api/stocks/${stock.id}`, { name: 'Opérateur' }],
      ['DELETE', `/api/stocks/${stock.id}`, undefined],
    ] as const)
      expectProblem(await op.send(method, url, payload), 403, 'forbidden');
    expect(okJson(await k.get('warehouse', `/api/stocks/${stock.id}`)).name).toBe(stock.name);
  });

  it('store users and the buyer manager have no stock screens (403)', async () => {
    for (const who of ['seller', 'storeManager', 'rmu', 'buyer'] as const) {
      expectProblem(await k.get(who, '/api/stocks'), 403, 'forbidden');
      expectProblem(
        await k.post(who, '/api/stocks', { warehouseId: O.warehouseSaintPriest, name: who }),
        403,
        'forbidden',
      );
    }
  });

  it('another buyer’s manager sees none of Demo Buyer’s stocks and changes none (404)', async () => {
    const foreign = as(foreignManager);
    const page = okJson(await foreign.send('GET', '/api/stocks?itemsPerPage=100'));
    expect(page.member.every((s: StockResponse) => s.warehouse.id === second.warehouseId)).toBe(true);
    expect(page.totalItems).toBe(5);
    const options = okJson(await foreign.send('GET', '/api/stocks/options'));
    expect(options.member.every((s: { warehouseId: string }) => s.warehouseId === second.warehouseId)).toBe(
      true,
    );
    const stock = await create();
    expectProblem(await foreign.send('GET', `/api/stocks/${stock.id}`), 404, 'not_found');
    expectProblem(await foreign.send('PATCH', `/api/stocks/${stock.id}`, { name: 'Volé' }), 404, 'not_found');
    expectProblem(await foreign.send('DELETE', `/api/stocks/${stock.id}`), 404, 'not_found');
    expect(
      okJson(await foreign.send('GET', `/api/stocks?warehouse=${O.warehouseSaintPriest}`)).totalItems,
    ).toBe(0);
    expect(okJson(await k.get('warehouse', `/api/stocks/${stock.id}`)).name).toBe(stock.name);
    // and Demo Buyer's Roubaix manager does not reach Saint-Priest's
    expectProblem(await as(roubaixManager).send('GET', `/api/stocks/${stock.id}`), 404, 'not_found');
    // its own stocks are its own: Demo Buyer's manager does not reach them either
    const [foreignStock] = page.member as StockResponse[];
    expectProblem(await k.get('warehouse', `/api/stocks/${foreignStock?.id}`), 404, 'not_found');
    expectProblem(await k.remove('admin', `/api/stocks/${foreignStock?.id}`), 409, 'native_stock_immutable');
  });
});
