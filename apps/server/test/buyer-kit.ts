import { randomUUID } from 'node:crypto';
import type { ModuleType, UserType } from '@reprise/shared';
import { DEMO, type TestApp } from './test-app';

/**
 * What the tests of the retailer ↔ buyer ↔ warehouse relationship add to the demo data: another
 * buyer with its warehouse, and users of the buyer and warehouse modules who sign in with the
 * demo password.
 */

export interface TestBuyer {
  accountId: string;
  organizationId: string;
  warehouseId: string;
}

/** A buyer account (not linked to any retailer) with its buyer organisation and one warehouse. */
export async function addBuyer(t: TestApp, name: string): Promise<TestBuyer> {
  const accountId = randomUUID();
  const organizationId = randomUUID();
  const warehouseId = randomUUID();
  await t.db
    .insertInto('accounts')
    .values({ id: accountId, name, is_buyer_and_workshops_supervisor: true })
    .execute();
  await t.db
    .insertInto('organizations')
    .values([
      {
        id: organizationId,
        account_id: accountId,
        parent_organization_id: null,
        path: `/${organizationId}/`,
        type: 'buyer',
        module_type: 'lcm',
        common_name: name,
      },
      {
        id: warehouseId,
        account_id: accountId,
        parent_organization_id: organizationId,
        path: `/${organizationId}/${warehouseId}/`,
        type: 'warehouse',
        module_type: 'rps',
        common_name: `${name} warehouse`,
      },
    ])
    .execute();
  return { accountId, organizationId, warehouseId };
}

/** A user holding one role, who signs in with the demo password; answers the headers to send as them. */
export async function addUser(
  t: TestApp,
  user: { email: string; accountId: string; module: ModuleType; userType: UserType; organizationId: string },
): Promise<string> {
  const demo = await t.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'admin@demo.test')
    .executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto('users')
    .values({
      account_id: user.accountId,
      email: user.email,
      firstname: 'Test',
      lastname: user.userType,
      password_hash: demo.password_hash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_modules')
    .values({
      user_id: id,
      module_type: user.module,
      user_type: user.userType,
      organization_id: user.organizationId,
    })
    .execute();
  return (await t.login(user.email)).authorization;
}

/** The authorization of a warehouse operator of Roubaix, the other warehouse of Demo Buyer. */
export function addRoubaixOperator(t: TestApp): Promise<string> {
  return addUser(t, {
    email: 'operator@roubaix.test',
    accountId: DEMO.accounts.demoBuyer,
    module: 'rps',
    userType: 'warehouse_operator',
    organizationId: DEMO.orgs.warehouseRoubaix,
  });
}

/**
 * The authorization of a warehouse user of another buyer account: `second`, else a "Second Buyer"
 * added for it.
 */
export async function addOtherBuyerUser(
  t: TestApp,
  userType: 'warehouse_operator' | 'warehouse_manager',
  second?: TestBuyer,
): Promise<string> {
  const buyer = second ?? (await addBuyer(t, 'Second Buyer'));
  return addUser(t, {
    email: `${userType === 'warehouse_operator' ? 'operator' : 'manager'}@second-buyer.test`,
    accountId: buyer.accountId,
    module: 'rps',
    userType,
    organizationId: buyer.warehouseId,
  });
}
