import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoUsers } from '../../../test/api-kit';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { multipartFile, PNG, REFUSED_POLICY_PDFS, textPdf } from '../../../test/upload-kit';

/**
 * The general settings (docs/general-settings.md): the policy files of the brand module, the
 * buyer module's settings, and who may change what.
 */

const A = DEMO.accounts;
const DEMO_HOST = 'demo-retail.localhost:3000';
const OTHER_HOST = 'other-retail.localhost:3000';

let t: TestApp;
const as: Record<string, string> = {};
let demoDetailId: string;
let otherDetailId: string;
let buyerDetailId: string;

function multipart(data: Buffer, filename: string) {
  return multipartFile(data, { filename, type: 'application/pdf' });
}

const fileUrl = (id: string, document: string) => `/api/organization-root-details/${id}/files/${document}`;

const upload = (who: string, id: string, document: string, data: Buffer) => {
  const body = multipart(data, `${document}.pdf`);
  return t.app.inject({
    method: 'PUT',
    url: fileUrl(id, document),
    headers: { authorization: as[who] as string, ...body.headers },
    payload: body.payload,
  });
};
const call = (who: string, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: { authorization: as[who] as string } });
const patch = (who: string, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/organization-root-details/${id}`,
    headers: { authorization: as[who] as string, 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(payload),
  });
const publicGet = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const fileKeys = (accountId: string) =>
  t.db
    .selectFrom('organization_root_details')
    .select(['eula_file_key', 'service_terms_file_key', 'faq_and_contact_file_key'])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
const auditCount = async (id: string) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'organization_root_detail')
      .where('entity_id', '=', id)
      .execute()
  ).length;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(as, await signInDemoUsers(t));
  const rows = await t.db.selectFrom('organization_root_details').select(['id', 'account_id']).execute();
  const idOf = (accountId: string) => rows.find((r) => r.account_id === accountId)?.id as string;
  demoDetailId = idOf(A.demoRetail);
  otherDetailId = idOf(A.otherRetail);
  buyerDetailId = idOf(A.demoBuyer);
  // the second tenant's site is online too, so that what it serves can be checked
  await t.db
    .updateTable('accounts')
    .set({ site_slug: 'other-retail', site_active: true })
    .where('id', '=', A.otherRetail)
    .execute();
}, 120_000);
afterAll(() => t?.close());

describe('policy files', () => {
  it('a PDF is stored, linked from the root details, downloaded, and served by the public site', async () => {
    const file = await textPdf('Conditions générales de Demo Retail');
    const before = await auditCount(demoDetailId);
    const res = await upload('rmu', demoDetailId, 'eula', file);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.eulaFile).toMatch(
      new RegExp(`^/api/organization-root-details/${demoDetailId}/files/eula\\?v=[0-9a-f-]{8}$`),
    );
    expect(detail.serviceTermsFile).toBeNull();
    expect(await auditCount(demoDetailId)).toBe(before + 1);

    const download = await call('rmu', 'GET', detail.eulaFile);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(file)).toBe(true);

    const legal = (await publicGet(DEMO_HOST, '/api/white-label/legal')).json();
    expect(legal.termsOfUseFile).toMatch(/^\/api\/white-label\/legal\/eula\?v=/);
    expect(legal.termsOfServiceFile).toBeNull();
    // the text stays readable through the API; the site shows the PDF while there is one
    expect(legal.termsOfUse).toContain('Demo Retail');
    const served = await publicGet(DEMO_HOST, legal.termsOfUseFile);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(served.rawPayload.equals(file)).toBe(true);
  });

  it("another site never serves this account's PDF", async () => {
    expect((await publicGet(OTHER_HOST, '/api/white-label/legal/eula')).statusCode).toBe(404);
    expect((await publicGet(OTHER_HOST, '/api/white-label/legal')).json().termsOfUseFile).toBeNull();
  });

  it('replacing a file stores the new one and deletes the old one from storage', async () => {
    const old = (await fileKeys(A.demoRetail)).eula_file_key as string;
    expect(await t.deps.storage.get(old)).not.toBeNull();
    const next = await textPdf('Version 2');
    const res = await upload('rmu', demoDetailId, 'eula', next);
    expect(res.statusCode).toBe(200);
    const key = (await fileKeys(A.demoRetail)).eula_file_key as string;
    expect(key).not.toBe(old);
    expect(await t.deps.storage.get(old)).toBeNull();
    expect((await t.deps.storage.get(key))?.equals(next)).toBe(true);
  });

  it('removing a file takes it off the root details, the storage and the public site', async () => {
    await upload('rmu', demoDetailId, 'faq-and-contact', await textPdf('FAQ'));
    const key = (await fileKeys(A.demoRetail)).faq_and_contact_file_key as string;
    const before = await auditCount(demoDetailId);
    const res = await call('rmu', 'DELETE', fileUrl(demoDetailId, 'faq-and-contact'));
    expect(res.statusCode).toBe(200);
    expect(res.json().faqAndContactFile).toBeNull();
    expect(await auditCount(demoDetailId)).toBe(before + 1);
    expect(await t.deps.storage.get(key)).toBeNull();
    expect((await publicGet(DEMO_HOST, '/api/white-label/legal/faq-and-contact')).statusCode).toBe(404);
    expect((await call('rmu', 'GET', fileUrl(demoDetailId, 'faq-and-contact'))).statusCode).toBe(404);
  });

  it.each([
    [
      'a text file named .pdf',
      () => Promise.resolve(Buffer.from('not a pdf at all, just text')),
      422,
      'invalid_file',
    ],
    ['a PNG', () => Promise.resolve(PNG), 422, 'invalid_file'],
    ['an empty file', () => Promise.resolve(Buffer.alloc(0)), 422, 'invalid_file'],
    ...REFUSED_POLICY_PDFS,
  ])('refuses %s, changing nothing', async (_name, make, status, code) => {
    const before = await auditCount(demoDetailId);
    const res = await upload('rmu', demoDetailId, 'service-terms', await make());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().violations[0]).toMatchObject({ propertyPath: 'file', code });
    expect((await fileKeys(A.demoRetail)).service_terms_file_key).toBeNull();
    expect(await auditCount(demoDetailId)).toBe(before);
  });

  it('a PDF of exactly 250 kB is accepted', async () => {
    const file = await textPdf('limit');
    const padded = Buffer.concat([
      file.subarray(0, 20),
      Buffer.alloc(250 * 1024 - file.length),
      file.subarray(20),
    ]);
    expect(padded.length).toBe(250 * 1024);
    const res = await upload('rmu', demoDetailId, 'service-terms', padded);
    expect(res.statusCode, res.body).toBe(200);
    await call('rmu', 'DELETE', fileUrl(demoDetailId, 'service-terms'));
  });

  it("another account's root details answer 404, on every file route", async () => {
    const file = await textPdf('intruder');
    expect((await upload('otherRmu', demoDetailId, 'eula', file)).statusCode).toBe(404);
    expect((await call('otherRmu', 'GET', fileUrl(demoDetailId, 'eula'))).statusCode).toBe(404);
    expect((await call('otherRmu', 'DELETE', fileUrl(demoDetailId, 'eula'))).statusCode).toBe(404);
    // a buyer manager reaches its own account's only
    expect((await upload('buyer', demoDetailId, 'eula', file)).statusCode).toBe(404);
    expect((await fileKeys(A.demoRetail)).eula_file_key).not.toBeNull();
    expect((await fileKeys(A.otherRetail)).eula_file_key).toBeNull();
  });

  it('needs the general settings permission', async () => {
    const file = await textPdf('no');
    for (const who of ['analyst', 'seller']) {
      expect((await upload(who, demoDetailId, 'eula', file)).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', fileUrl(demoDetailId, 'eula'))).statusCode, who).toBe(403);
      expect((await call(who, 'GET', fileUrl(demoDetailId, 'eula'))).statusCode, who).toBe(403);
    }
  });

  it('a platform operator manages any account’s files; an unknown document answers 4xx', async () => {
    const res = await upload('admin', otherDetailId, 'service-terms', await textPdf('Other terms'));
    expect(res.statusCode).toBe(200);
    expect((await publicGet(OTHER_HOST, '/api/white-label/legal')).json().termsOfServiceFile).toMatch(
      /^\/api\/white-label\/legal\/service-terms\?v=/,
    );
    expect((await publicGet(DEMO_HOST, '/api/white-label/legal')).json().termsOfServiceFile).toBeNull();
    const unknown = await upload('rmu', demoDetailId, 'privacy', await textPdf('x'));
    expect(unknown.statusCode).toBe(422);
  });
});

describe('premium features', () => {
  it('only a platform operator changes them; sending them unchanged is accepted', async () => {
    const current = (
      await call('rmu', 'GET', `/api/accounts/${A.demoRetail}/organization-root-detail`)
    ).json().enabledPremiumFeatures as string[];
    const refused = await patch('rmu', demoDetailId, { enabledPremiumFeatures: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const same = await patch('rmu', demoDetailId, {
      enabledPremiumFeatures: [...current].reverse(),
      barCodeEnabled: true,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().enabledPremiumFeatures.sort()).toEqual([...current].sort());
    const byAdmin = await patch('admin', demoDetailId, { enabledPremiumFeatures: current.slice(1) });
    expect(byAdmin.json().enabledPremiumFeatures).toEqual(current.slice(1));
    await patch('admin', demoDetailId, { enabledPremiumFeatures: current });
  });
});

describe('the buyer module', () => {
  it("a buyer manager sets its account's warehouse comment rules, check-in and buyer payment", async () => {
    const res = await patch('buyer', buyerDetailId, {
      isWarehouseCommentMandatory: true,
      isWarehouseCommentSharedToClient: true,
      warehouseCheckinRequirement: 'optional',
      buyerPaymentEnabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: A.demoBuyer,
      isWarehouseCommentMandatory: true,
      isWarehouseCommentSharedToClient: true,
      warehouseCheckinRequirement: 'optional',
      buyerPaymentEnabled: true,
    });
  });

  it("disabling check-in turns it off for the account's warehouses", async () => {
    expect(
      (await patch('buyer', buyerDetailId, { warehouseCheckinRequirement: 'disabled' })).statusCode,
    ).toBe(200);
    const settings = await call('warehouse', 'GET', '/api/warehouse/checkin/settings');
    expect(settings.json().requirement).toBe('disabled');
    await patch('buyer', buyerDetailId, { warehouseCheckinRequirement: 'mandatory' });
    expect((await call('warehouse', 'GET', '/api/warehouse/checkin/settings')).json().requirement).toBe(
      'mandatory',
    );
  });

  it("a buyer manager cannot reach a retailer's root details", async () => {
    expect((await patch('buyer', demoDetailId, { buyerPaymentEnabled: true })).statusCode).toBe(404);
    expect(
      (await call('buyer', 'GET', `/api/accounts/${A.demoRetail}/organization-root-detail`)).statusCode,
    ).toBe(404);
  });
});
