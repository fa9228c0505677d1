import type { BuybackResponse, ItemEventResponse, QuarantineItem } from '@reprise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, customer, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { addOtherBuyerUser } from '../../../test/buyer-kit';
import {
  advanceItem,
  nativeStockId,
  quarantineItem,
  warehouseManagerContext,
} from '../../../test/item-moves-kit';
import type { RequestContext } from '../../platform/request-context';
import { DEMO_TRANSPORT } from '../../seed/demo-transport';

/**
 * Quarantine: the mail to the customer when an item is put in
 * quarantine and on demand, the list of the items in quarantine (scoped), the release to another
 * stock of the item's warehouse, the return label, and the product returned.
 */

const O = DEMO.orgs;
const A = DEMO.accounts;

let k: BuybackKit;
/** The warehouse manager of Saint-Priest, as a service context (to bring items to the warehouse). */
let warehouse: RequestContext;
let operator: string;
let otherWarehouse: string;
let sequence = 0;

beforeAll(async () => {
  k = await startBuybackKit();
  // the platform's own return label here: Demo Retail's carrier (seed/demo-transport.ts) is set
  // aside; the carrier's return label is modules/transport/transport.int.test.ts
  await k.t.db
    .updateTable('connector_configurations')
    .set({ status: 'inactive' })
    .where('id', '=', DEMO_TRANSPORT.configurationId)
    .execute();
  warehouse = await warehouseManagerContext(k.t);
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  otherWarehouse = await addOtherBuyerUser(k.t, 'warehouse_manager');
});
afterAll(() => k.close());

/** A Paris store buyback (sent to Saint-Priest) whose customer has their own e-mail address. */
async function buybackOf(email = `customer-${++sequence}@example.test`): Promise<BuybackResponse> {
  return k.createBuyback({ customer: { ...customer({ email }), iban: 'FR76 3000 6000 0112 3456 7890 189' } });
}

async function quarantined(email?: string) {
  const b = await buybackOf(email);
  await quarantineItem(warehouse, b.item.id, 'stolen_suspicion', 'IMEI signalé');
  return b;
}

const as = (authorization: string) => ({
  get: (url: string) => k.t.app.inject({ method: 'GET', url, headers: { authorization } }),
  post: (url: string, payload: object = {}) =>
    k.t.app.inject({ method: 'POST', url, headers: { authorization }, payload }),
});

/** The mail jobs of the quarantine (the tracking page's progress mails, whose subjects end "(sale 2000…)", left out). */
const mailJobs = async (to?: string) => {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pgboss.job
    WHERE name = 'mail' AND (${to ?? null}::text IS NULL OR data->>'to' = ${to ?? null})
      AND data->>'subject' !~ '\\((vente n° |sale |verkoop |Verkauf )[0-9]+\\)$'`.execute(k.t.db);
  return Number(rows[0]?.n);
};

/** The quarantine mail received (the "product received" progress mail of the check-in may come first). */
async function quarantineMailTo(email: string) {
  const start = Date.now();
  for (;;) {
    const mail = k.t.smtp.mails.find((m) => m.to.includes(email) && /vérification|zur Prüfung/.test(m.text));
    if (mail) return mail;
    if (Date.now() - start > 5000) throw new Error(`no quarantine mail to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const stockOf = (warehouseId: string, kind: string) => nativeStockId(k.t, kind, warehouseId);

const history = async (itemId: string): Promise<ItemEventResponse[]> => {
  const res = await k.get('warehouse', `/api/items/${itemId}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().member;
};

describe('the quarantine mail', () => {
  it('is queued with the move, to the customer, in the retailer account’s language, with the reason and the support address', async () => {
    const email = 'quarantine-fr@example.test';
    const b = await quarantined(email);
    expect(await mailJobs(email)).toBe(1);
    const mail = await quarantineMailTo(email);
    expect(mail.text).toContain('vérification');
    expect(mail.text).toContain('possiblement volé');
    expect(mail.text).toContain('support@demo-retail.test');
    expect(mail.text).toContain(b.identificationNumber);
  });

  it('is written in the account’s language (German here)', async () => {
    await k.t.db.updateTable('accounts').set({ language: 'de-DE' }).where('id', '=', A.demoRetail).execute();
    try {
      const email = 'quarantine-de@example.test';
      await quarantined(email);
      const mail = await quarantineMailTo(email);
      expect(mail.text).toContain('zur Prüfung zurückgehalten');
      expect(mail.text).toContain('möglicherweise gestohlen');
    } finally {
      await k.t.db
        .updateTable('accounts')
        .set({ language: 'fr-FR' })
        .where('id', '=', A.demoRetail)
        .execute();
    }
  });

  it('is not queued when the customer has no e-mail address, and cannot be sent again then', async () => {
    const b = await buybackOf();
    await k.t.db
      .updateTable('customers')
      .set({ email: null })
      .where(
        'id',
        '=',
        (
          await k.t.db
            .selectFrom('buybacks')
            .select('customer_id')
            .where('id', '=', b.id)
            .executeTakeFirstOrThrow()
        ).customer_id,
      )
      .execute();
    const before = await mailJobs();
    await quarantineItem(warehouse, b.item.id);
    expect(await mailJobs()).toBe(before);
    expect((await k.get('warehouse', `/api/buybacks/${b.id}`)).json().allowedActions.sendQuarantineMail).toBe(
      false,
    );
    expectProblem(
      await k.post('warehouse', `/api/items/${b.item.id}/quarantine/mail`),
      409,
      'customer_email_missing',
    );
  });

  it('is sent again on demand while the item is in quarantine, with quarantine.send_mail only', async () => {
    const email = 'quarantine-again@example.test';
    const b = await quarantined(email);
    expect((await k.get('warehouse', `/api/buybacks/${b.id}`)).json().allowedActions.sendQuarantineMail).toBe(
      true,
    );
    const res = await k.post('warehouse', `/api/items/${b.item.id}/quarantine/mail`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: email });
    expect(await mailJobs(email)).toBe(2);
    // the retailer's managers send it too; an operator does not hold the permission
    expect((await k.post('rmu', `/api/items/${b.item.id}/quarantine/mail`)).statusCode).toBe(200);
    expectProblem(await as(operator).post(`/api/items/${b.item.id}/quarantine/mail`), 403, 'forbidden');
    // not in quarantine: refused
    const other = await buybackOf();
    expectProblem(
      await k.post('warehouse', `/api/items/${other.item.id}/quarantine/mail`),
      409,
      'item_status_mismatch',
    );
  });
});

describe('the quarantine list', () => {
  let b: BuybackResponse;
  let itemNumber: string;
  beforeAll(async () => {
    b = await quarantined();
    itemNumber = (await k.get('warehouse', `/api/items/${b.item.id}`)).json().identificationNumber;
  });

  const list = async (query = '', who: 'warehouse' | 'buyer' | 'admin' = 'warehouse') => {
    const res = await k.get(who, `/api/items/quarantine${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { member: QuarantineItem[]; totalItems: number };
  };

  it('lists the items in quarantine the user sees, with the reason, the date and the comment', async () => {
    const page = await list('?itemsPerPage=100');
    const row = page.member.find((r) => r.id === b.item.id);
    expect(row).toMatchObject({
      identificationNumber: itemNumber,
      buyback: { id: b.id, identificationNumber: b.identificationNumber },
      product: { name: b.product.name },
      retailer: { id: A.demoRetail, name: 'Demo Retail' },
      warehouse: { id: O.warehouseSaintPriest },
      reason: 'stolen_suspicion',
      comment: 'IMEI signalé',
      customerHasEmail: true,
    });
    expect(Number.isNaN(Date.parse(row?.since ?? ''))).toBe(false);
    expect(page.member.every((r) => r.reason !== null)).toBe(true);
    // the buyer manager and the admin see it too
    expect((await list('?itemsPerPage=100', 'buyer')).member.some((r) => r.id === b.item.id)).toBe(true);
    expect((await list('?itemsPerPage=100', 'admin')).member.some((r) => r.id === b.item.id)).toBe(true);
  });

  it('filters by code (13 or 8 characters, the buyback’s number too), reason, warehouse and retailer account', async () => {
    for (const code of [itemNumber, itemNumber.slice(-8), b.identificationNumber]) {
      const page = await list(`?code=${code}`);
      expect(page.member.map((r) => r.id)).toEqual([b.item.id]);
    }
    const bad = await k.get('warehouse', '/api/items/quarantine?code=12345');
    expect(bad.statusCode).toBe(422);
    expect((await list(`?code=${itemNumber}&reason=locked`)).totalItems).toBe(0);
    expect((await list(`?code=${itemNumber}&reason=stolen_suspicion`)).totalItems).toBe(1);
    expect((await list(`?code=${itemNumber}&warehouse=${O.warehouseRoubaix}`)).totalItems).toBe(0);
    expect((await list(`?code=${itemNumber}&warehouse=${O.warehouseSaintPriest}`)).totalItems).toBe(1);
    expect((await list(`?code=${itemNumber}&account=${A.otherRetail}`)).totalItems).toBe(0);
    expect((await list(`?code=${itemNumber}&account=${A.demoRetail}`)).totalItems).toBe(1);
  });

  it('shows nothing to another buyer’s warehouse, and needs quarantine.transition', async () => {
    const other = await as(otherWarehouse).get('/api/items/quarantine?itemsPerPage=100');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().totalItems).toBe(0);
    expectProblem(await as(otherWarehouse).get(`/api/items/${b.item.id}/stocks`), 404, 'item_not_found');
    expectProblem(
      await as(otherWarehouse).post(`/api/items/${b.item.id}/quarantine/release`, {
        stockId: await stockOf(O.warehouseSaintPriest, 'customer_return'),
      }),
      404,
      'item_not_found',
    );
    expectProblem(await as(operator).get('/api/items/quarantine'), 403, 'forbidden');
    expectProblem(await k.get('rmu', '/api/items/quarantine'), 403, 'forbidden');
  });
});

describe('the release', () => {
  it('lists the stocks of the item’s warehouse, the current one marked', async () => {
    const b = await quarantined();
    const res = await k.get('warehouse', `/api/items/${b.item.id}/stocks`);
    expect(res.statusCode, res.body).toBe(200);
    const stocks = res.json().member as { id: string; nativeKind: string; current: boolean }[];
    // the native ones, and the demo's workshop and shelf (seed/demo-refurbishment.ts)
    expect(stocks.filter((s) => s.nativeKind === null)).toHaveLength(2);
    expect(stocks.flatMap((s) => (s.nativeKind ? [s.nativeKind] : [])).sort()).toEqual([
      'awaiting_control',
      'customer_return',
      'in_quarantine',
      'refurbishment_completed',
      'to_refurbish',
    ]);
    expect(stocks.filter((s) => s.current).map((s) => s.nativeKind)).toEqual(['in_quarantine']);
    // an operator reads them (items_stock.read)
    expect((await as(operator).get(`/api/items/${b.item.id}/stocks`)).statusCode).toBe(200);
  });

  it('to the customer return stock: the item is to be returned and the buyback not completed; the return label follows; returned at last', async () => {
    const b = await quarantined();
    const customerReturn = await stockOf(O.warehouseSaintPriest, 'customer_return');
    const res = await k.post('warehouse', `/api/items/${b.item.id}/quarantine/release`, {
      stockId: customerReturn,
      comment: 'Client injoignable, retour',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_to_return',
      buyback: { status: 'bb_not_completed' },
      stock: { id: customerReturn, nativeKind: 'customer_return' },
    });
    const detail = (await k.get('warehouse', `/api/buybacks/${b.id}`)).json() as BuybackResponse;
    expect(detail.allowedActions).toMatchObject({
      markReturned: true,
      downloadReturnLabel: true,
      sendQuarantineMail: false,
    });
    expect((await k.get('warehouse', `/api/items/${b.item.id}/documents/return-label`)).statusCode).toBe(200);
    // an operator marks it returned (buyback_item.control); only once
    const returned = await as(operator).post(`/api/items/${b.item.id}/returned`);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'item_returned', stock: null });
    expectProblem(await k.post('warehouse', `/api/items/${b.item.id}/returned`), 409, 'item_status_mismatch');
    expectProblem(
      await k.get('warehouse', `/api/items/${b.item.id}/documents/return-label`),
      404,
      'document_unavailable',
    );
    const events = await history(b.item.id);
    expect(events.map((e) => [e.toStatus, e.reason])).toEqual([
      ['item_in_transit', 'sent'],
      ['item_registered_in_warehouse', 'checkin'],
      ['item_in_quarantine', 'quarantine'],
      ['item_to_return', 'quarantine_release'],
      ['item_returned', 'returned'],
    ]);
    expect(events[3]).toMatchObject({
      fromStatus: 'item_in_quarantine',
      by: { name: 'Wassim Haddad' },
      place: { id: O.warehouseSaintPriest },
      stock: { id: customerReturn },
      comment: 'Client injoignable, retour',
    });
    expect(events[4]?.by?.name).toBe('Wendy Janssens');
  });

  it('to any other stock: the item is to be reintegrated there and its control starts again', async () => {
    const b = await quarantined();
    const toRefurbish = await stockOf(O.warehouseSaintPriest, 'to_refurbish');
    const res = await k.post('warehouse', `/api/items/${b.item.id}/quarantine/release`, {
      stockId: toRefurbish,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_to_reintegrate_to_stock',
      buyback: { status: 'bb_in_processing' },
      stock: { id: toRefurbish },
    });
    // no longer in quarantine: neither released again nor listed
    expectProblem(
      await k.post('warehouse', `/api/items/${b.item.id}/quarantine/release`, { stockId: toRefurbish }),
      409,
      'item_status_mismatch',
    );
    const list = await k.get('warehouse', `/api/items/quarantine?code=${b.identificationNumber}`);
    expect(list.json().totalItems).toBe(0);
    expectProblem(
      await k.get('warehouse', `/api/items/${b.item.id}/documents/return-label`),
      404,
      'document_unavailable',
    );
  });

  it('refuses the stock it is in, a stock of another warehouse, and an operator', async () => {
    const b = await quarantined();
    expectProblem(
      await k.post('warehouse', `/api/items/${b.item.id}/quarantine/release`, {
        stockId: await stockOf(O.warehouseSaintPriest, 'in_quarantine'),
      }),
      422,
      'same_stock',
    );
    expectProblem(
      await k.post('warehouse', `/api/items/${b.item.id}/quarantine/release`, {
        stockId: await stockOf(O.warehouseRoubaix, 'customer_return'),
      }),
      422,
      'stock_not_in_warehouse',
    );
    expectProblem(
      await as(operator).post(`/api/items/${b.item.id}/quarantine/release`, {
        stockId: await stockOf(O.warehouseSaintPriest, 'customer_return'),
      }),
      403,
      'forbidden',
    );
    expect((await k.post('warehouse', `/api/items/${b.item.id}/quarantine/release`, {})).statusCode).toBe(
      422,
    );
    expect((await k.get('warehouse', `/api/items/${b.item.id}`)).json().status).toBe('item_in_quarantine');
  });
});

describe('the return label', () => {
  it('is a PDF for an item in quarantine, named in the user’s language, for whoever reads the buyback', async () => {
    const b = await quarantined();
    const number = (await k.get('warehouse', `/api/items/${b.item.id}`)).json().identificationNumber;
    const res = await k.get('warehouse', `/api/items/${b.item.id}/documents/return-label?lang=fr-FR`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="etiquette-de-retour-${number}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the store's seller reads the buyback: the label too; another retailer: not even the item
    expect((await k.get('seller', `/api/items/${b.item.id}/documents/return-label`)).statusCode).toBe(200);
    expectProblem(
      await k.get('otherSeller', `/api/items/${b.item.id}/documents/return-label`),
      404,
      'item_not_found',
    );
    expect(
      (await k.get('warehouse', `/api/buybacks/${b.id}`)).json().allowedActions.downloadReturnLabel,
    ).toBe(true);
  });

  it('does not exist before the quarantine', async () => {
    const b = await buybackOf();
    await advanceItem(warehouse, b.item.id, 'item_awaiting_compliancy_tests');
    expectProblem(
      await k.get('warehouse', `/api/items/${b.item.id}/documents/return-label`),
      404,
      'document_unavailable',
    );
    expectProblem(await k.post('warehouse', `/api/items/${b.item.id}/returned`), 409, 'item_status_mismatch');
    expect(
      (await k.get('warehouse', `/api/buybacks/${b.id}`)).json().allowedActions.downloadReturnLabel,
    ).toBe(false);
  });
});
