import { type BaseContext, transact } from '../../platform/request-context';
import { createPostgresProductSearch } from '../catalog';
import * as repo from './account-admin.repository';

/** The payload of a `catalog-reindex` job (platform/jobs.ts). */
export interface CatalogReindexJob {
  accountId: string;
}

/** Products indexed per transaction: a large catalogue is rebuilt batch by batch. */
export const catalogReindexTuning = { batchSize: 500 };

/**
 * Rebuilds the product search documents and words of one account (docs/clients.md, "Catalogue
 * reindex"), asked by a platform admin: every product's document is written again as it is now,
 * and the documents of products that no longer exist are removed. Each batch is one transaction,
 * scoped to the account; running it twice writes the same documents.
 */
export async function runCatalogReindex(ctx: BaseContext, job: CatalogReindexJob): Promise<number> {
  const scoped: BaseContext = { ...ctx, scope: { kind: 'account', accountId: job.accountId } };
  const search = createPostgresProductSearch(scoped.db);
  let after: string | null = null;
  let indexed = 0;
  for (;;) {
    const ids = await repo.productIdsAfter(scoped, job.accountId, after, catalogReindexTuning.batchSize);
    if (ids.length === 0) break;
    await transact(scoped, (tx) => search.index(tx, ids));
    indexed += ids.length;
    after = ids.at(-1) ?? null;
    if (ids.length < catalogReindexTuning.batchSize) break;
  }
  const orphans = await repo.orphanDocumentIds(scoped, job.accountId);
  if (orphans.length > 0) await transact(scoped, (tx) => search.index(tx, orphans));
  return indexed;
}
