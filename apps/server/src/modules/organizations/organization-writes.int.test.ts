import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security';

const O = DEMO.orgs;
const A = DEMO.accounts;
const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };

let t: TestApp;
const as: Record<string, string> = {};
let sequence = 0;

/** A valid store under Direction France; each call with its own external id. */
const store = (overrides: Record<string, unknown> = {}) => ({
  type: 'store',
  commonName: 'Demo Retail Lyon Part-Dieu',
  parentOrganizationId: O.muFrance,
  externalId: `DR-NEW-${++sequence}`,
  address: { street: '17 Rue du Docteur Bouchut', zip: '69003', city: 'Lyon', country: 'FR' },
  latitude: 45.7606,
  longitude: 4.8595,
  placeEmail: 'lyon@demo-retail.test',
  buyer: O.buyer,
  defaultWarehouse: O.warehouseSaintPriest,
  ...overrides,
});

const post = (who: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: { authorization: as[who] as string },
    payload,
  });
const patch = (who: string, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/organizations/${id}`,
    headers: { authorization: as[who] as string, ...MERGE_PATCH },
    payload: JSON.stringify(payload),
  });
const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: as[who] as string } });

async function created(
  who: string,
  payload: Record<string, unknown>,
): Promise<{ id: string } & Record<string, unknown>> {
  const res = await post(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const pathOf = async (id: string) =>
  (await t.db.selectFrom('organizations').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;
const auditRows = (entityId: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'organization')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectViolation(
  res: {
    statusCode: number;
    json(): { code: string; violations?: { propertyPath: string; code: string }[] };
  },
  code: string,
  propertyPath: string,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
  expect(res.json().violations?.map((v) => `${v.propertyPath}:${v.code}`)).toContain(
    `${propertyPath}:${code}`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  // a manager of Direction Benelux, to see organisations arrive in its subtree
  const [user] = await t.db
    .insertInto('users')
    .values({
      account_id: A.demoRetail,
      email: 'benelux_manager@demo.test',
      firstname: 'Bea',
      lastname: 'Benelux',
      password_hash: await hashPassword(DEMO.password),
    })
    .returning('id')
    .execute();
  await t.db
    .insertInto('user_modules')
    .values({
      user_id: user!.id,
      module_type: 'tim',
      user_type: 'management_unit_manager',
      organization_id: O.muBenelux,
    })
    .execute();
  const users = {
    admin: 'admin@demo.test',
    rmu: 'root_management_unit_manager@demo.test',
    rmuAnalyst: 'root_management_unit_analyst@demo.test',
    mu: 'management_unit_manager@demo.test',
    muAnalyst: 'management_unit_analyst@demo.test',
    benelux: 'benelux_manager@demo.test',
    storeManager: 'store_manager@demo.test',
    buyer: 'buyer_manager@demo.test',
    otherRmu: 'root_management_unit_manager@other.test',
  };
  for (const [who, email] of Object.entries(users)) as[who] = (await t.login(email)).authorization;
});
afterAll(() => t.close());

describe('creating an organisation', () => {
  it('creates a store under a management unit, with its module and materialised path', async () => {
    const body = await created('rmu', store({ moduleType: 'rps' }));
    expect(body).toMatchObject({
      type: 'store',
      moduleType: 'tim',
      accountId: A.demoRetail,
      parentOrganizationId: O.muFrance,
      parentCommonName: 'Direction France',
      status: 'active',
      buyer: O.buyer,
      defaultWarehouse: O.warehouseSaintPriest,
      address: { street: '17 Rue du Docteur Bouchut', streetMore: null, city: 'Lyon' },
    });
    expect(await pathOf(body.id)).toBe(`/${O.retailRoot}/${O.muFrance}/${body.id}/`);
    expect((await get('mu', `/api/organizations/${body.id}`)).statusCode).toBe(200);
  });

  it('the module follows the type: a warehouse is rps, a buyer lcm, a management unit tim', async () => {
    const warehouse = await created('buyer', {
      type: 'warehouse',
      commonName: 'Atelier Marseille',
      parentOrganizationId: O.buyer,
      address: { street: '2 Quai du Lazaret', zip: '13002', city: 'Marseille', country: 'FR' },
    });
    expect(warehouse).toMatchObject({ moduleType: 'rps', accountId: A.demoBuyer });
    const mu = await created('rmu', {
      ...store(),
      type: 'management_unit',
      buyer: null,
      parentOrganizationId: O.retailRoot,
    });
    expect(mu.moduleType).toBe('tim');
  });

  it('writes one audit row with the created organisation', async () => {
    const body = await created('rmu', store());
    const rows = await auditRows(body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', account_id: A.demoRetail, before: null });
    expect(rows[0]?.after).toMatchObject({ id: body.id, commonName: 'Demo Retail Lyon Part-Dieu' });
  });

  it('a refused command writes no audit row and creates nothing', async () => {
    const before = await auditCount();
    const res = await post('rmu', store({ externalId: 'DR-FR' }));
    expect(res.statusCode).toBe(422);
    expect(await auditCount()).toBe(before);
    const same = await t.db
      .selectFrom('organizations')
      .select('id')
      .where('external_id', '=', 'DR-FR')
      .execute();
    expect(same).toHaveLength(1);
  });
});

describe('field rules', () => {
  it('common name is 2 to 255 characters', async () => {
    expectViolation(await post('rmu', store({ commonName: 'A' })), 'too_short', 'commonName');
    expectViolation(await post('rmu', store({ commonName: 'A'.repeat(256) })), 'too_long', 'commonName');
    await created('rmu', store({ commonName: 'AB' }));
    await created('rmu', store({ commonName: 'A'.repeat(255) }));
  });

  it('corporate name, when given, is 2 to 255 characters', async () => {
    expectViolation(await post('rmu', store({ corporateName: 'A' })), 'too_short', 'corporateName');
    expectViolation(
      await post('rmu', store({ corporateName: 'A'.repeat(256) })),
      'too_long',
      'corporateName',
    );
  });

  it('street is 2 to 125 characters', async () => {
    const address = (street: string) => ({ street, zip: '69003', city: 'Lyon', country: 'FR' });
    expectViolation(await post('rmu', store({ address: address('1') })), 'too_short', 'address.street');
    expectViolation(
      await post('rmu', store({ address: address('1'.repeat(126)) })),
      'too_long',
      'address.street',
    );
    await created('rmu', store({ address: address('1'.repeat(125)) }));
  });

  it('city is 2 to 45 characters', async () => {
    const address = (city: string) => ({ street: '1 Rue', zip: '69003', city, country: 'FR' });
    expectViolation(await post('rmu', store({ address: address('L') })), 'too_short', 'address.city');
    expectViolation(
      await post('rmu', store({ address: address('L'.repeat(46)) })),
      'too_long',
      'address.city',
    );
    await created('rmu', store({ address: address('Ly') }));
    await created('rmu', store({ address: address('L'.repeat(45)) }));
  });

  it('external id is at most 45 characters', async () => {
    expectViolation(await post('rmu', store({ externalId: 'X'.repeat(46) })), 'too_long', 'externalId');
    await created('rmu', store({ externalId: 'X'.repeat(45) }));
  });

  it('latitude is between -90 and 90', async () => {
    expectViolation(await post('rmu', store({ latitude: 90.0001 })), 'latitude_range', 'latitude');
    expectViolation(await post('rmu', store({ latitude: -91 })), 'latitude_range', 'latitude');
    await created('rmu', store({ latitude: 90 }));
    await created('rmu', store({ latitude: -90 }));
  });

  it('longitude is between -180 and 180', async () => {
    expectViolation(await post('rmu', store({ longitude: 180.5 })), 'longitude_range', 'longitude');
    expectViolation(await post('rmu', store({ longitude: -181 })), 'longitude_range', 'longitude');
    await created('rmu', store({ longitude: 180 }));
    await created('rmu', store({ longitude: -180 }));
  });

  it('the e-mail must be valid', async () => {
    expectViolation(await post('rmu', store({ placeEmail: 'not-an-email' })), 'invalid_email', 'placeEmail');
  });

  it('a missing required field or a wrong type answers 422, never 500', async () => {
    for (const broken of [
      { commonName: undefined },
      { address: undefined },
      { type: 'shop' },
      { latitude: 'north' },
      { parentOrganizationId: 'x' },
    ]) {
      const res = await post('rmu', store(broken));
      expect(res.statusCode, JSON.stringify(broken)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('parent rules', () => {
  it('a store attaches to a management unit, not to the root, a store or nothing', async () => {
    expectViolation(
      await post('rmu', store({ parentOrganizationId: O.retailRoot })),
      'invalid_parent',
      'parentOrganizationId',
    );
    expectViolation(
      await post('rmu', store({ parentOrganizationId: O.storeParis })),
      'invalid_parent',
      'parentOrganizationId',
    );
    const orphan = await post('rmu', store({ parentOrganizationId: null }));
    expectViolation(orphan, 'invalid_parent', 'parentOrganizationId');
    expect(orphan.json().code).toBe('invalid_parent');
  });

  it('a management unit attaches to the root management unit or a management unit only', async () => {
    const mu = (parentOrganizationId: string) => ({
      ...store(),
      type: 'management_unit',
      buyer: null,
      parentOrganizationId,
    });
    await created('rmu', mu(O.retailRoot));
    await created('rmu', mu(O.muFrance));
    expectViolation(await post('rmu', mu(O.storeParis)), 'invalid_parent', 'parentOrganizationId');
  });

  it('a warehouse attaches to a buyer only', async () => {
    const warehouse = (parentOrganizationId: string) => ({
      ...store(),
      type: 'warehouse',
      buyer: null,
      defaultWarehouse: null,
      parentOrganizationId,
    });
    await created('buyer', warehouse(O.buyer));
    expectViolation(await post('admin', warehouse(O.muFrance)), 'invalid_parent', 'parentOrganizationId');
  });

  it('a root management unit and a buyer are tree roots, created by platform operators', async () => {
    const buyer = await created('admin', {
      ...store(),
      type: 'buyer',
      buyer: null,
      defaultWarehouse: null,
      parentOrganizationId: null,
      accountId: A.demoBuyer,
    });
    expect(buyer.parentOrganizationId).toBeNull();
    expect(await pathOf(buyer.id)).toBe(`/${buyer.id}/`);
    expectViolation(
      await post('admin', { ...store(), type: 'buyer', buyer: null, parentOrganizationId: O.buyer }),
      'invalid_parent',
      'parentOrganizationId',
    );
    const res = await post('rmu', {
      ...store(),
      type: 'root_management_unit',
      buyer: null,
      parentOrganizationId: null,
    });
    expect(res.json()).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('an account has a single root management unit', async () => {
    const second = {
      ...store(),
      type: 'root_management_unit',
      buyer: null,
      parentOrganizationId: null,
      accountId: A.demoRetail,
    };
    expectViolation(await post('admin', second), 'invalid_parent', 'type');
    // an account without one may receive its root
    const [account] = await t.db
      .insertInto('accounts')
      .values({ name: 'New Retail', is_retailer: true })
      .returning('id')
      .execute();
    const root = await created('admin', { ...second, accountId: account!.id, externalId: 'NR-HQ' });
    expect(root).toMatchObject({ type: 'root_management_unit', moduleType: 'tim', accountId: account!.id });
  });

  it('a platform operator names the account of a tree root; the account must exist', async () => {
    const buyer = {
      ...store(),
      type: 'buyer',
      buyer: null,
      defaultWarehouse: null,
      parentOrganizationId: null,
    };
    expectViolation(await post('admin', buyer), 'required', 'accountId');
    expectViolation(
      await post('admin', { ...buyer, accountId: '00000000-0000-4000-8000-000000000999' }),
      'account_not_found',
      'accountId',
    );
  });

  it('the parent must be in the same account', async () => {
    expectViolation(
      await post('admin', store({ accountId: A.otherRetail })),
      'invalid_parent',
      'parentOrganizationId',
    );
  });

  it('the parent must be visible to the actor', async () => {
    expectViolation(await post('otherRmu', store()), 'invalid_parent', 'parentOrganizationId');
    expectViolation(
      await post('mu', store({ parentOrganizationId: O.muBenelux })),
      'invalid_parent',
      'parentOrganizationId',
    );
    await created('mu', store());
  });
});

describe('references', () => {
  it('the default warehouse must be a warehouse', async () => {
    expectViolation(
      await post('rmu', store({ defaultWarehouse: O.storeLille })),
      'not_a_warehouse',
      'defaultWarehouse',
    );
    expectViolation(
      await post('rmu', store({ defaultWarehouse: '00000000-0000-4000-8000-000000000999' })),
      'not_a_warehouse',
      'defaultWarehouse',
    );
  });

  it('the buyer must be a buyer organisation', async () => {
    expectViolation(await post('rmu', store({ buyer: O.warehouseRoubaix })), 'not_a_buyer', 'buyer');
  });
});

describe('external id uniqueness', () => {
  it('refuses an external id already used in the account', async () => {
    const res = await post('rmu', store({ externalId: 'DR-PAR-01' }));
    expect(res.json()).toMatchObject({ status: 422, code: 'external_id_not_unique' });
    expectViolation(res, 'external_id_not_unique', 'externalId');
  });

  it('accepts the same external id in another account', async () => {
    await created(
      'otherRmu',
      store({
        externalId: 'DR-PAR-01',
        parentOrganizationId: O.otherMu,
        buyer: null,
        defaultWarehouse: null,
      }),
    );
  });

  it('a patch may keep its own external id but not take another one', async () => {
    expect((await patch('rmu', O.storeLille, { externalId: 'DR-LIL-01' })).statusCode).toBe(200);
    expectViolation(
      await patch('rmu', O.storeLille, { externalId: 'DR-PAR-01' }),
      'external_id_not_unique',
      'externalId',
    );
  });
});

describe('updating an organisation', () => {
  it('changes the fields sent and keeps the others', async () => {
    const body = await created('rmu', store());
    const res = await patch('rmu', body.id, { commonName: 'Demo Retail Lyon Bellecour', latitude: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      commonName: 'Demo Retail Lyon Bellecour',
      latitude: null,
      longitude: 4.8595,
      placeEmail: 'lyon@demo-retail.test',
    });
  });

  it('writes an audit row with the organisation before and after', async () => {
    const body = await created('rmu', store());
    await patch('rmu', body.id, { commonName: 'Demo Retail Lyon Confluence' });
    const rows = await auditRows(body.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]?.before).toMatchObject({ commonName: 'Demo Retail Lyon Part-Dieu' });
    expect(rows[1]?.after).toMatchObject({ commonName: 'Demo Retail Lyon Confluence' });
  });

  it('the field rules apply to a patch too, and a refused patch changes nothing', async () => {
    const body = await created('rmu', store());
    const before = await auditCount();
    expectViolation(await patch('rmu', body.id, { commonName: 'A' }), 'too_short', 'commonName');
    expectViolation(await patch('rmu', body.id, { latitude: 100 }), 'latitude_range', 'latitude');
    expectViolation(
      await patch('rmu', body.id, { defaultWarehouse: O.muFrance }),
      'not_a_warehouse',
      'defaultWarehouse',
    );
    expect((await patch('rmu', body.id, { accountId: A.otherRetail })).statusCode).toBe(422);
    expect(await auditCount()).toBe(before);
  });

  it('type cannot change after creation; sending the same type is fine', async () => {
    const res = await patch('rmu', O.storeLille, { type: 'management_unit' });
    expect(res.json()).toMatchObject({ status: 422, code: 'immutable_field' });
    expectViolation(res, 'immutable_field', 'type');
    expect((await patch('rmu', O.storeLille, { type: 'store' })).statusCode).toBe(200);
  });

  it('buyer cannot change after creation; sending the same buyer is fine', async () => {
    expectViolation(await patch('rmu', O.storeLille, { buyer: null }), 'immutable_field', 'buyer');
    expectViolation(await patch('rmu', O.storeLille, { buyer: O.otherRoot }), 'immutable_field', 'buyer');
    expect((await patch('rmu', O.storeLille, { buyer: O.buyer })).statusCode).toBe(200);
  });

  it('deactivating is a patch of status; an inactive store has no public page', async () => {
    const body = await created('rmu', store());
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/organizations/${body.id}/public` })).statusCode,
    ).toBe(200);
    expect((await patch('rmu', body.id, { status: 'inactive' })).json().status).toBe('inactive');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/organizations/${body.id}/public` })).statusCode,
    ).toBe(404);
    const inactive = (await get('rmu', '/api/organizations?status=inactive'))
      .json()
      .member.map((o: { id: string }) => o.id);
    expect(inactive).toContain(body.id);
  });

  it('a malformed body answers 4xx: bad JSON 400, unknown field 422', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${O.storeLille}`,
      headers: { authorization: as.rmu as string, ...MERGE_PATCH },
      payload: '{"commonName":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await patch('rmu', O.storeLille, { moduleType: 'rps' })).statusCode).toBe(422);
    expect(
      (await patch('rmu', '00000000-0000-4000-8000-000000000999', { commonName: 'Ghost' })).statusCode,
    ).toBe(404);
    expect((await patch('rmu', 'not-a-uuid', { commonName: 'Ghost' })).statusCode).toBe(422);
  });
});

describe('moving an organisation', () => {
  it("moves a management unit with its stores: the paths follow, and so do the managers' views", async () => {
    const north = await created('rmu', {
      ...store(),
      type: 'management_unit',
      commonName: 'Direction Nord',
      buyer: null,
      parentOrganizationId: O.muFrance,
    });
    const roubaix = await created(
      'rmu',
      store({ commonName: 'Demo Retail Roubaix', parentOrganizationId: north.id }),
    );
    expect((await get('mu', `/api/organizations/${roubaix.id}`)).statusCode).toBe(200);
    expect((await get('benelux', `/api/organizations/${roubaix.id}`)).statusCode).toBe(404);

    const res = await patch('rmu', north.id, { parentOrganizationId: O.muBenelux });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      parentOrganizationId: O.muBenelux,
      parentCommonName: 'Direction Benelux',
    });
    expect(await pathOf(north.id)).toBe(`/${O.retailRoot}/${O.muBenelux}/${north.id}/`);
    expect(await pathOf(roubaix.id)).toBe(`/${O.retailRoot}/${O.muBenelux}/${north.id}/${roubaix.id}/`);

    expect((await get('mu', `/api/organizations/${roubaix.id}`)).statusCode).toBe(404);
    expect((await get('benelux', `/api/organizations/${roubaix.id}`)).statusCode).toBe(200);
    const franceList = (await get('mu', '/api/organizations?itemsPerPage=100'))
      .json()
      .member.map((o: { id: string }) => o.id);
    expect(franceList).not.toContain(roubaix.id);
    const beneluxTree = JSON.stringify((await get('benelux', '/api/organizations/tree')).json());
    expect(beneluxTree).toContain(roubaix.id);
    // the untouched siblings keep their paths
    expect(await pathOf(O.storeParis)).toBe(`/${O.retailRoot}/${O.muFrance}/${O.storeParis}/`);
  });

  it('refuses a move under the organisation itself or one of its descendants', async () => {
    const child = await created('rmu', {
      ...store(),
      type: 'management_unit',
      buyer: null,
      parentOrganizationId: O.muFrance,
    });
    expectViolation(
      await patch('rmu', O.muFrance, { parentOrganizationId: child.id }),
      'invalid_parent',
      'parentOrganizationId',
    );
    expectViolation(
      await patch('rmu', O.muFrance, { parentOrganizationId: O.muFrance }),
      'invalid_parent',
      'parentOrganizationId',
    );
    expect(await pathOf(O.muFrance)).toBe(`/${O.retailRoot}/${O.muFrance}/`);
  });

  it('a move follows the parent rules of the type', async () => {
    expectViolation(
      await patch('rmu', O.storeLille, { parentOrganizationId: O.retailRoot }),
      'invalid_parent',
      'parentOrganizationId',
    );
    expectViolation(
      await patch('rmu', O.storeLille, { parentOrganizationId: null }),
      'invalid_parent',
      'parentOrganizationId',
    );
    expectViolation(
      await patch('rmu', O.retailRoot, { parentOrganizationId: O.muFrance }),
      'invalid_parent',
      'parentOrganizationId',
    );
    expectViolation(
      await patch('admin', O.storeLille, { parentOrganizationId: O.otherMu }),
      'invalid_parent',
      'parentOrganizationId',
    );
  });

  it('a manager cannot move an organisation to a parent outside its view', async () => {
    expectViolation(
      await patch('mu', O.storeLille, { parentOrganizationId: O.muBenelux }),
      'invalid_parent',
      'parentOrganizationId',
    );
  });

  it('sending the current parent again is not a move', async () => {
    expect((await patch('mu', O.storeLille, { parentOrganizationId: O.muFrance })).statusCode).toBe(200);
  });
});

describe('who may write', () => {
  it('analysts get 403 on create and update', async () => {
    for (const who of ['rmuAnalyst', 'muAnalyst']) {
      expect((await post(who, store())).statusCode, who).toBe(403);
      expect((await patch(who, O.storeParis, { commonName: 'Renamed' })).statusCode, who).toBe(403);
    }
  });

  it('a store manager may not write organisations', async () => {
    expect((await patch('storeManager', O.storeParis, { commonName: 'Renamed' })).statusCode).toBe(403);
  });

  it("another retailer's manager gets 404 on Demo Retail's organisations", async () => {
    const res = await patch('otherRmu', O.storeParis, { commonName: 'Hijacked' });
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
    expect((await patch('benelux', O.storeParis, { commonName: 'Hijacked' })).statusCode).toBe(404);
  });

  it('a platform admin writes in any account', async () => {
    const res = await patch('admin', O.otherStore, { placeEmail: 'bordeaux@other.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().placeEmail).toBe('bordeaux@other.test');
  });
});
