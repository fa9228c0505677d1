import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';
import type { Actor } from './context';
import { type RequestContext, scopeOfActor, transact } from './request-context';
import { deleteChildOf, updateAccountRow, updateOwned } from './scoped-writes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const actorOf = (accountId: string, isPlatform = false): Actor =>
  ({
    userId: DEMO.orgs.retailRoot,
    sessionId: 'test',
    accountId,
    email: 'test@example.com',
    module: 'root',
    userType: isPlatform ? 'admin' : 'root_management_unit_manager',
    organizationId: DEMO.orgs.retailRoot,
    organizationPath: '/',
    isPlatform,
    permissions: new Set(),
  }) as Actor;

const contextFor = (accountId: string, isPlatform = false): RequestContext => {
  const actor = actorOf(accountId, isPlatform);
  return { actor, scope: scopeOfActor(actor), locale: null, db: t.db, deps: t.deps };
};

const productOf = async (accountId: string) =>
  await t.db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirstOrThrow();

describe('transact', () => {
  it('runs after-commit effects once the transaction commits, never when it rolls back', async () => {
    const ran: string[] = [];
    await transact(contextFor(DEMO.accounts.demoRetail), async (tx) => {
      tx.afterCommit(() => void ran.push('committed'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['committed']);
    await expect(
      transact(contextFor(DEMO.accounts.demoRetail), async (tx) => {
        tx.afterCommit(() => void ran.push('rolled back'));
        throw new Error('the command fails');
      }),
    ).rejects.toThrow('the command fails');
    expect(ran).toEqual(['committed']);
  });

  it('joins the transaction it is called in', async () => {
    await transact(contextFor(DEMO.accounts.demoRetail), async (outer) => {
      await transact(outer, async (inner) => expect(inner.trx).toBe(outer.trx));
    });
  });
});

describe('scoped writes', () => {
  it("an update by id reaches no row of another account, the platform's reaches every account", async () => {
    const other = await productOf(DEMO.accounts.otherRetail);
    const touched = await transact(contextFor(DEMO.accounts.demoRetail), (tx) =>
      updateOwned(tx, 'products').set({ name: 'hijacked' }).where('id', '=', other.id).executeTakeFirst(),
    );
    expect(Number(touched.numUpdatedRows)).toBe(0);
    expect((await productOf(DEMO.accounts.otherRetail)).name).toBe(other.name);

    const platform = await transact(contextFor(DEMO.accounts.platform, true), (tx) =>
      updateOwned(tx, 'products').set({ name: other.name }).where('id', '=', other.id).executeTakeFirst(),
    );
    expect(Number(platform.numUpdatedRows)).toBe(1);
  });

  it("a child row is reached only through a parent of the context's account", async () => {
    const question = await t.db
      .selectFrom('diagnostic_questions')
      .select('id')
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .limit(1)
      .executeTakeFirst();
    if (!question) return expect.fail('the demo data holds a question of Demo Retail');
    const before = await t.db
      .selectFrom('diagnostic_answers')
      .select('id')
      .where('question_id', '=', question.id)
      .execute();
    expect(before.length).toBeGreaterThan(0);
    await transact(contextFor(DEMO.accounts.otherRetail), (tx) =>
      deleteChildOf(tx, 'diagnostic_answers', { column: 'question_id', parent: 'diagnostic_questions' })
        .where('question_id', '=', question.id)
        .execute(),
    );
    const after = await t.db
      .selectFrom('diagnostic_answers')
      .select('id')
      .where('question_id', '=', question.id)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it("the account row is the context's own", async () => {
    const touched = await transact(contextFor(DEMO.accounts.demoRetail), (tx) =>
      updateAccountRow(tx)
        .set({ updated_at: new Date().toISOString() })
        .where('id', '=', DEMO.accounts.otherRetail)
        .executeTakeFirst(),
    );
    expect(Number(touched.numUpdatedRows)).toBe(0);
  });

  it('a service cannot widen the scope it writes in', async () => {
    await expect(
      transact(contextFor(DEMO.accounts.demoRetail), async (tx) =>
        updateOwned(tx, 'products', { kind: 'account', accountId: DEMO.accounts.otherRetail })
          .set({ name: 'x' })
          .execute(),
      ),
    ).rejects.toThrow(/outside the context's account/);
    await expect(
      transact(contextFor(DEMO.accounts.demoRetail), async (tx) =>
        updateOwned(tx, 'products', { kind: 'all' }).set({ name: 'x' }).execute(),
      ),
    ).rejects.toThrow(/outside the context's account/);
  });
});
