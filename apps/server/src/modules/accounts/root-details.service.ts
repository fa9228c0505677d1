import type { OrganizationRootDetailResponse, PatchOrganizationRootDetailRequest } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { type RequestContext, transact } from '../../platform/request-context';
import { toRootDetailColumns, toRootDetailResponse } from './root-details.mapper';
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

export async function updateRootDetail(
  ctx: RequestContext,
  id: string,
  patch: PatchOrganizationRootDetailRequest,
): Promise<OrganizationRootDetailResponse> {
  return transact(ctx, async (tx) => {
    const current = await repo.findRootDetail(tx, id, { forUpdate: true });
    if (!current) throw notFound('organisation root detail');
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
