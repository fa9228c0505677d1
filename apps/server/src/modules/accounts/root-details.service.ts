import type { OrganizationRootDetailResponse, PatchOrganizationRootDetailRequest } from '@reprise/shared';
import { writeAudit } from '../../platform/audit';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { toRootDetailColumns, toRootDetailResponse } from './root-details.mapper';
import * as repo from './root-details.repository';

/** The account-wide settings (root details) of the actor's account, or any for an operator. */
export async function getRootDetailOfAccount(
  db: Db,
  actor: Actor,
  accountId: string,
): Promise<OrganizationRootDetailResponse> {
  const row = await repo.findRootDetailOfAccount(db, actor, accountId);
  if (!row) throw notFound('organisation root detail');
  return toRootDetailResponse(row);
}

export async function updateRootDetail(
  db: Db,
  actor: Actor,
  id: string,
  patch: PatchOrganizationRootDetailRequest,
): Promise<OrganizationRootDetailResponse> {
  return db.transaction().execute(async (trx) => {
    const current = await repo.findRootDetail(trx, actor, id, { forUpdate: true });
    if (!current) throw notFound('organisation root detail');
    const columns = toRootDetailColumns(patch);
    const before = toRootDetailResponse(current);
    if (Object.keys(columns).length === 0) return before;
    const after = toRootDetailResponse(await repo.updateRootDetail(trx, id, columns));
    await writeAudit(trx, actor, {
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
