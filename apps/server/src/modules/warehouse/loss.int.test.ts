import type { BuybackResponse, ItemEventResponse } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { addOtherBuyerUser } from '../../../test/buyer-kit';
import { advanceItem, quarantineItem, warehouseManagerContext } from '../../../test/item-moves-kit';
import type { RequestContext } from '../../platform/request-context';
import { markItemLost } from './loss.service';

/**
 * Loss (docs/statuses.md "Loss"): in store, in transport, in the warehouse,
 * each with its permission; undone only by an admin, with a reason, back to the status before.
 * Every step is an item event (the item's history).
 */

const O = DEMO.orgs;

let k: BuybackKit;
let warehouse: RequestContext;
let operator: string;
let otherWarehouse: string;

beforeAll(async () => {
  k = await startBuybackKit();
  warehouse = await warehouseManagerContext(k.t);
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  otherWarehouse = await addOtherBuyerUser(k.t, 'warehouse_operator');
});
afterAll(() => k.close());

const as = (authorization: string) => ({
  post: (url: string, payload: object = {}) =>
    k.t.app.inject({ method: 'POST', url, headers: { authorization }, payload }),
});

const history = async (itemId: string): Promise<ItemEventResponse[]> => {
  const res = await k.get('admin', `/api/items/${itemId}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().member;
};

const detail = async (b: BuybackResponse, who: 'warehouse' | 'admin' | 'seller' = 'warehouse') =>
  (await k.get(who, `/api/buybacks/${b.id}`)).json() as BuybackResponse;

describe('loss in transport', () => {
  it('an operator declares an item in transit lost; the buyback is not completed', async () => {
    const b = await k.createBuyback();
    await advanceItem(warehouse, b.item.id, 'item_in_transit');
    expect((await detail(b)).allowedActions).toMatchObject({
      markLostTransport: true,
      markLostWarehouse: false,
    });
    const res = await as(operator).post(`/api/items/${b.item.id}/mark-lost`, {
      place: 'transport',
      comment: 'Colis jamais livré',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_lost_transport',
      buyback: { status: 'bb_not_completed' },
    });
    expect((await history(b.item.id)).at(-1)).toMatchObject({
      fromStatus: 'item_in_transit',
      toStatus: 'item_lost_transport',
      reason: 'loss',
      comment: 'Colis jamais livré',
      by: { name: 'Wendy Janssens' },
    });
    expectProblem(
      await as(operator).post(`/api/items/${b.item.id}/mark-lost`, { place: 'transport' }),
      409,
      'item_status_mismatch',
    );
  });

  it('also before the carrier’s first event (item created)', async () => {
    const b = await k.createBuyback();
    await k.t.db
      .updateTable('buyback_items')
      .set({ status: 'item_created' })
      .where('id', '=', b.item.id)
      .execute();
    const res = await as(operator).post(`/api/items/${b.item.id}/mark-lost`, { place: 'transport' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_lost_transport',
      buyback: { status: 'bb_not_completed' },
    });
  });

  it('is refused while the product is still in the store, and to store users', async () => {
    const b = await k.createBuyback();
    expectProblem(
      await as(operator).post(`/api/items/${b.item.id}/mark-lost`, { place: 'transport' }),
      409,
      'item_status_mismatch',
    );
    await advanceItem(warehouse, b.item.id, 'item_in_transit');
    expectProblem(
      await k.post('seller', `/api/items/${b.item.id}/mark-lost`, { place: 'transport' }),
      403,
      'forbidden',
    );
    expectProblem(
      await k.post('storeManager', `/api/items/${b.item.id}/mark-lost`, { place: 'transport' }),
      403,
      'forbidden',
    );
    expect(
      (await k.post('warehouse', `/api/items/${b.item.id}/mark-lost`, { place: 'store' })).statusCode,
    ).toBe(422);
  });
});

describe('loss in the warehouse', () => {
  it('an operator declares it lost from a warehouse status; a store seller may not', async () => {
    const b = await k.createBuyback();
    await advanceItem(warehouse, b.item.id, 'item_awaiting_compliancy_tests');
    expectProblem(
      await k.post('seller', `/api/items/${b.item.id}/mark-lost`, { place: 'warehouse' }),
      403,
      'forbidden',
    );
    expect((await detail(b, 'seller')).allowedActions.markLostWarehouse).toBe(false);
    expect((await detail(b)).allowedActions.markLostWarehouse).toBe(true);
    // in transit is not a warehouse status
    const inTransit = await k.createBuyback();
    await advanceItem(warehouse, inTransit.item.id, 'item_in_transit');
    expectProblem(
      await as(operator).post(`/api/items/${inTransit.item.id}/mark-lost`, { place: 'warehouse' }),
      409,
      'item_status_mismatch',
    );
    const res = await as(operator).post(`/api/items/${b.item.id}/mark-lost`, {
      place: 'warehouse',
      comment: 'Introuvable en zone de contrôle',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_lost_warehouse',
      buyback: { status: 'bb_not_completed' },
    });
    expect((await history(b.item.id)).at(-1)).toMatchObject({
      toStatus: 'item_lost_warehouse',
      reason: 'loss',
      place: { id: O.warehouseSaintPriest },
    });
  });

  it('also from quarantine', async () => {
    const b = await k.createBuyback();
    await quarantineItem(warehouse, b.item.id);
    const res = await as(operator).post(`/api/items/${b.item.id}/mark-lost`, { place: 'warehouse' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('item_lost_warehouse');
  });

  it('checks the permission of the place asked, not only one of them', async () => {
    const b = await k.createBuyback();
    await advanceItem(warehouse, b.item.id, 'item_registered_in_warehouse');
    // a user who could declare losses in transport only
    const transportOnly: RequestContext = {
      ...warehouse,
      actor: { ...warehouse.actor, permissions: new Set(['item.mark_lost_transport']) },
    };
    await expect(
      markItemLost(transportOnly, b.item.id, { place: 'warehouse', comment: null }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect((await k.get('warehouse', `/api/items/${b.item.id}`)).json().status).toBe(
      'item_registered_in_warehouse',
    );
  });

  it('another buyer’s warehouse does not reach the item', async () => {
    const b = await k.createBuyback();
    await advanceItem(warehouse, b.item.id, 'item_registered_in_warehouse');
    expectProblem(
      await as(otherWarehouse).post(`/api/items/${b.item.id}/mark-lost`, { place: 'warehouse' }),
      404,
      'item_not_found',
    );
  });
});

describe('loss in store', () => {
  it('is an item move: its history records who, where and why', async () => {
    const b = await k.createBuyback();
    const res = await k.post('seller', `/api/buybacks/${b.id}/mark-lost`, { comment: 'Volé en magasin' });
    expect(res.statusCode, res.body).toBe(200);
    const events = await k.get('seller', `/api/items/${b.item.id}/history`);
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().member).toEqual([
      expect.objectContaining({
        fromStatus: 'item_awaiting_inventory',
        toStatus: 'item_lost_store',
        reason: 'loss',
        comment: 'Volé en magasin',
        by: expect.objectContaining({ name: 'Sébastien Moreau' }),
        place: { id: O.storeParis, commonName: expect.any(String) },
      }),
    ]);
    const additional = (await k.get('seller', `/api/buybacks/${b.id}/additional-infos`)).json();
    expect(additional.statusHistory.at(-1)).toMatchObject({
      status: 'bb_not_completed',
      itemStatus: 'item_lost_store',
    });
  });
});

describe('undoing a loss', () => {
  it('an admin undoes a loss in the warehouse with a reason: the item and the buyback go back, a loss_reverted event is written', async () => {
    const b = await k.createBuyback();
    await advanceItem(warehouse, b.item.id, 'item_awaiting_compliancy_tests');
    await as(operator).post(`/api/items/${b.item.id}/mark-lost`, { place: 'warehouse' });
    expect((await detail(b, 'admin')).allowedActions.revertLoss).toBe(true);
    expect((await detail(b)).allowedActions.revertLoss).toBe(false);
    expectProblem(
      await k.post('warehouse', `/api/items/${b.item.id}/revert-loss`, { reason: 'Retrouvé' }),
      403,
      'forbidden',
    );
    expect((await k.post('admin', `/api/items/${b.item.id}/revert-loss`, {})).statusCode).toBe(422);
    expect((await k.post('admin', `/api/items/${b.item.id}/revert-loss`, { reason: '  ' })).statusCode).toBe(
      422,
    );
    expect(
      (await k.post('admin', `/api/items/${b.item.id}/revert-loss`, { reason: 'x'.repeat(256) })).statusCode,
    ).toBe(422);
    const res = await k.post('admin', `/api/items/${b.item.id}/revert-loss`, {
      reason: 'Retrouvé sur une étagère',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_awaiting_compliancy_tests',
      buyback: { status: 'bb_in_processing' },
    });
    expect((await history(b.item.id)).at(-1)).toMatchObject({
      fromStatus: 'item_lost_warehouse',
      toStatus: 'item_awaiting_compliancy_tests',
      reason: 'loss_reverted',
      comment: 'Retrouvé sur une étagère',
    });
    expectProblem(
      await k.post('admin', `/api/items/${b.item.id}/revert-loss`, { reason: 'Encore' }),
      409,
      'not_lost',
    );
  });

  it('undoes a loss in store: awaiting the inventory again', async () => {
    const b = await k.createBuyback();
    await k.post('seller', `/api/buybacks/${b.id}/mark-lost`, {});
    const res = await k.post('admin', `/api/items/${b.item.id}/revert-loss`, {
      reason: 'Retrouvé au coffre',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_awaiting_inventory',
      buyback: { status: 'bb_awaiting_inventory' },
    });
    expect((await detail(b, 'seller')).allowedActions.markLost).toBe(true);
    expectProblem(
      await k.post('seller', `/api/items/${b.item.id}/revert-loss`, { reason: 'x' }),
      403,
      'forbidden',
    );
  });

  it('answers not_lost for an item that is not lost', async () => {
    const b = await k.createBuyback();
    expectProblem(
      await k.post('admin', `/api/items/${b.item.id}/revert-loss`, { reason: 'x' }),
      409,
      'not_lost',
    );
  });
});
