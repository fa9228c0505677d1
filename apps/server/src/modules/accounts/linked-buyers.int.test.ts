import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { addBuyer, type TestBuyer } from '../../../test/buyer-kit';
import { DEMO } from '../../../test/test-app';
import { DEMO_CATALOG } from '../../seed/catalog';

const A = DEMO.accounts;
const url = (accountId: string) => `/api/account/${accountId}/linked-buyers`;

let k: ApiKit;
let second: TestBuyer;
beforeAll(async () => {
  k = await startApiKit();
  second = await addBuyer(k.t, 'Second Buyer');
});
afterAll(() => k.close());

const audits = (accountId: string) =>
  k.t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'linked_buyer')
    .where('entity_id', '=', accountId)
    .orderBy('id')
    .execute();

const linkedIds = async (accountId: string) =>
  (await k.get('admin', url(accountId))).json().buyers.map((b: { accountId: string }) => b.accountId);

/** A category of Demo Retail under smartphones with this buyer, created by its root manager. */
const createCategory = (buyer: TestBuyer | { accountId: string; warehouseId: string }, identifier: string) =>
  k.post('rmu', '/api/categories', {
    label: `Buyer ${identifier}`,
    identifier,
    parentCategoryId: (DEMO_CATALOG.categories as Record<string, string>).smartphones,
    defaultWeight: 200,
    absorptionType: 'none',
    absorptionValue: 0,
    buyerAccountId: buyer.accountId,
    referringWarehouseIds: [buyer.warehouseId],
  });

describe('reading the linked buyers of an account', () => {
  it('answers each linked buyer with its active warehouses, by name', async () => {
    const res = await k.get('admin', url(A.demoRetail));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accountId: A.demoRetail,
      buyers: [
        {
          accountId: A.demoBuyer,
          name: 'Demo Buyer',
          warehouses: [
            { id: DEMO.orgs.warehouseRoubaix, commonName: 'Atelier Roubaix' },
            { id: DEMO.orgs.warehouseSaintPriest, commonName: 'Entrepôt Saint-Priest' },
          ],
        },
      ],
    });
  });

  it("the account's catalogue managers read their own account's (the category form), no other", async () => {
    expect((await k.get('rmu', url(A.demoRetail))).statusCode).toBe(200);
    expect((await k.get('rmu', url(A.otherRetail))).json().code).toBe('not_found');
    expect((await k.get('otherRmu', url(A.demoRetail))).statusCode).toBe(404);
    for (const who of ['seller', 'buyer', 'warehouse', 'analyst'] as const)
      expect((await k.get(who, url(A.demoRetail))).statusCode, who).toBe(403);
  });

  it('an unknown account answers 404, a malformed id 422', async () => {
    expect((await k.get('admin', url('00000000-0000-4000-8000-000000000999'))).statusCode).toBe(404);
    const malformed = await k.get('admin', url('nope'));
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().violations[0]).toMatchObject({ propertyPath: 'accountId', code: 'invalid_uuid' });
  });
});

describe('setting the linked buyers of an account', () => {
  it('is refused to every user but platform operators', async () => {
    for (const who of ['rmu', 'seller', 'buyer', 'warehouse', 'otherRmu'] as const) {
      const res = await k.put(who, url(A.demoRetail), { buyerAccountIds: [A.demoBuyer, second.accountId] });
      expect(res.statusCode, who).toBe(403);
    }
    expect(await linkedIds(A.demoRetail)).toEqual([A.demoBuyer]);
  });

  it("a category's buyer must be a linked buyer of the category's account", async () => {
    expectViolation(
      await createCategory(second, 'second-buyer-phones'),
      'not_a_linked_buyer',
      'buyerAccountId',
    );

    const res = await k.put('admin', url(A.demoRetail), { buyerAccountIds: [A.demoBuyer, second.accountId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().buyers.map((b: { name: string }) => b.name)).toEqual(['Demo Buyer', 'Second Buyer']);
    expect((await createCategory(second, 'second-buyer-phones')).statusCode).toBe(201);
  });

  it('records each change in the audit log, before and after', async () => {
    const rows = await audits(A.demoRetail);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'update',
      account_id: A.demoRetail,
      before: { buyerAccountIds: [A.demoBuyer] },
      after: { buyerAccountIds: [A.demoBuyer, second.accountId] },
    });
    // the same list again changes nothing and writes nothing
    await k.put('admin', url(A.demoRetail), {
      buyerAccountIds: [second.accountId, A.demoBuyer, A.demoBuyer],
    });
    expect(await audits(A.demoRetail)).toHaveLength(1);
  });

  it('keeps a buyer a category still names (422), and unlinks one no category names', async () => {
    const third = await addBuyer(k.t, 'Third Buyer');
    const linkAll = [A.demoBuyer, second.accountId, third.accountId];
    expect((await k.put('admin', url(A.demoRetail), { buyerAccountIds: linkAll })).statusCode).toBe(200);

    const inUse = await k.put('admin', url(A.demoRetail), { buyerAccountIds: [second.accountId] });
    expectViolation(inUse, 'linked_buyer_in_use', 'buyerAccountIds');
    // the refusal names the categories still naming Demo Buyer (and none of Second Buyer's)
    const named = inUse.json().categoriesInUse as { label: string; buyerAccountId: string }[];
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((c) => c.buyerAccountId === A.demoBuyer)).toBe(true);
    expect(named.map((c) => c.label)).toContain('Smartphones');
    expect(inUse.json().violations).toHaveLength(named.length);
    expect(inUse.json().detail).toContain('"Smartphones"');
    expect(await linkedIds(A.demoRetail)).toEqual([A.demoBuyer, second.accountId, third.accountId]);

    const res = await k.put('admin', url(A.demoRetail), { buyerAccountIds: [A.demoBuyer, second.accountId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linkedIds(A.demoRetail)).toEqual([A.demoBuyer, second.accountId]);
  });

  it('links only buyer accounts to a retailer account: 422 problem documents naming the field', async () => {
    const notBuyer = await k.put('admin', url(A.demoRetail), {
      buyerAccountIds: [A.demoBuyer, A.otherRetail, '00000000-0000-4000-8000-000000000999'],
    });
    expect(notBuyer.statusCode).toBe(422);
    expect(notBuyer.json()).toMatchObject({
      status: 422,
      code: 'validation_failed',
      violations: [
        { propertyPath: 'buyerAccountIds.1', code: 'not_a_buyer' },
        { propertyPath: 'buyerAccountIds.2', code: 'not_a_buyer' },
      ],
    });
    expect(notBuyer.json().detail).toEqual(expect.any(String));
    expectViolation(
      await k.put('admin', url(A.demoBuyer), { buyerAccountIds: [second.accountId] }),
      'not_a_retailer',
      'accountId',
    );
    expectViolation(
      await k.put('admin', url(A.demoRetail), { buyerAccountIds: ['nope'] }),
      'invalid_uuid',
      'buyerAccountIds.0',
    );
    for (const body of [{}, { buyerAccountIds: A.demoBuyer }, { buyerAccountIds: [], extra: true }]) {
      const res = await k.put('admin', url(A.demoRetail), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    expect(
      (await k.put('admin', url('00000000-0000-4000-8000-000000000999'), { buyerAccountIds: [] })).statusCode,
    ).toBe(404);
    expect(await linkedIds(A.demoRetail)).toEqual([A.demoBuyer, second.accountId]);
  });
});
