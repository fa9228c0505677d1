import type { BuybackResponse } from '@reprise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersFor,
  type BuybackKit,
  CAT,
  CIRCUIT,
  customer,
  DEMO,
  IBAN,
  key,
  PM,
  startBuybackKit,
} from '../../../test/buyback-kit';
import { addBuyer, addUser, type TestBuyer } from '../../../test/buyer-kit';
import { migrate } from '../../platform/migrate';

/**
 * Who sees a buyback (buyback-lifecycle/visibility.repository.ts, buybackScope): the retailer's users as before, the
 * users of its buyer account (a linked buyer of the retailer), and the users of the warehouse it
 * is sent to. Every buyback endpoint reads through the same scope.
 */

const O = DEMO.orgs;
const A = DEMO.accounts;

let k: BuybackKit;
let second: TestBuyer;
/** Headers of the users the demo lacks: Second Buyer's manager, an operator of Roubaix. */
const auth: Record<'secondBuyer' | 'roubaix' | 'multi' | 'multiRps', Record<string, string>> = {
  secondBuyer: {},
  roubaix: {},
  multi: {},
  multiRps: {},
};
/** Paris, store drop: Saint-Priest, Demo Buyer. */
let parisDrop: BuybackResponse;
/** Lille, store drop: Saint-Priest, Demo Buyer. */
let lilleDrop: BuybackResponse;
/** Lille, store collect: Roubaix, Demo Buyer. */
let lilleCollect: BuybackResponse;
/** Paris, store drop, a product of a category bought by Second Buyer: Saint-Priest, Second Buyer. */
let secondBuyerDrop: BuybackResponse;
/** Other Retail, Bordeaux: Roubaix, Demo Buyer. */
let otherRetail: BuybackResponse;

async function createAt(
  who: 'seller' | 'rmu' | 'otherSeller',
  storeId: string,
  productId: string,
  over: Record<string, unknown> = {},
): Promise<BuybackResponse> {
  const answers = answersFor((await k.get(who, `/api/products/${productId}/buyback-questionnaire`)).json());
  const res = await k.post(
    who,
    `/api/store/${storeId}/buybacks`,
    {
      productId,
      answers,
      shippingMethodId: CIRCUIT.storeDrop,
      paymentModeId: PM.bankTransfer,
      customer: customer({ iban: IBAN }),
      ...over,
    },
    key(),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A product of Other Retail with a question, so that it can be bought back. */
async function otherRetailProduct(): Promise<string> {
  const other = await k.t.db
    .selectFrom('products')
    .select(['id', 'main_category_id'])
    .where('account_id', '=', A.otherRetail)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  const question = await k.post('otherRmu', `/api/categories/${other.main_category_id}/questions`, {
    title: "L'appareil s'allume-t-il ?",
    type: 'unique',
    answers: [{ title: 'Oui' }, { title: 'Non', maxGrade: 'grade_e' }],
  });
  expect(question.statusCode, question.body).toBe(201);
  return other.id;
}

beforeAll(async () => {
  k = await startBuybackKit();
  second = await addBuyer(k.t, 'Second Buyer');
  const linked = await k.put('admin', `/api/account/${A.demoRetail}/linked-buyers`, {
    buyerAccountIds: [A.demoBuyer, second.accountId],
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const category = await k.post('rmu', '/api/categories', {
    label: 'Téléphones Second Buyer',
    identifier: 'second-buyer-phones',
    parentCategoryId: CAT.smartphones,
    defaultWeight: 200,
    absorptionType: 'none',
    absorptionValue: 0,
    buyerAccountId: second.accountId,
    referringWarehouseIds: [second.warehouseId],
  });
  expect(category.statusCode, category.body).toBe(201);

  auth.secondBuyer = {
    authorization: await addUser(k.t, {
      email: 'buyer_manager@second-buyer.test',
      accountId: second.accountId,
      module: 'lcm',
      userType: 'buyer_manager',
      organizationId: second.organizationId,
    }),
  };
  auth.roubaix = {
    authorization: await addUser(k.t, {
      email: 'warehouse_operator.roubaix@demo.test',
      accountId: A.demoBuyer,
      module: 'rps',
      userType: 'warehouse_operator',
      organizationId: O.warehouseRoubaix,
    }),
  };
  auth.multi = { authorization: (await k.t.login('multi@demo.test')).authorization, 'x-module': 'tim' };
  auth.multiRps = { ...auth.multi, 'x-module': 'rps' };

  const product = await k.newProduct();
  parisDrop = await createAt('seller', O.storeParis, product);
  lilleDrop = await createAt('rmu', O.storeLille, product);
  lilleCollect = await createAt('rmu', O.storeLille, product, {
    shippingMethodId: CIRCUIT.storeCollect,
    paymentModeId: PM.giftCard,
  });
  secondBuyerDrop = await createAt(
    'seller',
    O.storeParis,
    await k.newProduct({ mainCategoryId: category.json().id }),
  );
  otherRetail = await createAt('otherSeller', O.otherStore, await otherRetailProduct(), {
    shippingMethodId: CIRCUIT.otherStoreDrop,
    paymentModeId: PM.otherVoucher,
    customer: customer(),
  });
});
afterAll(() => k.close());

type Viewer = Parameters<BuybackKit['get']>[0] | keyof typeof auth;

const read = (who: Viewer, url: string) =>
  who in auth
    ? k.t.app.inject({ method: 'GET', url, headers: auth[who as keyof typeof auth] })
    : k.get(who as Parameters<BuybackKit['get']>[0], url);

/** Whether `who` finds the buyback in the list (by its number) and opens it. */
async function sees(who: Viewer, buyback: BuybackResponse): Promise<boolean> {
  const list = await read(who, `/api/buybacks?code=${buyback.identificationNumber}`);
  expect(list.statusCode, list.body).toBe(200);
  const detail = await read(who, `/api/buybacks/${buyback.id}`);
  const listed = list.json().totalItems === 1;
  expect(detail.statusCode === 200, `${String(who)}: list and detail agree`).toBe(listed);
  if (!listed) expect(detail.json().code).toBe('not_found');
  return listed;
}

/** Every read endpoint of a buyback, as `who`: each 200 (seen) or each 404 (not seen). */
async function readsEverything(who: Viewer, buyback: BuybackResponse, status: 200 | 404) {
  for (const url of [
    `/api/buybacks/${buyback.id}`,
    `/api/buybacks/by-identification-number/${buyback.identificationNumber}`,
    `/api/buybacks/${buyback.id}/instructions`,
    `/api/buybacks/${buyback.id}/additional-infos`,
    `/api/buybacks/${buyback.id}/documents/transfer-order`,
  ]) {
    expect((await read(who, url)).statusCode, `${String(who)} ${url}`).toBe(status);
  }
}

describe('creation assigns the buyer and the destination warehouse', () => {
  it("the buyer is the category's, the warehouse the one the circuit sends to", async () => {
    const rows = await k.t.db
      .selectFrom('buybacks')
      .select(['id', 'buyer_account_id', 'destination_warehouse_id'])
      .where('id', 'in', [parisDrop.id, lilleCollect.id, secondBuyerDrop.id, otherRetail.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(parisDrop.id)).toMatchObject({
      buyer_account_id: A.demoBuyer,
      destination_warehouse_id: O.warehouseSaintPriest,
    });
    expect(byId.get(lilleCollect.id)).toMatchObject({
      buyer_account_id: A.demoBuyer,
      destination_warehouse_id: O.warehouseRoubaix,
    });
    expect(byId.get(secondBuyerDrop.id)).toMatchObject({
      buyer_account_id: second.accountId,
      destination_warehouse_id: O.warehouseSaintPriest,
    });
    expect(byId.get(otherRetail.id)?.destination_warehouse_id).toBe(O.warehouseRoubaix);
    const infos = (await k.get('buyer', `/api/buybacks/${lilleCollect.id}/additional-infos`)).json();
    expect(infos.warehouse).toMatchObject({ id: O.warehouseRoubaix, commonName: 'Atelier Roubaix' });
  });

  it("the buyback's warehouseId is its destination warehouse, as its additional infos, not the circuit's", async () => {
    const sendTo = (warehouseId: string) =>
      k.t.db
        .updateTable('buybacks')
        .set({ destination_warehouse_id: warehouseId })
        .where('id', '=', parisDrop.id)
        .execute();
    expect(parisDrop.warehouseId).toBe(O.warehouseSaintPriest);
    // routed elsewhere than its circuit's warehouse (Saint-Priest), as a warehouse dispatch rule will
    await sendTo(O.warehouseRoubaix);
    try {
      for (const url of [
        `/api/buybacks/${parisDrop.id}`,
        `/api/buybacks/by-identification-number/${parisDrop.identificationNumber}`,
      ])
        expect((await k.get('seller', url)).json().warehouseId, url).toBe(O.warehouseRoubaix);
      const infos = (await k.get('seller', `/api/buybacks/${parisDrop.id}/additional-infos`)).json();
      expect(infos.warehouse.id).toBe(O.warehouseRoubaix);
    } finally {
      await sendTo(O.warehouseSaintPriest);
    }
  });
});

describe('buyer users', () => {
  it('see the buybacks assigned to their account, of every retailer they are linked to', async () => {
    for (const b of [parisDrop, lilleDrop, lilleCollect, otherRetail])
      expect(await sees('buyer', b)).toBe(true);
    await readsEverything('buyer', lilleCollect, 200);
    const list = (await k.get('buyer', '/api/buybacks?itemsPerPage=100')).json();
    const assigned = await k.t.db
      .selectFrom('buybacks')
      .select('id')
      .where('buyer_account_id', '=', A.demoBuyer)
      .execute();
    expect(list.totalItems).toBe(assigned.length);
    expect(list.member.map((b: { id: string }) => b.id).sort()).toEqual(assigned.map((b) => b.id).sort());
  });

  it("never see another buyer's buybacks", async () => {
    expect(await sees('buyer', secondBuyerDrop)).toBe(false);
    await readsEverything('buyer', secondBuyerDrop, 404);
    expect(await sees('secondBuyer', secondBuyerDrop)).toBe(true);
    for (const b of [parisDrop, lilleCollect, otherRetail]) expect(await sees('secondBuyer', b)).toBe(false);
    const list = (await read('secondBuyer', '/api/buybacks?itemsPerPage=100')).json();
    expect(list.member.map((b: { id: string }) => b.id)).toEqual([secondBuyerDrop.id]);
  });

  it('never see the buybacks of a retailer they are not linked to', async () => {
    // a link missing for buybacks that exist (the rule guards reading, not only writing categories)
    await k.t.db
      .deleteFrom('account_linked_buyers')
      .where('account_id', '=', A.otherRetail)
      .where('buyer_account_id', '=', A.demoBuyer)
      .execute();
    try {
      expect(await sees('buyer', otherRetail)).toBe(false);
      await readsEverything('buyer', otherRetail, 404);
      expect(await sees('buyer', parisDrop)).toBe(true);
    } finally {
      await k.t.db
        .insertInto('account_linked_buyers')
        .values({ account_id: A.otherRetail, buyer_account_id: A.demoBuyer })
        .execute();
    }
  });

  it('read, but neither cancel nor mark lost', async () => {
    expect(
      (await k.post('buyer', `/api/buybacks/${parisDrop.id}/cancel`, { reason: 'other' })).statusCode,
    ).toBe(403);
    expect((await k.post('buyer', `/api/buybacks/${parisDrop.id}/mark-lost`, {})).statusCode).toBe(403);
    expect((await k.get('seller', `/api/buybacks/${parisDrop.id}`)).json().status).toBe(
      'bb_awaiting_inventory',
    );
  });
});

describe('warehouse users', () => {
  it('see the buybacks sent to a warehouse of their subtree, of any store and retailer', async () => {
    for (const b of [parisDrop, lilleDrop, secondBuyerDrop]) expect(await sees('warehouse', b)).toBe(true);
    await readsEverything('warehouse', lilleDrop, 200);
    for (const b of [lilleCollect, otherRetail]) expect(await sees('roubaix', b)).toBe(true);
  });

  it("never see another warehouse's buybacks", async () => {
    for (const b of [lilleCollect, otherRetail]) expect(await sees('warehouse', b)).toBe(false);
    await readsEverything('warehouse', lilleCollect, 404);
    for (const b of [parisDrop, lilleDrop, secondBuyerDrop]) expect(await sees('roubaix', b)).toBe(false);
    await readsEverything('roubaix', parisDrop, 404);
    const list = (await read('roubaix', '/api/buybacks?itemsPerPage=100')).json();
    const ids = list.member.map((b: { id: string }) => b.id);
    expect(ids).toEqual(expect.arrayContaining([lilleCollect.id, otherRetail.id]));
    expect(ids.sort()).toEqual((await routedTo(O.warehouseRoubaix)).sort());
  });

  it('read, but neither cancel nor mark lost in store', async () => {
    expect(
      (await k.post('warehouse', `/api/buybacks/${parisDrop.id}/cancel`, { reason: 'other' })).statusCode,
    ).toBe(403);
    expect((await k.post('warehouse', `/api/buybacks/${parisDrop.id}/mark-lost`, {})).statusCode).toBe(403);
  });

  it('a user of two modules sees by the module it works in', async () => {
    // store manager in Paris (tim), warehouse manager at Saint-Priest (rps)
    expect(await sees('multi', parisDrop)).toBe(true);
    expect(await sees('multi', lilleDrop)).toBe(false);
    expect(await sees('multiRps', lilleDrop)).toBe(true);
    expect(await sees('multiRps', lilleCollect)).toBe(false);
  });
});

describe('retailer users and platform operators', () => {
  it('retailers keep their view: their account, within their subtree', async () => {
    for (const b of [parisDrop, lilleDrop, lilleCollect, secondBuyerDrop])
      expect(await sees('rmu', b)).toBe(true);
    expect(await sees('rmu', otherRetail)).toBe(false);
    expect(await sees('seller', parisDrop)).toBe(true);
    expect(await sees('seller', lilleCollect)).toBe(false);
    expect(await sees('otherRmu', otherRetail)).toBe(true);
    for (const b of [parisDrop, secondBuyerDrop]) expect(await sees('otherRmu', b)).toBe(false);
  });

  it('platform operators see every buyback', async () => {
    for (const b of [parisDrop, lilleCollect, secondBuyerDrop, otherRetail])
      expect(await sees('admin', b)).toBe(true);
  });
});

/** Ids of the buybacks whose destination is this warehouse (the demo's and this file's). */
async function routedTo(warehouseId: string): Promise<string[]> {
  const rows = await k.t.db
    .selectFrom('buybacks')
    .select('id')
    .where('destination_warehouse_id', '=', warehouseId)
    .execute();
  return rows.map((r) => r.id);
}

describe('migration 015 on existing buybacks', () => {
  it('gives each buyback the warehouse its circuit sent it to, and links the buyers already in use', async () => {
    const before = await k.t.db
      .selectFrom('buybacks')
      .select(['id', 'destination_warehouse_id'])
      .orderBy('id')
      .execute();
    // no warehouse recorded: the nearest referring warehouse of its category, by name
    await k.t.db.updateTable('buybacks').set({ warehouse_id: null }).where('id', '=', parisDrop.id).execute();
    await sql`DROP TABLE account_linked_buyers`.execute(k.t.db);
    await sql`DROP INDEX buybacks_buyer_created_idx`.execute(k.t.db);
    await sql`ALTER TABLE buybacks DROP COLUMN destination_warehouse_id`.execute(k.t.db);
    await sql`DELETE FROM schema_migrations WHERE version = '015_buyer_warehouse_visibility'`.execute(k.t.db);

    expect(await migrate(k.t.db)).toEqual(['015_buyer_warehouse_visibility']);

    const after = await k.t.db
      .selectFrom('buybacks')
      .select(['id', 'destination_warehouse_id'])
      .orderBy('id')
      .execute();
    expect(after).toEqual(
      before.map((b) =>
        b.id === parisDrop.id ? { id: b.id, destination_warehouse_id: O.warehouseRoubaix } : b,
      ),
    );
    const links = await k.t.db
      .selectFrom('account_linked_buyers')
      .select(['account_id', 'buyer_account_id'])
      .execute();
    const pairs = (rows: { account_id: string; buyer_account_id: string }[]) =>
      rows.map((r) => `${r.account_id} ${r.buyer_account_id}`).sort();
    expect(pairs(links)).toEqual(
      pairs([
        { account_id: A.demoRetail, buyer_account_id: A.demoBuyer },
        { account_id: A.demoRetail, buyer_account_id: second.accountId },
        { account_id: A.otherRetail, buyer_account_id: A.demoBuyer },
      ]),
    );
  });
});
