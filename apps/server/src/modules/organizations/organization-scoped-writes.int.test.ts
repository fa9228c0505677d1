import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRetailContext, rolledBack as rollBack } from '../../../test/rolled-back';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import type { TxContext } from '../../platform/request-context';
import { moveSubtree, updateOrganization } from './organizations.repository';

/**
 * The organisation writes stay in the context's account (platform/scoped-writes.ts): a Demo
 * Retail context that names Other Retail's organisation or subtree path changes nothing there,
 * while the same write on its own tree does. Each case runs in a transaction rolled back at the end.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const O = DEMO.orgs;

/** Runs `work` in a Demo Retail transaction, then rolls it back. */
const rolledBack = (work: (tx: TxContext) => Promise<void>) => rollBack(demoRetailContext(t), work);

const rowOf = async (tx: TxContext, id: string) =>
  tx.trx
    .selectFrom('organizations')
    .select(['common_name', 'path'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe("organisation writes stay in the context's account", () => {
  it("an update by id of another account's organisation changes nothing", async () => {
    await rolledBack(async (tx) => {
      const before = await rowOf(tx, O.otherStore);
      await updateOrganization(tx, O.otherStore, { common_name: 'hijacked' });
      expect(await rowOf(tx, O.otherStore)).toEqual(before);
      await updateOrganization(tx, O.storeParis, { common_name: 'Renamed' });
      expect((await rowOf(tx, O.storeParis)).common_name).toBe('Renamed');
    });
  });

  it("a subtree move rewrites the paths of the context's account only", async () => {
    await rolledBack(async (tx) => {
      const other = await rowOf(tx, O.otherStore);
      const otherRoot = `/${O.otherRoot}/`;
      await moveSubtree(tx, otherRoot, '/moved/');
      expect(await rowOf(tx, O.otherStore)).toEqual(other);

      const france = (await rowOf(tx, O.muFrance)).path;
      await moveSubtree(tx, france, `/${O.retailRoot}/${O.muBenelux}/${O.muFrance}/`);
      expect((await rowOf(tx, O.storeParis)).path).toBe(
        `/${O.retailRoot}/${O.muBenelux}/${O.muFrance}/${O.storeParis}/`,
      );
    });
  });
});
