import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import type { Actor } from '../../platform/context';
import { type RequestContext, scopeOfActor, transact } from '../../platform/request-context';
import * as repo from './users.repository';

let t: TestApp;
const ids = new Map<string, string>();
let storeManager: { authorization: string };
let rootManager: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.db.selectFrom('users').select(['id', 'email']).execute())
    ids.set(row.email, row.id);
  storeManager = await headersOf('store_manager@demo.test');
  rootManager = await headersOf('root_management_unit_manager@demo.test');
});
afterAll(() => t.close());

/** The headers of a signed-in user. */
async function headersOf(email: string, password?: string) {
  return { authorization: (await t.login(email, password)).authorization };
}

const O = DEMO.orgs;
const idOf = (email: string) => ids.get(email) as string;
const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };

const patch = (as: { authorization: string }, email: string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${idOf(email)}`,
    headers: { ...as, ...MERGE_PATCH },
    payload: JSON.stringify(body),
  });

const violationsOf = (body: { violations?: { propertyPath: string; code: string }[] }) =>
  (body.violations ?? []).map((v) => `${v.propertyPath}:${v.code}`);

async function newSeller(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: storeManager,
    payload: {
      email,
      firstname: 'Nina',
      lastname: 'Vendeuse',
      modules: [{ moduleType: 'tim', userType: 'store_seller', organizationId: O.storeParis }],
    },
  });
  ids.set(email, res.json().id);
  // the invitation gives the seller a password, so that the seller can sign in
  const token = /\/renew\/([A-Za-z0-9_-]+)/.exec((await t.smtp.waitFor(email)).text)?.[1];
  await t.app.inject({
    method: 'POST',
    url: `/api/password/new/${token}`,
    payload: { password: 'Seller-2026' },
  });
  return headersOf(email, 'Seller-2026');
}

const me = (as: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/me', headers: as });

describe('PATCH /users/:id: fields', () => {
  it('merge-patches the names and language, and writes the before and after in the audit log', async () => {
    const res = await patch(storeManager, 'store_seller@demo.test', { firstname: 'Seb', language: 'nl-BE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstname: 'Seb', lastname: 'Moreau', language: 'nl-BE' });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', idOf('store_seller@demo.test'))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'update',
      entity_type: 'user',
      account_id: DEMO.accounts.demoRetail,
    });
    expect(audit.before).toMatchObject({ firstname: 'Sébastien', language: null });
    expect(audit.after).toMatchObject({ firstname: 'Seb', language: 'nl-BE' });
    expect(JSON.stringify(audit)).not.toMatch(/password|argon2/i);
    const cleared = await patch(storeManager, 'store_seller@demo.test', { language: null });
    expect(cleared.json().language).toBeNull();
  });

  it('refuses an e-mail another user holds, whatever its case; one may change the case of one own', async () => {
    const taken = await patch(storeManager, 'store_seller@demo.test', { email: 'Multi@Demo.test' });
    expect(taken.statusCode).toBe(422);
    expect(violationsOf(taken.json())).toEqual(['email:email_not_unique']);
    const same = await patch(storeManager, 'store_seller@demo.test', { email: 'STORE_SELLER@demo.test' });
    expect(same.statusCode).toBe(200);
    expect(same.json().email).toBe('store_seller@demo.test');
  });

  it('refuses unknown fields and invalid values', async () => {
    const res = await patch(storeManager, 'store_seller@demo.test', { lastname: 'M', passwordHash: 'x' });
    expect(res.statusCode).toBe(422);
    expect(
      violationsOf(res.json())
        .map((v) => v.split(':')[0])
        .sort(),
    ).toEqual(['', 'lastname']);
  });

  it('changing the force-SSO field needs its permission; sending it unchanged does not', async () => {
    const refused = await patch(storeManager, 'store_seller@demo.test', { forceConnectionBySso: true });
    expect(refused.statusCode).toBe(403);
    expect(violationsOf(refused.json())).toEqual(['forceConnectionBySso:forbidden']);
    expect(
      (await patch(storeManager, 'store_seller@demo.test', { forceConnectionBySso: false })).statusCode,
    ).toBe(200);
    const allowed = await patch(rootManager, 'store_seller@demo.test', { forceConnectionBySso: true });
    expect(allowed.json().forceConnectionBySso).toBe(true);
    await patch(rootManager, 'store_seller@demo.test', { forceConnectionBySso: false });
  });
});

describe('PATCH /users/:id: who may write whom', () => {
  it('answers 404 for a user of another retailer and for a user outside the subtree', async () => {
    expect((await patch(rootManager, 'store_seller@other.test', { firstname: 'Hack' })).statusCode).toBe(404);
    expect(
      (await patch(storeManager, 'management_unit_manager@demo.test', { firstname: 'Hack' })).statusCode,
    ).toBe(404);
    const other = await headersOf('root_management_unit_manager@other.test');
    expect((await patch(other, 'store_seller@demo.test', { firstname: 'Hack' })).statusCode).toBe(404);
  });

  it('an analyst gets 403', async () => {
    const analyst = await headersOf('root_management_unit_analyst@demo.test');
    expect((await patch(analyst, 'store_seller@demo.test', { firstname: 'Hack' })).statusCode).toBe(403);
  });

  it('an admin cannot edit a super admin, whose role it could not grant', async () => {
    const admin = await headersOf('admin@demo.test');
    const res = await patch(admin, 'super_admin@demo.test', { email: 'taken-over@demo.test' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses to move a user to a parent the actor does not see', async () => {
    const res = await patch(rootManager, 'store_seller@demo.test', {
      modules: [{ moduleType: 'tim', userType: 'store_seller', organizationId: O.otherStore }],
    });
    expect(violationsOf(res.json())).toEqual(['modules.0.organizationId:invalid_parent']);
  });
});

describe('PATCH /users/:id: oneself', () => {
  it('a user cannot deactivate themselves', async () => {
    const res = await patch(storeManager, 'store_manager@demo.test', { status: 'inactive' });
    expect(res.statusCode).toBe(403);
    expect(violationsOf(res.json())).toEqual(['status:cannot_deactivate_self']);
  });

  it('a user cannot change their own roles, but may send them unchanged with other fields', async () => {
    const changed = await patch(storeManager, 'store_manager@demo.test', {
      modules: [{ moduleType: 'tim', userType: 'store_seller', organizationId: O.storeParis }],
    });
    expect(changed.statusCode).toBe(403);
    expect(violationsOf(changed.json())).toEqual(['modules:cannot_change_own_roles']);
    const unchanged = await patch(storeManager, 'store_manager@demo.test', {
      lastname: 'Martin-Durand',
      modules: [{ moduleType: 'tim', userType: 'store_manager', organizationId: O.storeParis }],
    });
    expect(unchanged.statusCode).toBe(200);
    expect((await me(storeManager)).statusCode).toBe(200);
  });
});

describe('PATCH /users/:id: roles held elsewhere', () => {
  it('keeps a role the actor does not see when the request omits it', async () => {
    const res = await patch(storeManager, 'multi@demo.test', {
      modules: [{ moduleType: 'tim', userType: 'store_seller', organizationId: O.storeParis }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().modules).toMatchObject([
      { moduleType: 'tim', userType: 'store_seller', manageable: true },
      {
        moduleType: 'rps',
        userType: 'warehouse_manager',
        organizationId: O.warehouseSaintPriest,
        manageable: false,
      },
    ]);
  });

  it('refuses to change a role the actor does not see', async () => {
    const res = await patch(storeManager, 'multi@demo.test', {
      modules: [
        { moduleType: 'tim', userType: 'store_seller', organizationId: O.storeParis },
        { moduleType: 'rps', userType: 'warehouse_operator', organizationId: O.warehouseSaintPriest },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(violationsOf(res.json())).toEqual(['modules.1:user_type_not_assignable']);
  });

  it('removing the only role the actor sees moves the user out of its view', async () => {
    const res = await patch(storeManager, 'multi@demo.test', {
      modules: [{ moduleType: 'rps', userType: 'warehouse_manager', organizationId: O.warehouseSaintPriest }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().modules).toMatchObject([{ moduleType: 'rps', manageable: false }]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/${idOf('multi@demo.test')}`,
          headers: storeManager,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("PATCH /users/:id: a retailer's user holding a role in the buyer's warehouse", () => {
  it('the buyer manager edits the user and moves its warehouse role; its store role and account stay', async () => {
    const admin = await headersOf('admin@demo.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: {
        email: 'store-and-warehouse@demo.test',
        firstname: 'Wanda',
        lastname: 'Magasin',
        modules: [
          { moduleType: 'tim', userType: 'store_seller', organizationId: O.storeLille },
          { moduleType: 'rps', userType: 'warehouse_operator', organizationId: O.warehouseRoubaix },
        ],
      },
    });
    ids.set('store-and-warehouse@demo.test', created.json().id);
    const buyer = await headersOf('buyer_manager@demo.test');
    const res = await patch(buyer, 'store-and-warehouse@demo.test', {
      lastname: 'Entrepôt',
      modules: [
        { moduleType: 'rps', userType: 'warehouse_operator', organizationId: O.warehouseSaintPriest },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: DEMO.accounts.demoRetail,
      lastname: 'Entrepôt',
      modules: [
        { moduleType: 'tim', userType: 'store_seller', organizationId: O.storeLille, manageable: false },
        { moduleType: 'rps', organizationId: O.warehouseSaintPriest, manageable: true },
      ],
    });
  });
});

describe("user writes stay in the context's accounts", () => {
  /** An actor who sees every organisation path: only the account scope limits its writes. */
  const contextFor = (accountId: string): RequestContext => {
    const actor = {
      userId: idOf('admin@demo.test'),
      sessionId: 'test',
      accountId,
      email: 'test@example.com',
      module: 'root',
      userType: 'root_management_unit_manager',
      organizationId: O.retailRoot,
      organizationPath: '/',
      isPlatform: false,
      permissions: new Set(),
    } as Actor;
    return { actor, scope: scopeOfActor(actor), locale: null, db: t.db, deps: t.deps };
  };
  const touch = (accountId: string, email: string) =>
    transact(contextFor(accountId), (tx) => repo.updateUser(tx, idOf(email), {}));

  it("an update reaches the account's users and the users holding a role in its organisations, no other", async () => {
    expect(await touch(DEMO.accounts.demoRetail, 'store_seller@other.test')).toBe(false);
    expect(await touch(DEMO.accounts.otherRetail, 'store_seller@other.test')).toBe(true);
    expect(await touch(DEMO.accounts.demoBuyer, 'store_manager@demo.test')).toBe(false);
    expect(await touch(DEMO.accounts.demoBuyer, 'multi@demo.test')).toBe(true);
  });

  it("a role is replaced only through an organisation of the context's account", async () => {
    const sellerId = idOf('store_seller@other.test');
    const held = [{ moduleType: 'tim', userType: 'store_seller', organizationId: O.otherStore }] as const;
    await transact(contextFor(DEMO.accounts.demoRetail), (tx) => repo.replaceModules(tx, sellerId, held, []));
    const roles = await t.db.selectFrom('user_modules').selectAll().where('user_id', '=', sellerId).execute();
    expect(roles).toMatchObject([{ module_type: 'tim', organization_id: O.otherStore }]);
  });
});

describe('PATCH /users/:id: sessions end at once', () => {
  it('deactivating a user revokes their sessions and they cannot sign in', async () => {
    const seller = await newSeller('leaving@demo.test');
    expect((await me(seller)).statusCode).toBe(200);
    const res = await patch(storeManager, 'leaving@demo.test', { status: 'inactive' });
    expect(res.json().status).toBe('inactive');
    expect((await me(seller)).statusCode).toBe(401);
    const revoked = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', idOf('leaving@demo.test'))
      .execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);
    await expect(t.login('leaving@demo.test', 'Seller-2026')).rejects.toThrow(/401/);
  });

  it('changing the roles of a user revokes their sessions', async () => {
    const seller = await newSeller('promoted@demo.test');
    const res = await patch(storeManager, 'promoted@demo.test', {
      modules: [{ moduleType: 'tim', userType: 'store_manager', organizationId: O.storeParis }],
    });
    expect(res.json().modules).toMatchObject([{ userType: 'store_manager' }]);
    expect((await me(seller)).statusCode).toBe(401);
    const again = await t.login('promoted@demo.test', 'Seller-2026');
    expect(again.user.modules).toEqual({ tim: 'store_manager' });
  });

  it('changing only the name keeps the sessions', async () => {
    const seller = await newSeller('renamed@demo.test');
    await patch(storeManager, 'renamed@demo.test', { lastname: 'Renommée' });
    expect((await me(seller)).json().lastname).toBe('Renommée');
  });
});

describe('POST /users/:id/invite', () => {
  const invite = (as: { authorization: string }, email: string) =>
    t.app.inject({ method: 'POST', url: `/api/users/${idOf(email)}/invite`, headers: as });

  it('mails a new invitation link', async () => {
    const before = t.smtp.mails.length;
    expect((await invite(storeManager, 'store_seller@demo.test')).statusCode).toBe(202);
    const mail = await t.smtp.waitFor('store_seller@demo.test');
    expect(t.smtp.mails.length).toBe(before + 1);
    expect(mail.text).toMatch(/\/renew\/[A-Za-z0-9_-]+/);
  });

  it('refuses a user who signs in by single sign-on, and an inactive user', async () => {
    await patch(rootManager, 'store_seller@demo.test', { forceConnectionBySso: true });
    expect((await invite(storeManager, 'store_seller@demo.test')).json().code).toBe('sso_mandatory');
    await patch(rootManager, 'store_seller@demo.test', { forceConnectionBySso: false, status: 'inactive' });
    const inactive = await invite(storeManager, 'store_seller@demo.test');
    expect(inactive.statusCode).toBe(422);
    expect(violationsOf(inactive.json())).toEqual(['status:user_inactive']);
  });

  it('answers 404 for a user of another retailer', async () => {
    expect((await invite(rootManager, 'store_seller@other.test')).statusCode).toBe(404);
  });
});
