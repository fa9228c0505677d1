import { expect } from 'vitest';
import type { Actor } from '../src/platform/context';
import { type RequestContext, scopeOfActor, type TxContext, transact } from '../src/platform/request-context';
import { DEMO, type TestApp } from './test-app';

/**
 * What the scoped-writes tests share: a context of Demo Retail's root manager built without a
 * session, and a transaction of it rolled back at the end.
 */

/** Demo Retail's root manager, as a service or a repository is called with. */
export function demoRetailContext(t: TestApp): RequestContext {
  const actor = {
    userId: DEMO.orgs.retailRoot,
    sessionId: 'test',
    accountId: DEMO.accounts.demoRetail,
    email: 'root_management_unit_manager@demo.test',
    module: 'tim',
    userType: 'root_management_unit_manager',
    organizationId: DEMO.orgs.retailRoot,
    organizationPath: `/${DEMO.orgs.retailRoot}/`,
    isPlatform: false,
    permissions: new Set(),
  } as Actor;
  return { actor, scope: scopeOfActor(actor), locale: null, db: t.db, deps: t.deps };
}

class RolledBack extends Error {}

/** Runs `work` in a transaction of `ctx`, then rolls it back. */
export async function rolledBack(ctx: RequestContext, work: (tx: TxContext) => Promise<void>): Promise<void> {
  await expect(
    transact(ctx, async (tx) => {
      await work(tx);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
}
