import type { ItemEventResponse } from '@reprise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, type Who } from '../../../test/api-kit';
import { type BuybackKit, CIRCUIT, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { addBuyer, addUser } from '../../../test/buyer-kit';
import { contextOfUser } from '../../../test/item-moves-kit';
import { type RequestContext, transact } from '../../platform/request-context';
import { findNativeStock, moveItem, resolveItem } from '../buyback-lifecycle';

/**
 * Reading items (items.routes.ts): GET /api/items/{id}, /api/items/by-code/{code} (13 digits: the
 * item's or its buyback's number; 8: the last 8 digits of the item's number) and
 * /api/items/{id}/history, each scoped as the buybacks are (buyback-lifecycle/items.repository.ts): a warehouse sees
 * the items sent to its warehouses, a buyer those assigned to it, a retailer its own; anything
 * else is `item_not_found`, as an unknown code is.
 */

const O = DEMO.orgs;

let k: BuybackKit;
let seller: RequestContext;
let operator: RequestContext;
/** An operator of another buyer account's warehouse, and one of Demo Buyer's Roubaix warehouse. */
let foreign: string;
let roubaix: string;
/** A Paris store drop (Saint-Priest) and a Paris store collection (Roubaix), both Demo Buyer's. */
let toSaintPriest: { id: string; number: string; buybackNumber: string };
let toRoubaix: { id: string; number: string; buybackNumber: string };

beforeAll(async () => {
  k = await startBuybackKit();
  seller = await contextOfUser(k.t, (await k.t.login('store_seller@demo.test')).authorization);
  operator = await contextOfUser(k.t, (await k.t.login('warehouse_operator@demo.test')).authorization);
  const second = await addBuyer(k.t, 'Foreign Buyer');
  foreign = await addUser(k.t, {
    email: 'operator@foreign-buyer.test',
    accountId: second.accountId,
    module: 'rps',
    userType: 'warehouse_operator',
    organizationId: second.warehouseId,
  });
  roubaix = await addUser(k.t, {
    email: 'operator-roubaix@demo.test',
    accountId: DEMO.accounts.demoBuyer,
    module: 'rps',
    userType: 'warehouse_operator',
    organizationId: O.warehouseRoubaix,
  });
  const dropped = await k.createBuyback();
  toSaintPriest = {
    id: dropped.item.id,
    number: dropped.item.identificationNumber,
    buybackNumber: dropped.identificationNumber,
  };
  const collected = await k.createBuyback({ shippingMethodId: CIRCUIT.storeCollect });
  toRoubaix = {
    id: collected.item.id,
    number: collected.item.identificationNumber,
    buybackNumber: collected.identificationNumber,
  };
});
afterAll(() => k.close());

const as = (authorization: string, url: string) =>
  k.t.app.inject({ method: 'GET', url, headers: { authorization } });
const read = (who: Who | { authorization: string }, url: string) =>
  typeof who === 'string' ? k.get(who, url) : as(who.authorization, url);

/** Each way to read one item: by id, by its number, by its buyback's number, by its short code, its history. */
const readings = (item: { id: string; number: string; buybackNumber: string }) => [
  `/api/items/${item.id}`,
  `/api/items/by-code/${item.number}`,
  `/api/items/by-code/${item.buybackNumber}`,
  `/api/items/by-code/${item.number.slice(-8)}`,
  `/api/items/${item.id}/history`,
];

async function expectSeen(who: Who | { authorization: string }, item: typeof toSaintPriest) {
  for (const url of readings(item)) {
    const res = await read(who, url);
    expect([url, res.statusCode], res.body).toEqual([url, 200]);
    if (!url.endsWith('/history')) expect(res.json().id).toBe(item.id);
  }
}

async function expectUnseen(who: Who | { authorization: string }, item: typeof toSaintPriest) {
  for (const url of readings(item)) {
    const res = await read(who, url);
    expect([url, res.statusCode, res.json().code], res.body).toEqual([url, 404, 'item_not_found']);
  }
}

describe('who reads an item', () => {
  it('a warehouse reads the items sent to its warehouses; the buyer those assigned to it', async () => {
    await expectSeen('warehouse', toSaintPriest);
    await expectUnseen('warehouse', toRoubaix);
    await expectSeen({ authorization: roubaix }, toRoubaix);
    await expectUnseen({ authorization: roubaix }, toSaintPriest);
    await expectSeen('buyer', toSaintPriest);
    await expectSeen('buyer', toRoubaix);

    const res = await k.get('warehouse', `/api/items/${toSaintPriest.id}`);
    expect(res.json()).toMatchObject({
      id: toSaintPriest.id,
      identificationNumber: toSaintPriest.number,
      status: 'item_awaiting_inventory',
      buyback: {
        identificationNumber: toSaintPriest.buybackNumber,
        status: 'bb_awaiting_inventory',
        accountId: DEMO.accounts.demoRetail,
        retailerName: 'Demo Retail',
        circuitType: 'store_drop',
      },
      warehouse: { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
      stock: null,
    });
  });

  it('a warehouse of another buyer account never sees an item: item_not_found, as for an unknown code', async () => {
    await expectUnseen({ authorization: foreign }, toSaintPriest);
    await expectUnseen({ authorization: foreign }, toRoubaix);
    expectProblem(await as(foreign, '/api/items/by-code/2999999999999'), 404, 'item_not_found');
  });

  it('a retailer reads its own items only', async () => {
    for (const who of ['seller', 'storeManager', 'rmu'] as const) {
      await expectSeen(who, toSaintPriest);
      await expectSeen(who, toRoubaix);
    }
    for (const who of ['otherRmu', 'otherSeller'] as const) {
      await expectUnseen(who, toSaintPriest);
      await expectUnseen(who, toRoubaix);
    }
  });
});

describe('codes', () => {
  it('an 8-character code several items end with answers several_items_match to whoever sees them all', async () => {
    const a = await k.createBuyback();
    const b = await k.createBuyback({ shippingMethodId: CIRCUIT.storeCollect });
    // b's number ends like a's (numbers come from a sequence: one that wrapped, a label misread)
    const twin = `22${a.item.identificationNumber.slice(2)}`;
    await sql`UPDATE buyback_items SET identification_number = ${twin} WHERE id = ${b.item.id}`.execute(
      k.t.db,
    );
    const short = a.item.identificationNumber.slice(-8);

    for (const who of ['buyer', 'seller', 'rmu'] as const)
      expectProblem(await k.get(who, `/api/items/by-code/${short}`), 409, 'several_items_match');
    // the full numbers tell them apart
    expect((await k.get('buyer', `/api/items/by-code/${a.item.identificationNumber}`)).json().id).toBe(
      a.item.id,
    );
    expect((await k.get('buyer', `/api/items/by-code/${twin}`)).json().id).toBe(b.item.id);
    // a warehouse that sees one of them only gets it
    expect((await k.get('warehouse', `/api/items/by-code/${short}`)).json().id).toBe(a.item.id);
    expect((await as(roubaix, `/api/items/by-code/${short}`)).json().id).toBe(b.item.id);
  });

  it('any other length is refused: 422 code_length_invalid', async () => {
    for (const code of [
      '1',
      '1234567',
      '123456789',
      '210000000011',
      '21000000001111',
      'ABCDEFGHIJKLMNOPQRSTU',
    ])
      expectViolation(await k.get('warehouse', `/api/items/by-code/${code}`), 'code_length_invalid', 'code');
    // the services refuse it the same way (a code typed into a command's body)
    await expect(resolveItem(operator, { code: '123456789' })).rejects.toMatchObject({
      code: 'code_length_invalid',
    });
    // 13 or 8 characters that are no number: not recognised
    expectProblem(await k.get('warehouse', '/api/items/by-code/ABCDEFGHIJKLM'), 404, 'item_not_found');
    expectProblem(await k.get('warehouse', '/api/items/by-code/ABCDEFGH'), 404, 'item_not_found');
  });

  it('an id that is not a UUID is refused (422), an unknown one is not found', async () => {
    expect((await k.get('warehouse', '/api/items/not-an-id')).statusCode).toBe(422);
    expectProblem(
      await k.get('warehouse', '/api/items/00000000-0000-4000-8000-00000000dead'),
      404,
      'item_not_found',
    );
  });
});

describe('GET /api/items/{id}/history', () => {
  it('lists the item events oldest first: when, from and to, who, where, the stock, why', async () => {
    const b = await k.createBuyback();
    const itemId = b.item.id;
    const move = (ctx: RequestContext, to: Parameters<typeof moveItem>[2]) =>
      transact(ctx, async (tx) =>
        moveItem(tx, await resolveItem(tx, { id: itemId }, { forUpdate: true }), to),
      );
    const stock = (kind: string) =>
      findNativeStock(operator, O.warehouseSaintPriest, kind).then((s) => s?.id as string);
    await move(seller, { to: 'item_in_transit', reason: 'sent' });
    await move(operator, {
      to: 'item_registered_in_warehouse',
      reason: 'checkin',
      stockId: await stock('awaiting_control'),
      organizationId: O.warehouseSaintPriest,
    });
    await move(operator, { to: 'item_awaiting_compliancy_tests', reason: 'control_started' });
    await move(operator, {
      to: 'item_in_quarantine',
      reason: 'quarantine',
      comment: 'Compte iCloud actif',
      stockId: await stock('in_quarantine'),
    });

    for (const who of ['warehouse', 'seller', 'buyer'] as const) {
      const res = await k.get(who, `/api/items/${itemId}/history`);
      expect(res.statusCode, res.body).toBe(200);
      const events: ItemEventResponse[] = res.json().member;
      expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
        ['item_awaiting_inventory', 'item_in_transit'],
        ['item_in_transit', 'item_registered_in_warehouse'],
        ['item_registered_in_warehouse', 'item_awaiting_compliancy_tests'],
        ['item_awaiting_compliancy_tests', 'item_in_quarantine'],
      ]);
      const times = events.map((e) => new Date(e.at).getTime());
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(events[0]).toMatchObject({
        by: { id: seller.actor.userId, name: 'Sébastien Moreau' },
        place: { id: O.storeParis, commonName: 'Demo Retail Paris Rivoli' },
        stock: null,
        reason: 'sent',
        comment: null,
      });
      expect(events[1]).toMatchObject({
        by: { id: operator.actor.userId, name: 'Wendy Janssens' },
        place: { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
        stock: { name: 'Awaiting control', nativeKind: 'awaiting_control' },
        reason: 'checkin',
      });
      expect(events[2]).toMatchObject({
        stock: { nativeKind: 'awaiting_control' },
        reason: 'control_started',
      });
      expect(events[3]).toMatchObject({
        place: { id: O.warehouseSaintPriest },
        stock: { name: 'In quarantine', nativeKind: 'in_quarantine' },
        reason: 'quarantine',
        comment: 'Compte iCloud actif',
      });
    }
    expectProblem(await as(foreign, `/api/items/${itemId}/history`), 404, 'item_not_found');
    // a new item has no history yet
    const fresh = await k.createBuyback();
    expect((await k.get('seller', `/api/items/${fresh.item.id}/history`)).json()).toEqual({ member: [] });
  });
});
