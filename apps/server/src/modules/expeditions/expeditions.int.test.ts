import type { BuybackResponse, PackageResponse } from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuybackKit,
  CIRCUIT,
  DEMO,
  expectProblem,
  PM,
  startBuybackKit,
} from '../../../test/buyback-kit';
import { addOtherBuyerUser } from '../../../test/buyer-kit';
import { advanceItem, warehouseManagerContext } from '../../../test/item-moves-kit';
import type { RequestContext } from '../../platform/request-context';

/**
 * Expedition (docs/refurbishment.md): packages leaving a store
 * (its buybacks awaiting inventory, sent to their warehouse when the package closes) or a
 * warehouse (items awaiting dispatch or refurbished, dispatched when it closes); every refusal,
 * the documents, the transports list, scope isolation and permissions.
 */

const O = DEMO.orgs;
const W = DEMO.warehouseItems;

let k: BuybackKit;
/** The warehouse manager of Saint-Priest, as a service context (to bring items to the warehouse). */
let warehouse: RequestContext;
let seller: string;
let operator: string;
let otherWarehouse: string;
let productId: string;

beforeAll(async () => {
  k = await startBuybackKit();
  warehouse = await warehouseManagerContext(k.t);
  seller = (await k.t.login('store_seller@demo.test')).authorization;
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  otherWarehouse = await addOtherBuyerUser(k.t, 'warehouse_manager');
  productId = await k.newProduct();
});
afterAll(() => k.close());

const as = (authorization: string) => ({
  get: (url: string) => k.t.app.inject({ method: 'GET', url, headers: { authorization } }),
  post: (url: string, payload: object = {}) =>
    k.t.app.inject({ method: 'POST', url, headers: { authorization }, payload }),
  remove: (url: string) => k.t.app.inject({ method: 'DELETE', url, headers: { authorization } }),
});

/** A Paris store buyback (store drop unless told), going to Saint-Priest. */
const buyback = (over: Record<string, unknown> = {}): Promise<BuybackResponse> =>
  k.createBuyback({ productId, ...over });

/** A buyback whose item goes to Roubaix instead of Saint-Priest. */
async function roubaixBuyback(): Promise<BuybackResponse> {
  const b = await buyback();
  await k.t.db
    .updateTable('buyback_items')
    .set({ warehouse_id: O.warehouseRoubaix })
    .where('id', '=', b.item.id)
    .execute();
  return b;
}

async function open(authorization: string, withLabel: boolean, over: object = {}): Promise<PackageResponse> {
  const res = await as(authorization).post('/api/packages', { withLabel, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const add = (authorization: string, pack: { id: string }, code: string) =>
  as(authorization).post(`/api/packages/${pack.id}/items`, { code });

async function pack(authorization: string, p: { id: string }, code: string): Promise<PackageResponse> {
  const res = await add(authorization, p, code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const close = (authorization: string, p: { id: string }) =>
  as(authorization).post(`/api/packages/${p.id}/close`);

const itemRow = (itemId: string) =>
  k.t.db.selectFrom('buyback_items').selectAll().where('id', '=', itemId).executeTakeFirstOrThrow();

const itemByNumber = (n: string) =>
  k.t.db
    .selectFrom('buyback_items')
    .selectAll()
    .where('identification_number', '=', n)
    .executeTakeFirstOrThrow();

const events = (itemId: string) =>
  k.t.db.selectFrom('item_events').selectAll().where('item_id', '=', itemId).orderBy('id').execute();

/** Puts a buyback and its item at these statuses directly (moves the demo cannot make through its screens yet). */
async function setStatuses(b: BuybackResponse, status: string, itemStatus: string): Promise<void> {
  await k.t.db.updateTable('buybacks').set({ status }).where('id', '=', b.id).execute();
  await k.t.db.updateTable('buyback_items').set({ status: itemStatus }).where('id', '=', b.item.id).execute();
}

/** A Paris buyback brought to "awaiting dispatch" at Saint-Priest. */
async function awaitingDispatch(): Promise<BuybackResponse> {
  const b = await buyback();
  await advanceItem(warehouse, b.item.id, 'item_completed_by_price');
  return b;
}

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

function expectPdf(res: LightMyRequestResponse, filename: RegExp) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  expect(res.headers['content-disposition']).toMatch(filename);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return textOf(res.rawPayload);
}

describe('a store package', () => {
  it('is opened at the store of the seller, numbered PK and ten digits, its destination set by its first item', async () => {
    const p = await open(seller, false);
    expect(p).toMatchObject({
      kind: 'store',
      withLabel: false,
      status: 'open',
      origin: { id: O.storeParis, type: 'store' },
      destination: null,
      trackingNumber: null,
      itemCount: 0,
      items: [],
      closedAt: null,
      createdBy: { name: 'Sébastien Moreau' },
    });
    expect(p.number).toMatch(/^PK\d{10}$/);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'package')
      .where('entity_id', '=', p.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'create', account_id: DEMO.accounts.demoRetail }),
    ]);

    const b = await buyback();
    const packed = await pack(seller, p, b.item.identificationNumber);
    expect(packed).toMatchObject({
      itemCount: 1,
      destination: { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
      items: [
        {
          id: b.item.id,
          identificationNumber: b.item.identificationNumber,
          status: 'item_awaiting_inventory',
          buyback: { id: b.id, identificationNumber: b.identificationNumber },
        },
      ],
    });
    // packing leaves the status as it is: an event in the item's history
    expect((await itemRow(b.item.id)).status).toBe('item_awaiting_inventory');
    expect((await events(b.item.id)).at(-1)).toMatchObject({
      from_status: 'item_awaiting_inventory',
      to_status: 'item_awaiting_inventory',
      reason: 'packed',
      comment: p.number,
      organization_id: O.storeParis,
    });
  });

  it('takes a buyback by its 13-digit number or its item by the last 8 digits', async () => {
    const p = await open(seller, false);
    const [one, two] = [await buyback(), await buyback()];
    await pack(seller, p, one.identificationNumber);
    const packed = await pack(seller, p, two.item.identificationNumber.slice(-8));
    expect(packed.items.map((i) => i.id)).toEqual([one.item.id, two.item.id]);
  });

  it('refuses a code entered twice, and an item already in another package', async () => {
    const b = await buyback();
    const first = await open(seller, false);
    await pack(seller, first, b.item.identificationNumber);
    expectProblem(
      await add(seller, first, b.item.identificationNumber),
      409,
      'expedition_code_already_entered',
    );
    const second = await open(seller, false);
    expectProblem(await add(seller, second, b.identificationNumber), 409, 'expedition_already_processed');
    expect(
      (await k.t.db.selectFrom('package_items').selectAll().where('item_id', '=', b.item.id).execute())
        .length,
    ).toBe(1);
  });

  it('refuses an item sent already as processed, one not dropped yet or cancelled as not awaiting shipment', async () => {
    const p = await open(seller, false);
    const sent = await buyback();
    expect((await k.post('seller', `/api/buybacks/${sent.id}/send`)).statusCode).toBe(200);
    expectProblem(await add(seller, p, sent.item.identificationNumber), 409, 'expedition_already_processed');
    const notDropped = await buyback();
    await setStatuses(notDropped, 'bb_awaiting_store_drop', 'item_awaiting_store_drop');
    expectProblem(
      await add(seller, p, notDropped.item.identificationNumber),
      409,
      'expedition_not_awaiting_shipment',
    );
    const cancelled = await buyback();
    const cancel = await k.post('storeManager', `/api/buybacks/${cancelled.id}/cancel`, {
      reason: 'customer_retraction',
      force: true,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expectProblem(
      await add(seller, p, cancelled.item.identificationNumber),
      409,
      'expedition_not_awaiting_shipment',
    );
  });

  it('refuses an unknown code and the item of another store as not awaiting shipment; a wrong length stays code_length_invalid', async () => {
    const p = await open(seller, false);
    expectProblem(await add(seller, p, '2199999999999'), 409, 'expedition_not_awaiting_shipment');
    const elsewhere = await buyback();
    await k.t.db
      .updateTable('buybacks')
      .set({ store_id: O.storeLille })
      .where('id', '=', elsewhere.id)
      .execute();
    expectProblem(
      await add(seller, p, elsewhere.item.identificationNumber),
      409,
      'expedition_not_awaiting_shipment',
    );
    const res = expectProblem(await add(seller, p, '123456789'), 422, 'code_length_invalid');
    expect(res.violations).toEqual([
      expect.objectContaining({ propertyPath: 'code', code: 'code_length_invalid' }),
    ]);
    expect((await add(seller, p, '')).statusCode).toBe(422);
    expect(
      (await k.t.db.selectFrom('package_items').selectAll().where('package_id', '=', p.id).execute()).length,
    ).toBe(0);
  });

  it('refuses the circuits the customer or a carrier ships: no manual shipment', async () => {
    const p = await open(seller, false);
    const collected = await buyback({
      shippingMethodId: CIRCUIT.storeCollect,
      paymentModeId: PM.bankTransfer,
    });
    expect(collected.item.status).toBe('item_awaiting_inventory');
    expectProblem(
      await add(seller, p, collected.item.identificationNumber),
      409,
      'expedition_no_manual_shipment',
    );
    // a web post buyback (the demo's are the public site's): the circuit decides
    const posted = await buyback();
    await k.t.db
      .updateTable('buybacks')
      .set({ circuit_type: 'web_post' })
      .where('id', '=', posted.id)
      .execute();
    expectProblem(
      await add(seller, p, posted.item.identificationNumber),
      409,
      'expedition_no_manual_shipment',
    );
  });

  it('puts a drop-with-label item in a package with a label only, and a plain drop item in one without', async () => {
    const labelled = await buyback({
      shippingMethodId: CIRCUIT.storeDropLabel,
      paymentModeId: PM.bankTransfer,
    });
    const plain = await buyback();
    const without = await open(seller, false);
    const withLabel = await open(seller, true);
    expectProblem(
      await add(seller, without, labelled.item.identificationNumber),
      409,
      'expedition_item_needs_label',
    );
    expectProblem(
      await add(seller, withLabel, plain.item.identificationNumber),
      409,
      'expedition_item_no_label',
    );
    expect((await pack(seller, withLabel, labelled.item.identificationNumber)).itemCount).toBe(1);
    // a web drop-with-label item needs one too
    const web = await buyback();
    await k.t.db
      .updateTable('buybacks')
      .set({ circuit_type: 'web_drop_label' })
      .where('id', '=', web.id)
      .execute();
    expectProblem(
      await add(seller, without, web.item.identificationNumber),
      409,
      'expedition_item_needs_label',
    );
  });

  it('goes to one warehouse: an item going to another is refused', async () => {
    const p = await open(seller, false);
    await pack(seller, p, (await buyback()).item.identificationNumber);
    const roubaix = await roubaixBuyback();
    expectProblem(
      await add(seller, p, roubaix.item.identificationNumber),
      409,
      'expedition_other_destination',
    );
  });

  it('gives an item back while open (event unpacked); emptied, it may go to another warehouse', async () => {
    const p = await open(seller, false);
    const b = await buyback();
    await pack(seller, p, b.item.identificationNumber);
    const res = await as(seller).remove(`/api/packages/${p.id}/items/${b.item.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ itemCount: 0, items: [], destination: null });
    expect((await events(b.item.id)).at(-1)).toMatchObject({ reason: 'unpacked', comment: p.number });
    expectProblem(await as(seller).remove(`/api/packages/${p.id}/items/${b.item.id}`), 404, 'not_found');
    const roubaix = await roubaixBuyback();
    expect((await pack(seller, p, roubaix.item.identificationNumber)).destination?.id).toBe(
      O.warehouseRoubaix,
    );
    // the item given back may go in another package
    expect((await pack(seller, await open(seller, false), b.item.identificationNumber)).itemCount).toBe(1);
  });

  it('cannot be closed empty', async () => {
    const p = await open(seller, false);
    expectProblem(await close(seller, p), 409, 'package_empty');
  });

  it('sends every item when closed (in transit, event sent with the package number), then refuses any change', async () => {
    const p = await open(seller, false);
    const [one, two] = [await buyback(), await buyback()];
    await pack(seller, p, one.item.identificationNumber);
    await pack(seller, p, two.item.identificationNumber);
    const res = await close(seller, p);
    expect(res.statusCode, res.body).toBe(200);
    const closed: PackageResponse = res.json();
    expect(closed).toMatchObject({
      status: 'closed',
      trackingNumber: null,
      itemCount: 2,
      closedBy: { name: 'Sébastien Moreau' },
    });
    expect(closed.closedAt).not.toBeNull();
    for (const b of [one, two]) {
      const row = await itemRow(b.item.id);
      expect(row.status).toBe('item_in_transit');
      expect(row.sent_at).not.toBeNull();
      expect((await events(b.item.id)).at(-1)).toMatchObject({
        from_status: 'item_awaiting_inventory',
        to_status: 'item_in_transit',
        reason: 'sent',
        comment: p.number,
        organization_id: O.storeParis,
      });
      expect((await k.get('seller', `/api/buybacks/${b.id}`)).json().status).toBe('bb_in_transit');
    }
    expect(closed.items.map((i) => i.status)).toEqual(['item_in_transit', 'item_in_transit']);

    expectProblem(await add(seller, p, (await buyback()).item.identificationNumber), 409, 'package_closed');
    expectProblem(
      await as(seller).remove(`/api/packages/${p.id}/items/${one.item.id}`),
      409,
      'package_closed',
    );
    expectProblem(await close(seller, p), 409, 'package_closed');
    // without a label: no label to download, a packing list
    expectProblem(
      await as(seller).get(`/api/packages/${p.id}/documents/label`),
      409,
      'package_label_unavailable',
    );
    const text = await expectPdf(
      await as(seller).get(`/api/packages/${p.id}/documents/packing-list?lang=fr-FR`),
      new RegExp(`liste-de-colisage-${p.number}\\.pdf`),
    );
    expect(text).toContain(p.number);
    expect(text).toContain(one.item.identificationNumber);
    expect(text).toContain(two.identificationNumber);
    expect(text).toContain('Demo Retail Paris Rivoli');
    expect(text).toContain('Entrepôt Saint-Priest');
  });

  it('closed with a label, has a tracking number and a label naming sender, recipient and number', async () => {
    const p = await open(seller, true);
    const b = await buyback({ shippingMethodId: CIRCUIT.storeDropLabel, paymentModeId: PM.bankTransfer });
    await pack(seller, p, b.item.identificationNumber);
    expectProblem(
      await as(seller).get(`/api/packages/${p.id}/documents/label`),
      409,
      'package_label_unavailable',
    );
    const closed: PackageResponse = (await close(seller, p)).json();
    expect(closed.trackingNumber).toMatch(new RegExp(`^RP${p.number.slice(2)}\\d$`));
    const text = await expectPdf(
      await as(seller).get(`/api/packages/${p.id}/documents/label`),
      new RegExp(`package-label-${p.number}\\.pdf`),
    );
    expect(text).toContain(p.number);
    expect(text).toContain(closed.trackingNumber as string);
    expect(text).toContain(closed.destination?.commonName ?? 'no destination');
  });

  it('refuses to close when an item has moved since it was packed: nothing is written', async () => {
    const p = await open(seller, false);
    const [kept, moved] = [await buyback(), await buyback()];
    await pack(seller, p, kept.item.identificationNumber);
    await pack(seller, p, moved.item.identificationNumber);
    expect((await k.post('seller', `/api/buybacks/${moved.id}/send`)).statusCode).toBe(200);
    const res = expectProblem(await close(seller, p), 409, 'expedition_already_processed');
    expect(res.identificationNumber).toBe(moved.item.identificationNumber);
    expect((await itemRow(kept.item.id)).status).toBe('item_awaiting_inventory');
    expect((await as(seller).get(`/api/packages/${p.id}`)).json().status).toBe('open');
  });
});

describe('a warehouse package', () => {
  it("is opened at the operator's warehouse, going to the buyer's head office", async () => {
    const p = await open(operator, true);
    expect(p).toMatchObject({
      kind: 'warehouse',
      withLabel: true,
      origin: { id: O.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest', type: 'warehouse' },
      destination: { id: O.buyer, commonName: 'Demo Buyer' },
    });
  });

  it('takes the demo items awaiting dispatch and refuses those in transit or at their control', async () => {
    const p = await open(operator, false);
    await pack(operator, p, W.completedByPrice);
    const packed = await pack(operator, p, W.completedWithAbsorption.slice(-8));
    expect(packed.items.map((i) => i.identificationNumber)).toEqual([
      W.completedByPrice,
      W.completedWithAbsorption,
    ]);
    const item = await itemByNumber(W.completedByPrice);
    expect((await events(item.id)).at(-1)).toMatchObject({
      reason: 'packed',
      comment: p.number,
      organization_id: O.warehouseSaintPriest,
      to_status: 'item_completed_by_price',
    });
    expectProblem(await add(operator, p, W.completedByPrice), 409, 'expedition_code_already_entered');
    for (const code of [W.inTransit[0] as string, W.awaitingCompliancyTests, W.inQuarantineLocked])
      expectProblem(await add(operator, p, code), 409, 'expedition_not_awaiting_shipment');
    // no label rule for a warehouse: the same items go in a package with or without a label
    expect((await pack(operator, await open(operator, true), W.completedWithNegotiation)).itemCount).toBe(1);
  });

  it('takes a refurbished item', async () => {
    const b = await awaitingDispatch();
    await setStatuses(b, 'bb_completed_by_price', 'item_refurb_completed');
    expect((await pack(operator, await open(operator, false), b.item.identificationNumber)).itemCount).toBe(
      1,
    );
  });

  it('dispatches its items when closed (status kept, out of any stock, event dispatched), then they are processed', async () => {
    const b = await awaitingDispatch();
    const before = await itemRow(b.item.id);
    expect(before.stock_id).not.toBeNull();
    const p = await open(operator, true);
    await pack(operator, p, b.item.identificationNumber);
    const closed: PackageResponse = (await close(operator, p)).json();
    expect(closed).toMatchObject({ status: 'closed', itemCount: 1 });
    expect(closed.trackingNumber).toMatch(/^RP\d{11}$/);
    const row = await itemRow(b.item.id);
    expect(row).toMatchObject({ status: 'item_completed_by_price', stock_id: null });
    expect(row.dispatched_at).not.toBeNull();
    expect((await events(b.item.id)).at(-1)).toMatchObject({
      from_status: 'item_completed_by_price',
      to_status: 'item_completed_by_price',
      reason: 'dispatched',
      comment: p.number,
      stock_id: null,
      organization_id: O.warehouseSaintPriest,
    });
    const history = (await k.get('warehouse', `/api/items/${b.item.id}/history`)).json().member;
    expect(history.at(-1)).toMatchObject({ reason: 'dispatched', stock: null });

    expectProblem(
      await add(operator, await open(operator, false), b.item.identificationNumber),
      409,
      'expedition_already_processed',
    );
    // dispatched without a package of this platform (an earlier tool): processed too
    const other = await awaitingDispatch();
    await k.t.db
      .updateTable('buyback_items')
      .set({ dispatched_at: new Date() })
      .where('id', '=', other.item.id)
      .execute();
    expectProblem(
      await add(operator, await open(operator, false), other.item.identificationNumber),
      409,
      'expedition_already_processed',
    );

    const label = await expectPdf(
      await as(operator).get(`/api/packages/${p.id}/documents/label?lang=de-DE`),
      new RegExp(`paketetikett-${p.number}\\.pdf`),
    );
    expect(label).toContain(p.number);
    expect(label).toContain('Demo Buyer');
  });

  it('refuses to close when an item has left the dispatch statuses since it was packed', async () => {
    const b = await awaitingDispatch();
    const p = await open(operator, false);
    await pack(operator, p, b.item.identificationNumber);
    await setStatuses(b, 'bb_completed_by_price', 'item_refurb_in_progress');
    expectProblem(await close(operator, p), 409, 'expedition_not_awaiting_shipment');
    expect((await itemRow(b.item.id)).dispatched_at).toBeNull();
  });

  it("refuses a store's buyback awaiting inventory (the warehouse packs what it holds)", async () => {
    const p = await open(operator, false);
    expectProblem(
      await add(operator, p, (await buyback()).item.identificationNumber),
      409,
      'expedition_not_awaiting_shipment',
    );
  });
});

describe('the eligibility of an item', () => {
  it('says which package a store item goes in, by code or by id', async () => {
    const plain = await buyback();
    const res = await as(seller).get(`/api/expedition/eligibility?code=${plain.item.identificationNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      itemId: plain.item.id,
      identificationNumber: plain.item.identificationNumber,
      kind: 'store',
      needsLabel: false,
      productName: plain.product.name,
      buyback: { id: plain.id, identificationNumber: plain.identificationNumber },
    });
    const labelled = await buyback({
      shippingMethodId: CIRCUIT.storeDropLabel,
      paymentModeId: PM.bankTransfer,
    });
    expect(
      (await as(seller).get(`/api/expedition/eligibility?itemId=${labelled.item.id}`)).json(),
    ).toMatchObject({
      kind: 'store',
      needsLabel: true,
    });
  });

  it("says why an item cannot leave, with packing's refusals", async () => {
    const packed = await buyback();
    await pack(seller, await open(seller, false), packed.item.identificationNumber);
    expectProblem(
      await as(seller).get(`/api/expedition/eligibility?itemId=${packed.item.id}`),
      409,
      'expedition_already_processed',
    );
    const collected = await buyback({
      shippingMethodId: CIRCUIT.storeCollect,
      paymentModeId: PM.bankTransfer,
    });
    expectProblem(
      await as(seller).get(`/api/expedition/eligibility?code=${collected.identificationNumber}`),
      409,
      'expedition_no_manual_shipment',
    );
    expectProblem(
      await as(seller).get('/api/expedition/eligibility?code=2199999999999'),
      409,
      'expedition_not_awaiting_shipment',
    );
    expectProblem(await as(seller).get('/api/expedition/eligibility?code=12345'), 422, 'code_length_invalid');
    expect((await as(seller).get('/api/expedition/eligibility')).statusCode).toBe(422);
  });

  it('offers a warehouse package for an item awaiting dispatch', async () => {
    const b = await awaitingDispatch();
    expect((await as(operator).get(`/api/expedition/eligibility?itemId=${b.item.id}`)).json()).toMatchObject({
      kind: 'warehouse',
      needsLabel: false,
    });
  });
});

describe('where a package leaves from', () => {
  it('a user above the stores names one of its stores; its own head office ships nothing', async () => {
    expectProblem(await k.post('rmu', '/api/packages', { withLabel: false }), 422, 'origin_not_shipping');
    expectProblem(
      await k.get('rmu', `/api/expedition/eligibility?code=${W.completedByPrice}`),
      422,
      'origin_not_shipping',
    );
    const res = await k.post('rmu', '/api/packages', {
      withLabel: false,
      originOrganizationId: O.storeLille,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'store', origin: { id: O.storeLille } });
    // a store of another organisation subtree, or a warehouse of another account: not theirs to ship from
    expectProblem(
      await as(seller).post('/api/packages', { withLabel: false, originOrganizationId: O.storeLille }),
      422,
      'origin_not_shipping',
    );
    expectProblem(
      await k.post('rmu', '/api/packages', {
        withLabel: false,
        originOrganizationId: O.warehouseSaintPriest,
      }),
      422,
      'origin_not_shipping',
    );
  });

  it('validates the request', async () => {
    expectProblem(await as(seller).post('/api/packages', {}), 422, 'validation_failed');
    expectProblem(await as(seller).post('/api/packages', { withLabel: 'yes' }), 422, 'validation_failed');
  });
});

describe('the transports list', () => {
  it("lists the packages leaving the user's subtree, filtered by status, kind, origin and a number or an item code", async () => {
    const b = await buyback();
    const p = await open(seller, false);
    await pack(seller, p, b.item.identificationNumber);
    const list = (await as(seller).get('/api/packages?itemsPerPage=100')).json();
    expect(list.totalItems).toBeGreaterThan(0);
    expect(
      list.member.every((m: PackageResponse) => m.origin.id === O.storeParis && m.kind === 'store'),
    ).toBe(true);
    expect(list.member.find((m: PackageResponse) => m.id === p.id)).toMatchObject({
      itemCount: 1,
      status: 'open',
    });
    expect(list.member[0]).not.toHaveProperty('items');

    const byNumber = (await as(seller).get(`/api/packages?search=${p.number}`)).json();
    expect(byNumber.member.map((m: PackageResponse) => m.id)).toEqual([p.id]);
    for (const code of [
      b.item.identificationNumber,
      b.identificationNumber,
      b.item.identificationNumber.slice(-8),
    ])
      expect(
        (await as(seller).get(`/api/packages?search=${code}`))
          .json()
          .member.map((m: PackageResponse) => m.id),
      ).toEqual([p.id]);
    const closedOnes = (await as(seller).get('/api/packages?status=closed&itemsPerPage=100')).json();
    expect(closedOnes.member.every((m: PackageResponse) => m.status === 'closed')).toBe(true);
    expect(closedOnes.member.some((m: PackageResponse) => m.id === p.id)).toBe(false);
    const resumable = (
      await as(seller).get(
        `/api/packages?status=open&originOrganizationId=${O.storeParis}&withLabel=false&itemsPerPage=100`,
      )
    ).json();
    expect(resumable.member.some((m: PackageResponse) => m.id === p.id)).toBe(true);
    expect(resumable.member.every((m: PackageResponse) => !m.withLabel && m.status === 'open')).toBe(true);

    // the warehouse sees its own packages only; a platform admin sees every one
    const warehouseList = (await as(operator).get('/api/packages?itemsPerPage=100')).json();
    expect(warehouseList.member.length).toBeGreaterThan(0);
    expect(warehouseList.member.every((m: PackageResponse) => m.kind === 'warehouse')).toBe(true);
    const kinds = new Set(
      (await k.get('admin', '/api/packages?itemsPerPage=100'))
        .json()
        .member.map((m: PackageResponse) => m.kind),
    );
    expect(kinds).toEqual(new Set(['store', 'warehouse']));
    expect(
      (await k.get('admin', '/api/packages?kind=warehouse&itemsPerPage=100'))
        .json()
        .member.every((m: PackageResponse) => m.kind === 'warehouse'),
    ).toBe(true);
  });
});

describe('isolation and permissions', () => {
  it("another buyer's warehouse user gets 404 on the package and nothing is written", async () => {
    const b = await awaitingDispatch();
    const p = await open(operator, false);
    await pack(operator, p, b.item.identificationNumber);
    const other = as(otherWarehouse);
    expectProblem(await other.get(`/api/packages/${p.id}`), 404, 'not_found');
    expectProblem(
      await other.post(`/api/packages/${p.id}/items`, { code: W.completedByPrice }),
      404,
      'not_found',
    );
    expectProblem(await other.remove(`/api/packages/${p.id}/items/${b.item.id}`), 404, 'not_found');
    expectProblem(await other.post(`/api/packages/${p.id}/close`), 404, 'not_found');
    expectProblem(await other.get(`/api/packages/${p.id}/documents/packing-list`), 404, 'not_found');
    expectProblem(await other.get(`/api/packages/${p.id}/documents/label`), 404, 'not_found');
    expect(
      (await other.get('/api/packages?itemsPerPage=100'))
        .json()
        .member.some((m: PackageResponse) => m.id === p.id),
    ).toBe(false);
    expect((await as(operator).get(`/api/packages/${p.id}`)).json()).toMatchObject({
      status: 'open',
      itemCount: 1,
    });

    const own = await open(otherWarehouse, false);
    expect(own.origin.commonName).toBe('Second Buyer warehouse');
    expectProblem(
      await add(otherWarehouse, own, b.item.identificationNumber),
      409,
      'expedition_not_awaiting_shipment',
    );
    expectProblem(
      await other.get(`/api/expedition/eligibility?code=${b.item.identificationNumber}`),
      409,
      'expedition_not_awaiting_shipment',
    );
  });

  it('a store of another retailer gets 404 on a Paris package', async () => {
    const p = await open(seller, false);
    expectProblem(await k.get('otherSeller', `/api/packages/${p.id}`), 404, 'not_found');
    expectProblem(await k.post('otherSeller', `/api/packages/${p.id}/close`), 404, 'not_found');
  });

  it('a buyer manager, without buyback_item.send, is refused every route (403)', async () => {
    const p = await open(seller, false);
    expectProblem(await k.post('buyer', '/api/packages', { withLabel: false }), 403, 'forbidden');
    expectProblem(await k.get('buyer', '/api/packages'), 403, 'forbidden');
    expectProblem(await k.get('buyer', `/api/packages/${p.id}`), 403, 'forbidden');
    expectProblem(
      await k.post('buyer', `/api/packages/${p.id}/items`, { code: W.completedByPrice }),
      403,
      'forbidden',
    );
    expectProblem(await k.post('buyer', `/api/packages/${p.id}/close`), 403, 'forbidden');
    expectProblem(await k.get('buyer', `/api/packages/${p.id}/documents/packing-list`), 403, 'forbidden');
    expectProblem(
      await k.get('buyer', `/api/expedition/eligibility?code=${W.completedByPrice}`),
      403,
      'forbidden',
    );
    // the analyst reads buybacks but sends nothing either
    expectProblem(await k.get('analyst', '/api/packages'), 403, 'forbidden');
  });
});
