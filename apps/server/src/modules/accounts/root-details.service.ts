import {
  type OrganizationRootDetailResponse,
  type PatchOrganizationRootDetailRequest,
  PDF_MAX_BYTES,
  type PolicyFile,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { forbidden, notFound } from '../../platform/errors';
import { checkPdf } from '../../platform/pdf-check';
import { type BaseContext, type RequestContext, transact } from '../../platform/request-context';
import { checkUpload } from '../../platform/uploads';
import { POLICY_FILE_COLUMN, toRootDetailColumns, toRootDetailResponse } from './root-details.mapper';
import * as repo from './root-details.repository';

/** The account-wide settings (root details) of the actor's account, or any for an operator. */
export async function getRootDetailOfAccount(
  ctx: RequestContext,
  accountId: string,
): Promise<OrganizationRootDetailResponse> {
  const row = await repo.findRootDetailOfAccount(ctx, accountId);
  if (!row) throw notFound('organisation root detail');
  return toRootDetailResponse(row);
}

const sameFeatures = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export async function updateRootDetail(
  ctx: RequestContext,
  id: string,
  patch: PatchOrganizationRootDetailRequest,
): Promise<OrganizationRootDetailResponse> {
  return transact(ctx, async (tx) => {
    const current = await repo.findRootDetail(tx, id, { forUpdate: true });
    if (!current) throw notFound('organisation root detail');
    // premium features are sold by the provider: only a platform operator changes them
    if (
      patch.enabledPremiumFeatures &&
      !ctx.actor.isPlatform &&
      !sameFeatures(patch.enabledPremiumFeatures, current.enabled_premium_features)
    )
      throw forbidden('Only the platform operators enable premium features.');
    const columns = toRootDetailColumns(patch);
    const before = toRootDetailResponse(current);
    if (Object.keys(columns).length === 0) return before;
    const after = toRootDetailResponse(await repo.updateRootDetail(tx, id, columns));
    await audit(tx, {
      action: 'update',
      entityType: 'organization_root_detail',
      entityId: id,
      accountId: current.account_id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Sets (or, with null, removes) a policy file: a whole PDF of at most 250 kB, checked by its
 * content, with its audit row. The replaced file is removed once the change has committed; a file
 * written for a refused change is removed too.
 */
export async function replacePolicyFile(
  ctx: RequestContext,
  id: string,
  document: PolicyFile,
  data: Buffer | null,
): Promise<OrganizationRootDetailResponse> {
  const { storage } = ctx.deps;
  if (!(await repo.findRootDetail(ctx, id))) throw notFound('organisation root detail');
  let key: string | null = null;
  if (data) {
    await checkUpload(data, ['pdf'], PDF_MAX_BYTES);
    checkPdf(data);
    key = await storage.put('policy-files', 'pdf', data);
  }
  const column = POLICY_FILE_COLUMN[document];
  try {
    return await transact(ctx, async (tx) => {
      const current = await repo.findRootDetail(tx, id, { forUpdate: true });
      if (!current) throw notFound('organisation root detail');
      const after = toRootDetailResponse(await repo.updateRootDetail(tx, id, { [column]: key }));
      await audit(tx, {
        action: 'update',
        entityType: 'organization_root_detail',
        entityId: id,
        accountId: current.account_id,
        before: toRootDetailResponse(current),
        after,
      });
      const replaced = current[column];
      // the old file is only garbage now: failing to delete it must not fail the change
      if (replaced && replaced !== key) tx.afterCommit(() => storage.remove(replaced).catch(() => {}));
      return after;
    });
  } catch (error) {
    if (key) await storage.remove(key).catch(() => {});
    throw error;
  }
}

/** The stored PDF of a policy file of root details the context reaches; 404 when there is none. */
export async function readPolicyFile(ctx: BaseContext, id: string, document: PolicyFile) {
  const row = await repo.findRootDetail(ctx, id);
  return storedPolicyFile(ctx, row?.[POLICY_FILE_COLUMN[document]] ?? null);
}

/** The stored PDF of an account's policy file (the public site's legal pages); 404 when there is none. */
export async function readAccountPolicyFile(ctx: BaseContext, accountId: string, document: PolicyFile) {
  const row = await repo.findRootDetailOfAccount(ctx, accountId);
  return storedPolicyFile(ctx, row?.[POLICY_FILE_COLUMN[document]] ?? null);
}

async function storedPolicyFile(ctx: BaseContext, key: string | null) {
  const data = key ? await ctx.deps.storage.get(key) : null;
  if (!key || !data) throw notFound('document');
  return { key, data };
}
