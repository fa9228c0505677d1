import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoUsers } from '../../../test/api-kit';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';

const A = DEMO.accounts;

let t: TestApp;
const as: Record<string, string> = {};
let demoDetailId: string;
let otherDetailId: string;

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: as[who] as string } });
const patch = (who: string, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/organization-root-details/${id}`,
    headers: { authorization: as[who] as string, 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(payload),
  });
const audits = (id: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'organization_root_detail')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(as, await signInDemoUsers(t));
  const rows = await t.db.selectFrom('organization_root_details').select(['id', 'account_id']).execute();
  demoDetailId = rows.find((r) => r.account_id === A.demoRetail)?.id as string;
  otherDetailId = rows.find((r) => r.account_id === A.otherRetail)?.id as string;
});
afterAll(() => t.close());

describe('reading the root details', () => {
  it('any back-office user of the account reads them', async () => {
    for (const who of ['rmu', 'seller', 'mu']) {
      const res = await get(who, `/api/accounts/${A.demoRetail}/organization-root-detail`);
      expect(res.statusCode, who).toBe(200);
      expect(res.json()).toMatchObject({
        id: demoDetailId,
        accountId: A.demoRetail,
        sellerSupportEmail: 'support@demo-retail.test',
        enabledPremiumFeatures: [
          'custom_transfer_order',
          'imei_search_and_collect',
          'multi_product_cart',
          'payment_bonus',
          'sftp_access',
        ],
        categoryNavigationEnabled: true,
        warehouseCheckinRequirement: 'optional',
        cartMinValue: 0,
      });
    }
  });

  it("another account's user gets 404; a platform operator reads any account", async () => {
    expect((await get('otherRmu', `/api/accounts/${A.demoRetail}/organization-root-detail`)).statusCode).toBe(
      404,
    );
    expect((await get('admin', `/api/accounts/${A.otherRetail}/organization-root-detail`)).json().id).toBe(
      otherDetailId,
    );
  });
});

describe('updating the root details', () => {
  it('the account manager merge-patches the fields sent, with an audit row', async () => {
    const res = await patch('rmu', demoDetailId, {
      cartMinValue: 1500,
      barCodeEnabled: false,
      eula: 'Conditions',
      warehouseCheckinRequirement: 'mandatory',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cartMinValue: 1500,
      barCodeEnabled: false,
      eula: 'Conditions',
      warehouseCheckinRequirement: 'mandatory',
      sellerSupportEmail: 'support@demo-retail.test',
    });
    const rows = await audits(demoDetailId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.before).toMatchObject({ cartMinValue: 0, barCodeEnabled: true });
    expect(rows[0]?.after).toMatchObject({ cartMinValue: 1500, barCodeEnabled: false });
  });

  it('null clears a text', async () => {
    const res = await patch('rmu', demoDetailId, { eula: null });
    expect(res.json().eula).toBeNull();
  });

  it('the cart minimum value is a positive integer', async () => {
    for (const cartMinValue of [-1, 1.5, '10', null]) {
      const res = await patch('rmu', demoDetailId, { cartMinValue });
      expect(res.statusCode, String(cartMinValue)).toBe(422);
      expect(res.json().violations[0]).toMatchObject({
        propertyPath: 'cartMinValue',
        code: 'positive_integer',
      });
    }
    expect((await patch('rmu', demoDetailId, { cartMinValue: 0 })).json().cartMinValue).toBe(0);
  });

  it('refuses unknown fields, unknown premium features, bad e-mails and overlong texts', async () => {
    for (const body of [
      { accountId: A.otherRetail },
      { enabledPremiumFeatures: ['teleportation'] },
      { warehouseCheckinRequirement: 'sometimes' },
      { sellerSupportEmail: 'nope' },
      { eula: 'x'.repeat(5001) },
      { barCodeEnabled: 'yes' },
    ]) {
      const res = await patch('rmu', demoDetailId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('a refused patch changes nothing and writes no audit row', async () => {
    const before = await audits(demoDetailId);
    await patch('rmu', demoDetailId, { cartMinValue: -5 });
    expect(await audits(demoDetailId)).toHaveLength(before.length);
    const current = await get('rmu', `/api/accounts/${A.demoRetail}/organization-root-detail`);
    expect(current.json().cartMinValue).toBe(0);
  });

  it('needs the general settings permission', async () => {
    for (const who of ['mu', 'analyst', 'seller']) {
      expect((await patch(who, demoDetailId, { cartMinValue: 5 })).statusCode, who).toBe(403);
    }
  });

  it("another account's manager gets 404; a platform operator updates any account", async () => {
    expect((await patch('otherRmu', demoDetailId, { cartMinValue: 5 })).statusCode).toBe(404);
    expect((await patch('rmu', otherDetailId, { cartMinValue: 5 })).statusCode).toBe(404);
    const res = await patch('admin', otherDetailId, { enabledPremiumFeatures: ['sftp_access'] });
    expect(res.json()).toMatchObject({ accountId: A.otherRetail, enabledPremiumFeatures: ['sftp_access'] });
  });

  it("a platform admin edits another account's general settings, audited in that account", async () => {
    const before = (await audits(otherDetailId)).length;
    const res = await patch('admin', otherDetailId, {
      sellerSupportEmail: 'help@other-retail.test',
      cartMinValue: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: A.otherRetail,
      sellerSupportEmail: 'help@other-retail.test',
      cartMinValue: 7,
    });
    const rows = await audits(otherDetailId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'update', account_id: A.otherRetail });
    // the account's own manager reads what the operator wrote
    const read = await get('otherRmu', `/api/accounts/${A.otherRetail}/organization-root-detail`);
    expect(read.json()).toMatchObject({ sellerSupportEmail: 'help@other-retail.test', cartMinValue: 7 });
  });

  it('an unknown id answers 404, a malformed one 422', async () => {
    expect(
      (await patch('admin', '00000000-0000-4000-8000-000000000999', { cartMinValue: 5 })).statusCode,
    ).toBe(404);
    expect((await patch('admin', 'nope', { cartMinValue: 5 })).statusCode).toBe(422);
  });
});
