import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useKit } from '../../../test/api-kit';
import { type BuybackKit, customer, DEMO, IBAN, startBuybackKit } from '../../../test/buyback-kit';
import { advanceItem, warehouseManagerContext } from '../../../test/item-moves-kit';
import type { Trx } from '../../platform/request-context';
import type { EntryRow } from './police-register.repository';

/**
 * The police register (docs/police-register.md): filled by completions, numbered per store without
 * gaps, append-only in the database, chained (a changed row is found), corrected by new entries,
 * read by who sees the store (another tenant nothing), every read audited, kept through an erasure.
 */

const kit: BuybackKit = useKit(startBuybackKit);
const STORE = DEMO.orgs.storeParis;

async function completedBuyback(over: Record<string, unknown> = {}) {
  const b = await kit.createBuyback(over);
  await advanceItem(await warehouseManagerContext(kit.t), b.item.id, 'item_completed_by_price');
  return b;
}

const entriesOf = (storeId: string) =>
  kit.t.db
    .selectFrom('police_register_entries')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('number')
    .execute();

const verify = async (who: 'storeManager' | 'rmu' = 'storeManager') => {
  const res = await kit.get(who, `/api/police-register/stores/${STORE}/verification`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Runs `tamper` with the append-only triggers off, as a superuser tampering with the table would. */
async function behindTheBack(tamper: RawBuilder<unknown> | ((trx: Trx) => Promise<unknown>)) {
  await kit.t.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE police_register_entries DISABLE TRIGGER USER`.execute(trx);
    await (typeof tamper === 'function' ? tamper(trx) : tamper.execute(trx));
    await sql`ALTER TABLE police_register_entries ENABLE TRIGGER USER`.execute(trx);
  });
}

describe('the police register', () => {
  it('a completed store buyback gives one entry with the seller, the object, the price and the payment', async () => {
    // the first read enters the store's buybacks completed before (the demo's)
    await verify();
    const before = await entriesOf(STORE);
    const b = await completedBuyback({ imei: '356938035643809' });
    const after = await entriesOf(STORE);
    expect(after).toHaveLength(before.length + 1);
    const entry = after.at(-1);
    expect(entry).toMatchObject({
      number: before.length + 1,
      buyback_id: b.id,
      item_id: b.item.id,
      seller_first_name: 'Søren',
      seller_last_name: 'Łukasiewicz',
      seller_street: '12 Rue de Łódź',
      seller_city: 'Paris',
      identity_document_type: 'identity_card',
      identity_document_number: 'AB12345',
      identity_document_authority: 'Préfecture de Paris',
      identity_document_date: '2020-05-04',
      imei: '356938035643809',
      payment_type: 'bank_transfer',
      // the wizard's stolen-device check, as its device_checks row records it
      device_check: 'not_checked',
      corrects_entry_id: null,
      previous_hash: before.at(-1)?.hash ?? null,
    });
    expect(entry?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry?.price_cents).toBeGreaterThan(0);
  });

  it('numbers each store from 1 without gaps, whatever the order of the stores', async () => {
    await completedBuyback();
    await completedBuyback();
    const numbers = (await entriesOf(STORE)).map((e) => e.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const head = await kit.t.db
      .selectFrom('police_registers')
      .selectAll()
      .where('store_id', '=', STORE)
      .executeTakeFirstOrThrow();
    expect(head.last_number).toBe(numbers.length);
  });

  it('a buyback not completed gives no entry', async () => {
    const count = (await entriesOf(STORE)).length;
    const b = await kit.createBuyback();
    await advanceItem(await warehouseManagerContext(kit.t), b.item.id, 'item_awaiting_compliancy_tests');
    expect(await entriesOf(STORE)).toHaveLength(count);
  });

  it('an UPDATE, a DELETE or a TRUNCATE of an entry fails in the database, whoever the user', async () => {
    const [first] = await entriesOf(STORE);
    const id = first?.id as string;
    await expect(
      sql`UPDATE police_register_entries SET price_cents = 1 WHERE id = ${id}`.execute(kit.t.db),
    ).rejects.toThrow(/never changed nor removed/);
    await expect(sql`DELETE FROM police_register_entries WHERE id = ${id}`.execute(kit.t.db)).rejects.toThrow(
      /never changed nor removed/,
    );
    await expect(sql`TRUNCATE police_register_entries CASCADE`.execute(kit.t.db)).rejects.toThrow(
      /never changed nor removed/,
    );
    expect((await entriesOf(STORE))[0]).toEqual(first);
  });

  it('the verification finds the chain whole, then the first entry changed behind its back', async () => {
    const whole = await verify();
    expect(whole).toMatchObject({ whole: true, firstBrokenNumber: null });
    const entries = await entriesOf(STORE);
    expect(whole.entries).toBe(entries.length);
    const target = entries[1] ?? entries[0];
    const price = target?.price_cents as number;
    await behindTheBack(
      sql`UPDATE police_register_entries SET price_cents = ${price + 100} WHERE id = ${target?.id}`,
    );
    expect(await verify('rmu')).toMatchObject({ whole: false, firstBrokenNumber: target?.number });
    await behindTheBack(
      sql`UPDATE police_register_entries SET price_cents = ${price} WHERE id = ${target?.id}`,
    );
    expect(await verify()).toMatchObject({ whole: true });
  });

  it('the verification finds an entry removed behind its back at the end of the chain', async () => {
    const [first] = await entriesOf(STORE);
    const res = await kit.post('storeManager', `/api/police-register/entries/${first?.id}/corrections`, {
      reason: 'Adresse incomplète',
      seller: { streetMore: 'Bâtiment B' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const last = (await entriesOf(STORE)).at(-1) as EntryRow;
    expect(last.id).toBe(res.json().id);
    await behindTheBack(sql`DELETE FROM police_register_entries WHERE id = ${last.id}`);
    expect(await verify()).toMatchObject({ whole: false, firstBrokenNumber: last.number });
    await behindTheBack((trx) => trx.insertInto('police_register_entries').values(last).execute());
    expect(await verify()).toMatchObject({ whole: true });
  });

  it('a correction is a new entry pointing to the corrected one, which stays as it was, audited', async () => {
    const b = await completedBuyback();
    const original = (await entriesOf(STORE)).find((e) => e.item_id === b.item.id);
    const res = await kit.post('storeManager', `/api/police-register/entries/${original?.id}/corrections`, {
      reason: 'Nom mal orthographié',
      seller: { lastName: 'Lukasiewicz' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const correction = res.json();
    const entries = await entriesOf(STORE);
    expect(correction).toMatchObject({
      number: entries.length,
      corrects: { id: original?.id, number: original?.number },
      correctionReason: 'Nom mal orthographié',
      seller: { lastName: 'Lukasiewicz', firstName: 'Søren' },
      itemNumber: original?.item_number,
    });
    expect(entries.find((e) => e.id === original?.id)).toEqual(original);
    const detail = await kit.get('storeManager', `/api/police-register/entries/${original?.id}`);
    expect(detail.json().correctedBy).toEqual([{ id: correction.id, number: correction.number }]);
    expect((await verify()).whole).toBe(true);
    const auditRow = await kit.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'police_register_entry')
      .where('entity_id', '=', correction.id)
      .executeTakeFirstOrThrow();
    expect(auditRow.after).toMatchObject({ corrects: original?.number, changed: ['seller.lastName'] });
  });

  it('a correction needs a reason and the permission', async () => {
    const [first] = await entriesOf(STORE);
    const url = `/api/police-register/entries/${first?.id}/corrections`;
    const missing = await kit.post('storeManager', url, { seller: { lastName: 'X' } });
    expect(missing.statusCode).toBe(422);
    expect((await kit.post('mu', url, { reason: 'r' })).statusCode).toBe(403);
    expect((await kit.post('seller', url, { reason: 'r' })).statusCode).toBe(403);
  });

  it('the store manager reads its store only, the management unit its stores, the root all, another tenant nothing', async () => {
    const stores = async (who: 'storeManager' | 'mu' | 'rmu' | 'otherRmu') =>
      (await kit.get(who, '/api/police-register/stores')).json().member.map((s: { id: string }) => s.id);
    expect(await stores('storeManager')).toEqual([STORE]);
    const mu = await stores('mu');
    expect(mu).toEqual(expect.arrayContaining([STORE, DEMO.orgs.storeLille]));
    expect(mu).not.toContain(DEMO.orgs.storeBruxelles);
    expect(await stores('rmu')).toEqual(
      expect.arrayContaining([STORE, DEMO.orgs.storeLille, DEMO.orgs.storeBruxelles, DEMO.orgs.storeLiege]),
    );
    expect(await stores('otherRmu')).not.toContain(STORE);
    const list = (who: 'storeManager' | 'mu' | 'rmu' | 'otherRmu' | 'seller', store: string) =>
      kit.get(who, `/api/police-register/stores/${store}/entries?itemsPerPage=5`);
    expect((await list('storeManager', STORE)).statusCode).toBe(200);
    expect((await list('storeManager', DEMO.orgs.storeLille)).statusCode).toBe(404);
    expect((await list('mu', DEMO.orgs.storeLille)).statusCode).toBe(200);
    expect((await list('mu', DEMO.orgs.storeBruxelles)).statusCode).toBe(404);
    expect((await list('rmu', DEMO.orgs.storeBruxelles)).statusCode).toBe(200);
    expect((await list('otherRmu', STORE)).statusCode).toBe(404);
    expect((await list('seller', STORE)).statusCode).toBe(403);
    const [first] = await entriesOf(STORE);
    expect((await kit.get('otherRmu', `/api/police-register/entries/${first?.id}`)).statusCode).toBe(404);
    expect((await kit.get('otherRmu', `/api/police-register/stores/${STORE}/verification`)).statusCode).toBe(
      404,
    );
  });

  it('pages the entries of a period in number order', async () => {
    const res = await kit.get(
      'storeManager',
      `/api/police-register/stores/${STORE}/entries?itemsPerPage=2&page=1`,
    );
    const page = res.json();
    expect(page.member).toHaveLength(2);
    expect(page.member[0].number).toBe(1);
    expect(page.totalItems).toBe((await entriesOf(STORE)).length);
    const today = new Date().toISOString().slice(0, 10);
    const none = await kit.get(
      'storeManager',
      `/api/police-register/stores/${STORE}/entries?from=2000-01-01&to=2000-01-31`,
    );
    expect(none.json().totalItems).toBe(0);
    const reversed = await kit.get(
      'storeManager',
      `/api/police-register/stores/${STORE}/entries?from=${today}&to=2000-01-01`,
    );
    expect(reversed.statusCode).toBe(422);
  });

  it('every read and export is audited: who, when, which store, what period', async () => {
    const since = (
      await kit.t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id as number;
    const period = 'from=2026-01-01&to=2026-12-31';
    await kit.get('storeManager', `/api/police-register/stores/${STORE}/entries?${period}`);
    const pdf = await kit.get('storeManager', `/api/police-register/stores/${STORE}/export.pdf?${period}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const csv = await kit.get('storeManager', `/api/police-register/stores/${STORE}/export.csv?${period}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFnumber;acquired_at;')).toBe(true);
    const rows = await kit.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'police_register_access')
      .where('entity_id', '=', STORE)
      .where('id', '>', since)
      .orderBy('id')
      .execute();
    const storeManager = (
      await kit.t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'store_manager@demo.test')
        .executeTakeFirstOrThrow()
    ).id;
    expect(rows.map((r) => r.after)).toEqual([
      { kind: 'list', period: { from: '2026-01-01', to: '2026-12-31' } },
      { kind: 'export', format: 'pdf', period: { from: '2026-01-01', to: '2026-12-31' } },
      { kind: 'export', format: 'csv', period: { from: '2026-01-01', to: '2026-12-31' } },
    ]);
    expect(
      rows.every((r) => r.actor_user_id === storeManager && r.account_id === DEMO.accounts.demoRetail),
    ).toBe(true);
  });

  it("an erasure of the customer's personal data leaves the register's entries and its chain whole", async () => {
    const b = await completedBuyback({ customer: customer({ iban: IBAN, email: 'erase-me@example.test' }) });
    const entry = (await entriesOf(STORE)).find((e) => e.item_id === b.item.id);
    const buyback = await kit.t.db
      .selectFrom('buybacks')
      .select('customer_id')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    // what an erasure does to the customer's row: every personal field overwritten
    await kit.t.db
      .updateTable('customers')
      .set({
        first_name: 'Erased',
        last_name: 'Erased',
        email: null,
        phone: null,
        street: 'Erased',
        city: 'Erased',
        identification_number: null,
        identification_issuing_authority: null,
      })
      .where('id', '=', buyback.customer_id)
      .execute();
    const kept = (await entriesOf(STORE)).find((e) => e.item_id === b.item.id);
    expect(kept).toEqual(entry);
    expect(kept?.seller_last_name).toBe('Łukasiewicz');
    expect((await verify()).whole).toBe(true);
  });
});
