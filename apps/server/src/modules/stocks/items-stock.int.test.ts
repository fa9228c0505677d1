import type { ItemEventResponse, ItemStockDetailResponse, ItemStockResponse } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, okJson, requestAs } from '../../../test/api-kit';
import { type BuybackKit, CIRCUIT, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { addOtherBuyerUser } from '../../../test/buyer-kit';
import {
  advanceItem,
  nativeStockId,
  quarantineItem,
  warehouseManagerContext,
} from '../../../test/item-moves-kit';
import type { RequestContext } from '../../platform/request-context';

/**
 * Items in stock (items-stock.routes.ts): the items kept in the stocks
 * of the user's warehouses (not dispatched), filtered and sorted; the item page with its economic
 * data, its control's results and its customer's answers; the resale price and serial number the
 * manager sets; the move to another stock of the item's warehouse, written in the item's history.
 */

const O = DEMO.orgs;
const S = DEMO.stocks;
const W = DEMO.warehouseItems;
const DAY = 86_400_000;

let k: BuybackKit;
let manager: RequestContext;
let operator: string;
let foreign: string;
/** A fresh item awaiting dispatch at Saint-Priest, registered 12 days ago, and its numbers. */
let fresh: { id: string; number: string; buybackNumber: string; product: string };

beforeAll(async () => {
  k = await startBuybackKit();
  manager = await warehouseManagerContext(k.t);
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  foreign = await addOtherBuyerUser(k.t, 'warehouse_manager');
  const b = await k.createBuyback();
  fresh = {
    id: await awaitingDispatch(b.item.id, 12),
    number: b.item.identificationNumber,
    buybackNumber: b.identificationNumber,
    product: b.product.name,
  };
});
afterAll(() => k.close());

async function awaitingDispatch(itemId: string, days: number): Promise<string> {
  await advanceItem(manager, itemId, 'item_completed_by_price');
  await k.t.db
    .updateTable('buyback_items')
    .set({ registered_at: new Date(Date.now() - days * DAY) })
    .where('id', '=', itemId)
    .execute();
  return itemId;
}

const as = (authorization: string) => ({
  send: (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    requestAs(k.t, authorization, method, url, payload),
});

const list = async (query = ''): Promise<{ member: ItemStockResponse[]; totalItems: number }> =>
  okJson(await k.get('warehouse', `/api/items-stock?itemsPerPage=100${query}`));
const ids = async (query = '') => (await list(query)).member.map((i) => i.id);

const idOf = async (code: string): Promise<string> =>
  okJson(await k.get('warehouse', `/api/items/by-code/${code}`)).id;

const nativeStock = (kind: string, warehouseId?: string) => nativeStockId(k.t, kind, warehouseId);

const history = async (itemId: string): Promise<ItemEventResponse[]> =>
  okJson(await k.get('warehouse', `/api/items/${itemId}/history`)).member;

const move = (itemId: string, body: object, who: 'warehouse' | 'seller' | 'buyer' = 'warehouse') =>
  k.post(who, `/api/items/${itemId}/move-to-stock`, body);

describe('the items in stock', () => {
  it('lists the items kept in a stock of the manager’s warehouse, with their product, retailer, stock and age', async () => {
    const page = await list();
    const row = page.member.find((i) => i.id === fresh.id);
    expect(row).toMatchObject({
      identificationNumber: fresh.number,
      status: 'item_completed_by_price',
      buyback: { identificationNumber: fresh.buybackNumber },
      product: { name: fresh.product },
      retailer: { id: DEMO.accounts.demoRetail, name: 'Demo Retail' },
      warehouse: { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
      stock: { nativeKind: 'awaiting_control' },
      ageDays: 12,
      dispatchedAt: null,
    });
    expect(Number.isNaN(Date.parse(row?.latestMoveAt ?? ''))).toBe(false);
    // the demo items in the warehouse are there, those still in transit (in no stock) are not
    expect(page.member.map((i) => i.identificationNumber)).toEqual(
      expect.arrayContaining([W.completedByPrice, W.completedWithAbsorption, W.registered[0]]),
    );
    expect(page.member.map((i) => i.identificationNumber)).not.toContain(W.inTransit[0]);
    expect(page.member.every((i) => i.warehouse.id === O.warehouseSaintPriest)).toBe(true);
  });

  it('leaves out the dispatched items', async () => {
    const b = await k.createBuyback();
    await awaitingDispatch(b.item.id, 1);
    expect(await ids()).toContain(b.item.id);
    await k.t.db
      .updateTable('buyback_items')
      .set({ dispatched_at: new Date() })
      .where('id', '=', b.item.id)
      .execute();
    expect(await ids()).not.toContain(b.item.id);
  });

  it('finds an item by its code: its 13 digits, its buyback’s, or its last 8; another length is refused', async () => {
    for (const code of [fresh.number, fresh.buybackNumber, fresh.number.slice(-8)])
      expect(await ids(`&code=${code}`)).toEqual([fresh.id]);
    expectViolation(await k.get('warehouse', '/api/items-stock?code=12345'), 'code_length_invalid', 'code');
    expect(await ids('&code=2199999999999')).toEqual([]);
  });

  it('filters by warehouse, stock, status, retailer, product and minimum age', async () => {
    expect(await ids(`&warehouse=${O.warehouseSaintPriest}`)).toContain(fresh.id);
    expect(await ids(`&warehouse=${O.warehouseRoubaix}`)).toEqual([]);
    const awaiting = await nativeStock('awaiting_control');
    expect(await ids(`&stock=${awaiting}`)).toContain(fresh.id);
    expect(await ids(`&stock=${S.shelfSaintPriest}`)).not.toContain(fresh.id);
    const byStatus = await list('&status=item_completed_by_price');
    expect(byStatus.member.map((i) => i.id)).toContain(fresh.id);
    expect(byStatus.member.every((i) => i.status === 'item_completed_by_price')).toBe(true);
    expect(await ids('&status=item_in_quarantine')).not.toContain(fresh.id);
    expect(await ids(`&account=${DEMO.accounts.demoRetail}`)).toContain(fresh.id);
    expect(await ids(`&account=${DEMO.accounts.otherRetail}`)).toEqual([]);
    expect(await ids(`&product=${encodeURIComponent(fresh.product.toUpperCase())}`)).toContain(fresh.id);
    expect(await ids('&product=apple')).toContain(fresh.id);
    expect(await ids('&product=zzz-none')).toEqual([]);
    expect(await ids('&minAgeDays=11')).toContain(fresh.id);
    expect(await ids('&minAgeDays=13')).not.toContain(fresh.id);
    const old = await list('&minAgeDays=9');
    expect(old.member.every((i) => (i.ageDays ?? 0) >= 9)).toBe(true);
  });

  it('sorts by item number, age and latest move, and pages', async () => {
    const numbers = (await list('&order[identificationNumber]=asc')).member.map(
      (i) => i.identificationNumber,
    );
    expect(numbers).toEqual([...numbers].sort());
    const ages = (await list('&order[ageDays]=desc')).member.map((i) => i.ageDays).filter((a) => a !== null);
    expect(ages).toEqual([...ages].sort((a, b) => (b as number) - (a as number)));
    const moves = (await list('&order[latestMoveAt]=desc')).member.map((i) => i.latestMoveAt ?? '');
    expect(moves).toEqual([...moves].sort().reverse());
    const total = (await list()).totalItems;
    const page = okJson(await k.get('warehouse', '/api/items-stock?itemsPerPage=2&page=2'));
    expect(page.totalItems).toBe(total);
    expect(page.member).toHaveLength(2);
    expect(page.view.previous).toContain('page=1');
  });
});

describe('the item page', () => {
  it('answers the item with its control’s results, its customer’s answers and its economic data', async () => {
    const id = await idOf(W.completedWithAbsorption);
    const item: ItemStockDetailResponse = okJson(await k.get('warehouse', `/api/items-stock/${id}`));
    expect(item).toMatchObject({
      id,
      identificationNumber: W.completedWithAbsorption,
      status: 'item_completed_with_absorption',
      warehouse: { id: O.warehouseSaintPriest },
      compliance: {
        controlledBy: { name: expect.any(String) },
        warehouseComment: 'Chargeur absent : écart absorbé.',
      },
      economics: {
        currency: 'EUR',
        paidPriceCents: item.validatedPriceCents,
        plannedRefurbCostCents: 0,
        completedRefurbCostCents: 0,
        resalePriceCents: null,
        marginCents: null,
      },
      refurbCompletedAt: null,
      dispatchedAt: null,
    });
    expect(item.compliance?.absorbedCents).toBeGreaterThan(0);
    expect(item.compliance?.answers.length).toBeGreaterThan(0);
    expect(item.diagnosis.answers.length).toBe(item.compliance?.answers.length);
    expect(item.diagnosis.declaredPriceCents).toBe(item.buyback.declaredPriceCents);
    // the control found no charger where the customer declared one
    expect(item.compliance?.answers).not.toEqual(item.diagnosis.answers);
    const buyback = okJson(await k.get('warehouse', `/api/buybacks/${item.buyback.id}`));
    expect(item.diagnosis.answers).toEqual(buyback.answers);
  });

  it('has no control results for an item not controlled yet; pays the purchase price then', async () => {
    const id = await idOf(W.registered[0] as string);
    const item: ItemStockDetailResponse = okJson(await k.get('warehouse', `/api/items-stock/${id}`));
    expect(item.compliance).toBeNull();
    expect(item.economics.paidPriceCents).toBe(item.purchasePriceCents);
    // the operator reads it too
    expect(okJson(await as(operator).send('GET', `/api/items-stock/${id}`)).id).toBe(id);
  });

  it('sets the resale price: the margin is resale − paid − the planned cost, then the completed one', async () => {
    const before = await history(fresh.id);
    const moved = okJson(await k.get('warehouse', `/api/items-stock/${fresh.id}`));
    const item: ItemStockDetailResponse = okJson(
      await k.patch('warehouse', `/api/items-stock/${fresh.id}`, { resalePriceCents: 40000 }),
    );
    const paid = item.economics.paidPriceCents;
    expect(item.economics).toMatchObject({ resalePriceCents: 40000, marginCents: 40000 - paid });
    // not a move: no item event, the latest move unchanged; audited
    expect(await history(fresh.id)).toHaveLength(before.length);
    expect(item.latestMoveAt).toBe(moved.latestMoveAt);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['entity_type', 'before', 'after'])
      .where('entity_id', '=', fresh.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      entity_type: 'item',
      before: { resalePriceCents: null },
      after: { resalePriceCents: 40000 },
    });
    await k.t.db
      .updateTable('buyback_items')
      .set({ planned_refurb_cost_cents: 7500, completed_refurb_cost_cents: 4000 })
      .where('id', '=', fresh.id)
      .execute();
    const planned = okJson(await k.get('warehouse', `/api/items-stock/${fresh.id}`));
    expect(planned.economics.marginCents).toBe(40000 - paid - 7500);
    await k.t.db
      .updateTable('buyback_items')
      .set({ refurb_completed_at: new Date() })
      .where('id', '=', fresh.id)
      .execute();
    const completed = okJson(await k.get('warehouse', `/api/items-stock/${fresh.id}`));
    expect(completed.economics.marginCents).toBe(40000 - paid - 4000);
    expect(completed.refurbCompletedAt).not.toBeNull();
  });

  it('sets the serial number alone (the resale price stays), and removes either with null', async () => {
    const item = okJson(
      await k.patch('warehouse', `/api/items-stock/${fresh.id}`, { serialNumber: ' SN-4471 ' }),
    );
    expect(item).toMatchObject({ serialNumber: 'SN-4471', economics: { resalePriceCents: 40000 } });
    const cleared = okJson(
      await k.patch('warehouse', `/api/items-stock/${fresh.id}`, {
        serialNumber: '',
        resalePriceCents: null,
      }),
    );
    expect(cleared).toMatchObject({
      serialNumber: null,
      economics: { resalePriceCents: null, marginCents: null },
    });
    expectViolation(
      await k.patch('warehouse', `/api/items-stock/${fresh.id}`, { resalePriceCents: -1 }),
      'too_small',
      'resalePriceCents',
    );
    expectViolation(
      await k.patch('warehouse', `/api/items-stock/${fresh.id}`, { serialNumber: 'x'.repeat(65) }),
      'too_long',
      'serialNumber',
    );
  });

  it('is read with items_stock.read and written with stock.manage only', async () => {
    expectProblem(await k.get('seller', `/api/items-stock/${fresh.id}`), 403, 'forbidden');
    expectProblem(await k.get('seller', '/api/items-stock'), 403, 'forbidden');
    expectProblem(await k.get('buyer', '/api/items-stock'), 403, 'forbidden');
    expectProblem(
      await as(operator).send('PATCH', `/api/items-stock/${fresh.id}`, { resalePriceCents: 1 }),
      403,
      'forbidden',
    );
    expectProblem(
      await k.patch('seller', `/api/items-stock/${fresh.id}`, { resalePriceCents: 1 }),
      403,
      'forbidden',
    );
    expect(okJson(await as(operator).send('GET', '/api/items-stock')).totalItems).toBeGreaterThan(0);
  });
});

describe('moving an item to another stock', () => {
  it('moves it to another stock of its warehouse, its status unchanged, with an item event stock_move', async () => {
    const b = await k.createBuyback();
    await awaitingDispatch(b.item.id, 2);
    const moved = okJson(
      await move(b.item.id, { stockId: S.shelfSaintPriest, comment: ' Prêt à revendre ' }),
    );
    expect(moved).toMatchObject({
      status: 'item_completed_by_price',
      stock: { id: S.shelfSaintPriest, name: 'Étagère revente A', nativeKind: null },
    });
    const last = (await history(b.item.id)).at(-1);
    expect(last).toMatchObject({
      fromStatus: 'item_completed_by_price',
      toStatus: 'item_completed_by_price',
      reason: 'stock_move',
      comment: 'Prêt à revendre',
      stock: { id: S.shelfSaintPriest },
      place: { id: O.warehouseSaintPriest },
      by: { name: expect.any(String) },
    });
    expect(await ids(`&stock=${S.shelfSaintPriest}`)).toContain(b.item.id);
    // the operator moves items too (refurb.write)
    const back = await nativeStock('refurbishment_completed');
    expect(
      okJson(await as(operator).send('POST', `/api/items/${b.item.id}/move-to-stock`, { stockId: back }))
        .stock.id,
    ).toBe(back);
  });

  it('refuses the stock it is in, a stock of another warehouse, and an unknown stock', async () => {
    const current = (okJson(await k.get('warehouse', `/api/items/${fresh.id}`)) as { stock: { id: string } })
      .stock.id;
    expectViolation(await move(fresh.id, { stockId: current }), 'same_stock', 'stockId');
    expectViolation(
      await move(fresh.id, { stockId: S.workshopRoubaix }),
      'stock_not_in_warehouse',
      'stockId',
    );
    expectViolation(
      await move(fresh.id, { stockId: '00000000-0000-4000-8000-00000000ffff' }),
      'stock_not_in_warehouse',
      'stockId',
    );
    expectViolation(await move(fresh.id, {}), 'required', 'stockId');
    expectViolation(
      await move(fresh.id, { stockId: S.shelfSaintPriest, comment: 'x'.repeat(256) }),
      'too_long',
      'comment',
    );
    expect(
      (okJson(await k.get('warehouse', `/api/items/${fresh.id}`)) as { stock: { id: string } }).stock.id,
    ).toBe(current);
  });

  it('refuses an item in no stock, dispatched, lost or in quarantine (item_status_mismatch)', async () => {
    const inTransit = await idOf(W.inTransit[0] as string);
    const lost = await idOf(W.lostInWarehouse);
    const quarantined = await k.createBuyback();
    await quarantineItem(manager, quarantined.item.id);
    const dispatched = await k.createBuyback();
    await awaitingDispatch(dispatched.item.id, 1);
    await k.t.db
      .updateTable('buyback_items')
      .set({ dispatched_at: new Date() })
      .where('id', '=', dispatched.item.id)
      .execute();
    for (const id of [inTransit, lost, quarantined.item.id, dispatched.item.id]) {
      const before = await history(id);
      expectProblem(await move(id, { stockId: S.shelfSaintPriest }), 409, 'item_status_mismatch');
      expect(await history(id)).toHaveLength(before.length);
    }
  });

  it('is refused without refurb.write (store seller, buyer manager: 403)', async () => {
    expectProblem(await move(fresh.id, { stockId: S.shelfSaintPriest }, 'seller'), 403, 'forbidden');
    expectProblem(await move(fresh.id, { stockId: S.shelfSaintPriest }, 'buyer'), 403, 'forbidden');
  });
});

describe('another buyer’s warehouse', () => {
  it('sees none of Demo Buyer’s items and changes none (404 item_not_found)', async () => {
    const other = as(foreign);
    const page = okJson(await other.send('GET', '/api/items-stock?itemsPerPage=100'));
    expect(page.totalItems).toBe(0);
    expect(okJson(await other.send('GET', `/api/items-stock?code=${fresh.number}`)).member).toEqual([]);
    expectProblem(await other.send('GET', `/api/items-stock/${fresh.id}`), 404, 'item_not_found');
    expectProblem(
      await other.send('PATCH', `/api/items-stock/${fresh.id}`, { resalePriceCents: 1 }),
      404,
      'item_not_found',
    );
    expectProblem(
      await other.send('POST', `/api/items/${fresh.id}/move-to-stock`, { stockId: S.shelfSaintPriest }),
      404,
      'item_not_found',
    );
    const item = okJson(await k.get('warehouse', `/api/items-stock/${fresh.id}`));
    expect(item.economics.resalePriceCents).toBeNull();
  });

  it('a Demo Buyer item sent to Roubaix is not in Saint-Priest’s list', async () => {
    const b = await k.createBuyback({ shippingMethodId: CIRCUIT.storeCollect });
    await k.t.db
      .updateTable('buyback_items')
      .set({ stock_id: S.workshopRoubaix })
      .where('id', '=', b.item.id)
      .execute();
    expect(await ids()).not.toContain(b.item.id);
    expect(
      okJson(
        await k.get('admin', `/api/items-stock?itemsPerPage=100&warehouse=${O.warehouseRoubaix}`),
      ).member.map((i: ItemStockResponse) => i.id),
    ).toContain(b.item.id);
  });
});
