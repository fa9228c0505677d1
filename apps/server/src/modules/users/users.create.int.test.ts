import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';

let t: TestApp;
let rootManager: { authorization: string };
let storeManager: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  rootManager = await headersOf('root_management_unit_manager@demo.test');
  storeManager = await headersOf('store_manager@demo.test');
});
afterAll(() => t.close());

/** The headers of a signed-in user. */
async function headersOf(email: string, password?: string) {
  return { authorization: (await t.login(email, password)).authorization };
}

const O = DEMO.orgs;

const seller = (email: string, organizationId: string = O.storeParis) => ({
  email,
  firstname: 'Camille',
  lastname: 'Nouvel',
  modules: [{ moduleType: 'tim', userType: 'store_seller', organizationId }],
});

const create = (as: { authorization: string }, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users', headers: as, payload: payload as object });

const violationsOf = (body: { violations?: { propertyPath: string; code: string }[] }) =>
  (body.violations ?? []).map((v) => `${v.propertyPath}:${v.code}`);

describe('POST /users', () => {
  it('creates a store seller in a store of the actor and answers the user with its account', async () => {
    const res = await create(storeManager, seller('Camille.Nouvel@Demo.test'));
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: 'camille.nouvel@demo.test',
      firstname: 'Camille',
      lastname: 'Nouvel',
      status: 'active',
      forceConnectionBySso: false,
      accountId: DEMO.accounts.demoRetail,
      lastLoginAt: null,
      editable: true,
      modules: [
        {
          moduleType: 'tim',
          userType: 'store_seller',
          organizationId: O.storeParis,
          organizationName: 'Demo Retail Paris Rivoli',
          organizationType: 'store',
          manageable: true,
        },
      ],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users?search=nouvel',
      headers: storeManager,
    });
    expect(list.json().member.map((u: { id: string }) => u.id)).toEqual([user.id]);
  });

  it('writes an audit row in the same command, without any password hash', async () => {
    const res = await create(storeManager, seller('audited@demo.test'));
    const id = res.json().id;
    const rows = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      entity_type: 'user',
      account_id: DEMO.accounts.demoRetail,
    });
    expect(rows[0]?.after).toMatchObject({
      email: 'audited@demo.test',
      modules: [{ userType: 'store_seller' }],
    });
    expect(JSON.stringify(rows[0]?.after)).not.toMatch(/password|argon2/i);
  });

  it('mails an invitation whose link lets the new user choose a password and sign in', async () => {
    const res = await create(storeManager, { ...seller('invited@demo.test'), language: 'en-GB' });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    const mail = await t.smtp.waitFor('invited@demo.test');
    expect(mail.subject).toContain('Your Reprise account has been created');
    const token = /\/renew\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
    expect(token).toBeTruthy();
    const check = await t.app.inject({ method: 'GET', url: `/api/password/new/${token}` });
    expect(check.json()).toEqual({ email: 'invited@demo.test' });
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/password/new/${token}`,
      payload: { password: 'Welcome-2026' },
    });
    expect(set.statusCode).toBe(204);
    const signedIn = await t.login('invited@demo.test', 'Welcome-2026');
    expect(signedIn.user).toMatchObject({ email: 'invited@demo.test', modules: { tim: 'store_seller' } });
  });

  it('invites in the account language when the user has none', async () => {
    await create(storeManager, seller('french@demo.test'));
    expect((await t.smtp.waitFor('french@demo.test')).text).toContain(
      'Choisissez votre mot de passe avec ce lien',
    );
  });

  it('refuses an e-mail already used on the platform, whatever its case', async () => {
    const res = await create(storeManager, seller('STORE_SELLER@other.test'));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('email_not_unique');
    expect(violationsOf(res.json())).toEqual(['email:email_not_unique']);
  });

  it('refuses an invalid e-mail and names shorter than 2 or longer than 255 characters', async () => {
    const res = await create(storeManager, {
      ...seller('not-an-email'),
      firstname: 'J',
      lastname: 'x'.repeat(256),
    });
    expect(res.statusCode).toBe(422);
    expect(violationsOf(res.json()).sort()).toEqual([
      'email:invalid_email',
      'firstname:too_short',
      'lastname:too_long',
    ]);
  });

  it('needs at least one module and one role per module', async () => {
    const none = await create(storeManager, { ...seller('none@demo.test'), modules: [] });
    expect(violationsOf(none.json())).toEqual(['modules:at_least_one_module']);
    const twice = await create(storeManager, {
      ...seller('twice@demo.test'),
      modules: [
        ...seller('x@x.test').modules,
        { moduleType: 'tim', userType: 'store_manager', organizationId: O.storeParis },
      ],
    });
    expect(violationsOf(twice.json())).toEqual(['modules:one_role_per_module']);
  });

  it('refuses a role that does not belong to its module', async () => {
    const res = await create(rootManager, {
      ...seller('wrong-module@demo.test'),
      modules: [{ moduleType: 'rps', userType: 'store_seller', organizationId: O.storeParis }],
    });
    expect(res.statusCode).toBe(422);
    expect(violationsOf(res.json())).toEqual(['modules.0.userType:user_type_not_in_module']);
  });

  it('refuses a parent entity of the wrong type for the role', async () => {
    const res = await create(rootManager, seller('wrong-parent@demo.test', O.muFrance));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invalid_parent');
    expect(violationsOf(res.json())).toEqual(['modules.0.organizationId:invalid_parent']);
  });

  it('refuses a parent entity the actor does not see, as if it did not exist', async () => {
    const foreign = await create(rootManager, seller('foreign@demo.test', O.otherStore));
    const sibling = await create(storeManager, seller('sibling@demo.test', O.storeLille));
    const unknown = await create(
      storeManager,
      seller('unknown@demo.test', '00000000-0000-4000-8000-00000000ffff'),
    );
    for (const res of [foreign, sibling, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(violationsOf(res.json())).toEqual(['modules.0.organizationId:invalid_parent']);
    }
  });

  it('refuses to grant a role above the actor rank', async () => {
    const res = await create(storeManager, {
      ...seller('boss@demo.test'),
      modules: [
        { moduleType: 'tim', userType: 'root_management_unit_manager', organizationId: O.retailRoot },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('user_type_not_assignable');
    expect(violationsOf(res.json())).toEqual(['modules.0.userType:user_type_not_assignable']);
  });

  it('nobody grants the pseudo-anonymous role', async () => {
    const admin = await headersOf('super_admin@demo.test');
    const res = await create(admin, {
      ...seller('anon@demo.test'),
      modules: [{ moduleType: 'tim', userType: 'pseudo_anonymous', organizationId: O.storeParis }],
    });
    expect(res.json().code).toBe('user_type_not_assignable');
  });

  it('forcing single sign-on needs the force-SSO permission', async () => {
    const refused = await create(storeManager, {
      ...seller('sso-refused@demo.test'),
      forceConnectionBySso: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(violationsOf(refused.json())).toEqual(['forceConnectionBySso:forbidden']);
    const accepted = await create(rootManager, { ...seller('sso@demo.test'), forceConnectionBySso: true });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().forceConnectionBySso).toBe(true);
  });

  it('sends no invitation to a user who signs in by single sign-on', async () => {
    await create(rootManager, { ...seller('sso-no-mail@demo.test'), forceConnectionBySso: true });
    await create(rootManager, seller('after-sso@demo.test'));
    await t.smtp.waitFor('after-sso@demo.test');
    expect(t.smtp.mails.some((m) => m.to.includes('sso-no-mail@demo.test'))).toBe(false);
  });

  it('a retailer user may also hold a warehouse role; the account is the retailer', async () => {
    const admin = await headersOf('admin@demo.test');
    const res = await create(admin, {
      ...seller('retail-and-warehouse@demo.test'),
      modules: [
        { moduleType: 'rps', userType: 'warehouse_operator', organizationId: O.warehouseRoubaix },
        { moduleType: 'tim', userType: 'store_seller', organizationId: O.storeLille },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().accountId).toBe(DEMO.accounts.demoRetail);
    expect(res.json().modules.map((m: { moduleType: string }) => m.moduleType)).toEqual(['tim', 'rps']);
  });

  it('refuses roles in two accounts other than a warehouse role', async () => {
    const admin = await headersOf('admin@demo.test');
    const res = await create(admin, {
      ...seller('two-accounts@demo.test'),
      modules: [
        { moduleType: 'tim', userType: 'store_seller', organizationId: O.storeLille },
        { moduleType: 'lcm', userType: 'buyer_manager', organizationId: O.buyer },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(violationsOf(res.json())).toEqual(['modules.1.organizationId:invalid_parent']);
  });

  it('a buyer manager creates a warehouse operator in its own warehouse', async () => {
    const buyer = await headersOf('buyer_manager@demo.test');
    const res = await create(buyer, {
      ...seller('operator@demo-buyer.test'),
      modules: [{ moduleType: 'rps', userType: 'warehouse_operator', organizationId: O.warehouseRoubaix }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().accountId).toBe(DEMO.accounts.demoBuyer);
  });

  it('an analyst may not create users (403), and a stranger is not signed in (401)', async () => {
    const analyst = await headersOf('root_management_unit_analyst@demo.test');
    expect((await create(analyst, seller('by-analyst@demo.test'))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users', payload: seller('anon2@demo.test') }))
        .statusCode,
    ).toBe(401);
  });

  it('a manager of another retailer cannot attach a user to this retailer', async () => {
    const other = await headersOf('root_management_unit_manager@other.test');
    const res = await create(other, seller('intruder@other.test', O.storeParis));
    expect(violationsOf(res.json())).toEqual(['modules.0.organizationId:invalid_parent']);
  });
});
