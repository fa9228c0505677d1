import type { ClientAccountListItem, ClientAccountResponse, CreateClientAccountInput } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { DEMO } from '../../../test/test-app';
import { systemContext } from '../../platform/request-context';
import { catalogReindexTuning, runCatalogReindex } from './catalog-reindex';

let kit: ApiKit;
let superAdmin: string;
const A = DEMO.accounts;
const MISSING = '00000000-0000-4000-8000-0000000c1e00';

const address = { street: '1 Rue du Test', zip: '75001', city: 'Paris', country: 'FR' };
const newClient = (
  name: string,
  extra: Partial<CreateClientAccountInput> = {},
): CreateClientAccountInput => ({
  kind: 'retailer',
  corporateName: `${name} SAS`,
  commonName: name,
  address,
  modules: ['tim'],
  ...extra,
});

async function createClient(name: string, extra: Partial<CreateClientAccountInput> = {}) {
  const res = await kit.post('admin', '/api/accounts', newClient(name, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ClientAccountResponse;
}

const auditRows = (entityId: string) =>
  kit.t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id').execute();

beforeAll(async () => {
  kit = await startApiKit();
  superAdmin = (await kit.t.login('super_admin@demo.test')).authorization;
});
afterAll(() => kit.close());

describe('the clients list', () => {
  it('lists the client accounts, never the platform account, with kind, status and modules', async () => {
    const res = await kit.get('admin', '/api/accounts?itemsPerPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const members = res.json().member as ClientAccountListItem[];
    const ids = members.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([A.demoRetail, A.demoBuyer, A.otherRetail]));
    expect(ids).not.toContain(A.platform);
    expect(members.find((m) => m.id === A.demoBuyer)).toMatchObject({
      kind: 'buyer',
      status: 'active',
      modules: ['lcm', 'rps'],
      rootOrganizationId: DEMO.orgs.buyer,
    });
    expect(members.find((m) => m.id === A.demoRetail)).toMatchObject({ kind: 'retailer', modules: ['tim'] });
  });

  it('searches by name and filters by kind and status', async () => {
    const search = (await kit.get('admin', '/api/accounts?search=other')).json();
    expect(search.member.map((m: ClientAccountListItem) => m.id)).toEqual([A.otherRetail]);
    const buyers = (await kit.get('admin', '/api/accounts?kind=buyer&itemsPerPage=100')).json();
    expect(buyers.member.every((m: ClientAccountListItem) => m.kind === 'buyer')).toBe(true);
    expect(buyers.member.map((m: ClientAccountListItem) => m.id)).toContain(A.demoBuyer);
    const inactive = (
      await kit.get('admin', '/api/accounts?status=inactive&kind=retailer&search=Demo')
    ).json();
    expect(inactive.member).toEqual([]);
  });

  it('a search with the wildcards of LIKE matches them literally', async () => {
    const res = await kit.get('admin', '/api/accounts?search=%25_');
    expect(res.json().member).toEqual([]);
  });

  it('pages the list with its view links', async () => {
    const res = (await kit.get('admin', '/api/accounts?itemsPerPage=1&order[name]=asc')).json();
    expect(res.member).toHaveLength(1);
    expect(res.totalItems).toBeGreaterThanOrEqual(3);
    expect(res.view.next).toContain('page=2');
  });

  it('is refused to every user who is not a platform admin, of any tenant', async () => {
    for (const who of ['rmu', 'analyst', 'buyer', 'otherRmu', 'otherSeller'] as const) {
      expect((await kit.get(who, '/api/accounts')).statusCode, who).toBe(403);
      expect((await kit.get(who, `/api/accounts/${A.demoRetail}/client`)).statusCode, who).toBe(403);
      expect((await kit.post(who, '/api/accounts', newClient(`Nope ${who}`))).statusCode, who).toBe(403);
      expect((await kit.remove(who, `/api/accounts/${A.otherRetail}`)).statusCode, who).toBe(403);
      expect((await kit.post(who, `/api/accounts/${A.demoRetail}/catalog-reindex`)).statusCode, who).toBe(
        403,
      );
    }
    const names = await kit.t.db
      .selectFrom('accounts')
      .select('name')
      .where('name', 'like', 'Nope %')
      .execute();
    expect(names).toEqual([]);
  });

  it('rejects a bad query with a problem document', async () => {
    const res = await kit.get('admin', '/api/accounts?kind=workshop');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', detail: expect.any(String) });
  });
});

describe('creating a client', () => {
  it('creates the account, its root organisation and its root details in one command, audited', async () => {
    const client = await createClient('Créa Retail', { paymentIssuer: true, language: 'nl-BE' });
    expect(client).toMatchObject({
      name: 'Créa Retail',
      kind: 'retailer',
      status: 'active',
      modules: ['tim'],
      paymentIssuer: true,
      transportContractHolder: false,
      language: 'nl-BE',
      corporateName: 'Créa Retail SAS',
      address: { ...address, streetMore: null },
    });
    expect(client.rootDetailId).not.toBeNull();
    const account = await kit.t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ is_retailer: true, is_buyer_and_workshops_supervisor: false });
    const root = await kit.t.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', client.rootOrganizationId)
      .executeTakeFirstOrThrow();
    expect(root).toMatchObject({
      account_id: client.id,
      type: 'root_management_unit',
      module_type: 'tim',
      path: `/${root.id}/`,
      parent_organization_id: null,
    });
    expect((await auditRows(client.id)).map((r) => r.action)).toEqual(['create']);
    expect((await auditRows(client.rootOrganizationId))[0]?.action).toBe('create');
    expect((await auditRows(client.rootDetailId as string))[0]).toMatchObject({
      action: 'create',
      entity_type: 'organization_root_detail',
    });
    const byOrganization = await kit.get(
      'admin',
      `/api/organizations/${client.rootOrganizationId}/client-account`,
    );
    expect(byOrganization.json()).toEqual(client);
  });

  it('creates a buyer, whose root organisation is a buyer of module lcm, with its workshops module', async () => {
    const client = await createClient('Créa Buyer', {
      kind: 'buyer',
      modules: ['lcm', 'rps'],
      transportContractHolder: true,
    });
    expect(client).toMatchObject({ kind: 'buyer', modules: ['lcm', 'rps'], transportContractHolder: true });
    const root = await kit.t.db
      .selectFrom('organizations')
      .select(['type', 'module_type'])
      .where('id', '=', client.rootOrganizationId)
      .executeTakeFirstOrThrow();
    expect(root).toEqual({ type: 'buyer', module_type: 'lcm' });
  });

  it("refuses modules without the kind's root module, and workshops without the buyer module", async () => {
    expectViolation(
      await kit.post('admin', '/api/accounts', newClient('X', { modules: ['lcm'] })),
      'root_module_required',
      'modules',
    );
    expectViolation(
      await kit.post('admin', '/api/accounts', newClient('Y', { modules: ['tim', 'rps'] })),
      'workshop_module_needs_buyer',
      'modules',
    );
  });

  it('refuses missing or malformed fields, and unknown ones', async () => {
    const { commonName: _name, ...withoutName } = newClient('Z');
    expectViolation(await kit.post('admin', '/api/accounts', withoutName), 'invalid_type', 'commonName');
    expect(
      (await kit.post('admin', '/api/accounts', { ...newClient('Z'), isPlatform: true })).statusCode,
    ).toBe(422);
    expect((await kit.post('admin', '/api/accounts', newClient('Z', { modules: [] }))).statusCode).toBe(422);
    expect(
      (await kit.post('admin', '/api/accounts', { ...newClient('Z'), address: { ...address, city: 'P' } }))
        .statusCode,
    ).toBe(422);
  });
});

describe('updating a client', () => {
  it('merge-patches the account and its root organisation, audited with before and after', async () => {
    const client = await createClient('Patch Me');
    const res = await kit.patch('admin', `/api/accounts/${client.id}/client`, {
      commonName: 'Patched',
      address: { ...address, city: 'Lyon' },
      modules: ['tim', 'lcm', 'rps'],
      status: 'inactive',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Patched',
      commonName: 'Patched',
      status: 'inactive',
      modules: ['tim', 'lcm', 'rps'],
      address: { city: 'Lyon' },
    });
    const flags = await kit.t.db
      .selectFrom('accounts')
      .select(['is_retailer', 'is_buyer_and_workshops_supervisor'])
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ is_retailer: true, is_buyer_and_workshops_supervisor: true });
    const root = await kit.t.db
      .selectFrom('organizations')
      .select(['common_name', 'city', 'status'])
      .where('id', '=', client.rootOrganizationId)
      .executeTakeFirstOrThrow();
    expect(root).toEqual({ common_name: 'Patched', city: 'Lyon', status: 'inactive' });
    const update = (await auditRows(client.id)).find((r) => r.action === 'update');
    expect(update?.before).toMatchObject({ name: 'Patch Me' });
    expect(update?.after).toMatchObject({ name: 'Patched' });
  });

  it("refuses to remove the root organisation's module", async () => {
    const client = await createClient('Keep Tim');
    expectViolation(
      await kit.patch('admin', `/api/accounts/${client.id}/client`, { modules: ['lcm'] }),
      'root_module_required',
      'modules',
    );
  });

  it('refuses a change of kind and answers 404 for an unknown account', async () => {
    const client = await createClient('No Kind Change');
    expect(
      (await kit.patch('admin', `/api/accounts/${client.id}/client`, { kind: 'buyer' })).statusCode,
    ).toBe(422);
    expect(
      (await kit.patch('admin', `/api/accounts/${MISSING}/client`, { status: 'inactive' })).statusCode,
    ).toBe(404);
    expect((await kit.get('admin', `/api/accounts/${A.platform}/client`)).statusCode).toBe(404);
  });

  it("enables a premium feature through the client's root details", async () => {
    const client = await createClient('Premium');
    const res = await kit.patch('admin', `/api/organization-root-details/${client.rootDetailId}`, {
      enabledPremiumFeatures: ['sftp_access'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await kit.get('admin', `/api/accounts/${client.id}/organization-root-detail`);
    expect(detail.json().enabledPremiumFeatures).toEqual(['sftp_access']);
  });
});

describe('deleting a client account', () => {
  const remove = (id: string) => kit.remove('admin', `/api/accounts/${id}`);
  const deactivate = (id: string) => kit.patch('admin', `/api/accounts/${id}/client`, { status: 'inactive' });

  it('answers 404 account_not_found for an unknown account and for the platform account', async () => {
    for (const id of [MISSING, A.platform]) {
      const res = await remove(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('account_not_found');
    }
  });

  it('refuses an active account with still_active', async () => {
    const client = await createClient('Still Active');
    const res = await remove(client.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('still_active');
  });

  it('refuses an account with linked buyers with has_linked_buyers', async () => {
    expect((await deactivate(A.otherRetail)).statusCode).toBe(200);
    try {
      const res = await remove(A.otherRetail);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('has_linked_buyers');
    } finally {
      await kit.patch('admin', `/api/accounts/${A.otherRetail}/client`, { status: 'active' });
    }
  });

  it('refuses a buyer that retailers are linked to with has_linked_retailers', async () => {
    expect((await deactivate(A.demoBuyer)).statusCode).toBe(200);
    try {
      const res = await remove(A.demoBuyer);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('has_linked_retailers');
    } finally {
      await kit.patch('admin', `/api/accounts/${A.demoBuyer}/client`, { status: 'active' });
    }
  });

  it('refuses an account that holds business data with account_has_data, and keeps it whole', async () => {
    const client = await createClient('Has Data');
    await kit.t.db
      .insertInto('transfer_order_settings')
      .values({ account_id: client.id, terms: 'Terms' })
      .execute();
    await deactivate(client.id);
    const res = await remove(client.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('account_has_data');
    expect((await kit.get('admin', `/api/accounts/${client.id}/client`)).statusCode).toBe(200);
  });

  it('deletes an inactive client with its root organisation, root details and users, audited', async () => {
    const client = await createClient('Delete Me');
    const user = await kit.post('admin', '/api/users', {
      email: 'someone@delete-me.test',
      firstname: 'Some',
      lastname: 'One',
      modules: [
        {
          moduleType: 'tim',
          userType: 'root_management_unit_manager',
          organizationId: client.rootOrganizationId,
        },
      ],
    });
    expect(user.statusCode, user.body).toBe(201);
    expect(user.json().accountId).toBe(client.id);
    await deactivate(client.id);
    const res = await remove(client.id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await kit.get('admin', `/api/accounts/${client.id}/client`)).statusCode).toBe(404);
    // the client's users can no longer sign in
    await expect(kit.t.login('someone@delete-me.test')).rejects.toThrow();
    const left = await Promise.all([
      kit.t.db.selectFrom('organizations').select('id').where('account_id', '=', client.id).execute(),
      kit.t.db.selectFrom('users').select('id').where('account_id', '=', client.id).execute(),
      kit.t.db
        .selectFrom('organization_root_details')
        .select('id')
        .where('account_id', '=', client.id)
        .execute(),
    ]);
    expect(left).toEqual([[], [], []]);
    expect((await auditRows(client.id)).at(-1)).toMatchObject({ action: 'remove', account_id: client.id });
  });
});

describe('catalogue reindex', () => {
  it('queues a job for the account and answers 202; 404 for an unknown account', async () => {
    const res = await kit.post('admin', `/api/accounts/${A.demoRetail}/catalog-reindex`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accountId: A.demoRetail, queued: true });
    expect((await kit.post('admin', `/api/accounts/${MISSING}/catalog-reindex`)).statusCode).toBe(404);
  });

  it("rebuilds every search document of the account's products, and only that account's", async () => {
    const count = async (accountId: string) =>
      Number(
        (
          await kit.t.db
            .selectFrom('product_search_documents')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const products = Number(
      (
        await kit.t.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', '=', A.demoRetail)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const otherBefore = await count(A.otherRetail);
    await kit.t.db.deleteFrom('product_search_documents').where('account_id', '=', A.demoRetail).execute();
    expect(await count(A.demoRetail)).toBe(0);
    const batchSize = catalogReindexTuning.batchSize;
    catalogReindexTuning.batchSize = 7;
    try {
      const indexed = await runCatalogReindex(systemContext(kit.t.deps, { kind: 'all' }), {
        accountId: A.demoRetail,
      });
      expect(indexed).toBe(products);
    } finally {
      catalogReindexTuning.batchSize = batchSize;
    }
    expect(await count(A.demoRetail)).toBe(products);
    expect(await count(A.otherRetail)).toBe(otherBefore);
  });
});

describe('platform-admin and client users', () => {
  const asSuperAdmin = (payload: unknown) =>
    kit.t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: superAdmin },
      payload: payload as object,
    });
  const adminUser = (email: string) => ({
    email,
    firstname: 'Plat',
    lastname: 'Form',
    modules: [{ moduleType: 'root', userType: 'admin', organizationId: DEMO.orgs.platform }],
  });

  it('a super admin creates a platform admin; an admin may not (admin.assign)', async () => {
    const created = await asSuperAdmin(adminUser('new-admin@platform.test'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().accountId).toBe(A.platform);
    expectViolation(
      await kit.post('admin', '/api/users', adminUser('other-admin@platform.test')),
      'user_type_not_assignable',
      'modules.0.userType',
    );
  });

  it("an admin creates a user of a chosen client account, at that client's organisation", async () => {
    const client = await createClient('User Client', { kind: 'buyer', modules: ['lcm', 'rps'] });
    const res = await kit.post('admin', '/api/users', {
      email: 'manager@user-client.test',
      firstname: 'Bea',
      lastname: 'Buyer',
      forceConnectionBySso: true,
      modules: [{ moduleType: 'lcm', userType: 'buyer_manager', organizationId: client.rootOrganizationId }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ accountId: client.id, forceConnectionBySso: true });
    // a retailer's manager never sees that user
    expect((await kit.get('rmu', `/api/users/${res.json().id}`)).statusCode).toBe(404);
  });
});
