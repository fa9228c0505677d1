import { randomUUID } from 'node:crypto';
import {
  type ClientAccountListItem,
  type ClientAccountResponse,
  type ClientKind,
  type CreateClientAccountRequest,
  clientModuleViolations,
  type ListClientAccountsQuery,
  type PatchClientAccountRequest,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { orderFrom, type Page } from '../../platform/pagination';
import { type RequestContext, transact } from '../../platform/request-context';
import { revokeAccountSessions } from '../auth';
import {
  toAccountColumns,
  toClientAccountListItem,
  toClientAccountResponse,
  toRootOrganizationColumns,
} from './account-admin.mapper';
import * as repo from './account-admin.repository';

/**
 * Client accounts as platform admins manage them (docs/clients.md): list, read, create (the
 * account, its root organisation and its root details in one transaction), update and delete.
 * The routes' permissions (`client.*`) are held by admin and super_admin only.
 */

const ROOT_OF_KIND: Record<ClientKind, { type: string; moduleType: string }> = {
  retailer: { type: 'root_management_unit', moduleType: 'tim' },
  buyer: { type: 'buyer', moduleType: 'lcm' },
};

const accountNotFound = () => new AppError('account_not_found', 'This client account does not exist.');

export async function listClientAccounts(
  ctx: RequestContext,
  query: ListClientAccountsQuery,
): Promise<Page<ClientAccountListItem>> {
  const order = orderFrom(query, ['name', 'createdAt'] as const, { field: 'createdAt', direction: 'desc' });
  const { rows, total } = await repo.listClientAccounts(ctx, query, order, {
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return { member: rows.map(toClientAccountListItem), totalItems: total };
}

export async function getClientAccount(ctx: RequestContext, id: string): Promise<ClientAccountResponse> {
  const row = await repo.findClientAccount(ctx, id);
  if (!row) throw notFound('client account');
  return toClientAccountResponse(row);
}

/** The client whose root organisation this is (the screens' path `/client/{organizationId}/edit`). */
export async function getClientAccountOfOrganization(
  ctx: RequestContext,
  organizationId: string,
): Promise<ClientAccountResponse> {
  const row = await repo.findClientAccountByRootOrganization(ctx, organizationId);
  if (!row) throw notFound('client account');
  return toClientAccountResponse(row);
}

export async function createClientAccount(
  ctx: RequestContext,
  input: CreateClientAccountRequest,
): Promise<ClientAccountResponse> {
  return transact(ctx, async (tx) => {
    const accountId = await repo.insertAccount(tx, {
      ...toAccountColumns(input),
      name: input.commonName,
    });
    const organizationId = randomUUID();
    const root = ROOT_OF_KIND[input.kind];
    await repo.insertRootOrganization(tx, {
      ...toRootOrganizationColumns(input),
      id: organizationId,
      account_id: accountId,
      parent_organization_id: null,
      path: `/${organizationId}/`,
      type: root.type,
      module_type: root.moduleType,
      common_name: input.commonName,
    });
    const rootDetailId = await repo.insertRootDetail(tx, accountId);
    const created = await repo.findClientAccount(tx, accountId);
    if (!created) throw accountNotFound();
    const after = toClientAccountResponse(created);
    await audit(
      tx,
      { action: 'create', entityType: 'account', entityId: accountId, accountId, after },
      {
        action: 'create',
        entityType: 'organization',
        entityId: organizationId,
        accountId,
        after: { commonName: after.commonName, type: root.type, moduleType: root.moduleType },
      },
      { action: 'create', entityType: 'organization_root_detail', entityId: rootDetailId, accountId },
    );
    return after;
  });
}

export async function updateClientAccount(
  ctx: RequestContext,
  id: string,
  patch: PatchClientAccountRequest,
): Promise<ClientAccountResponse> {
  return transact(ctx, async (tx) => {
    const current = await repo.findClientAccount(tx, id, { forUpdate: true });
    if (!current) throw notFound('client account');
    const before = toClientAccountResponse(current);
    if (patch.modules) {
      const violations = clientModuleViolations(before.kind, patch.modules);
      if (violations.length)
        throw new AppError('validation_failed', violations[0]?.message ?? 'Invalid modules.', violations);
    }
    await repo.updateClientAccount(tx, id, toAccountColumns(patch));
    // deactivated: its users' sessions end at once (sign-in, site and SFTP read the status)
    if (patch.status === 'inactive' && current.status !== 'inactive') await revokeAccountSessions(tx, id);
    else if (patch.status !== undefined && patch.status !== current.status)
      await repo.accountStatusChanged(tx);
    await repo.updateRootOrganization(tx, id, current.root_organization_id, toRootOrganizationColumns(patch));
    const updated = await repo.findClientAccount(tx, id);
    if (!updated) throw notFound('client account');
    const after = toClientAccountResponse(updated);
    await audit(tx, { action: 'update', entityType: 'account', entityId: id, accountId: id, before, after });
    return after;
  });
}

const FOREIGN_KEY_VIOLATION = '23503';
const isForeignKeyViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION;

/**
 * Deletes a client account: not while it is active, nor while it has
 * linked buyers or linked retailers. Its setup goes with it; an account that holds business data
 * (catalogue, buybacks, configuration) is refused with `account_has_data`.
 */
export async function deleteClientAccount(ctx: RequestContext, id: string): Promise<void> {
  try {
    await transact(ctx, async (tx) => {
      const current = await repo.findClientAccount(tx, id, { forUpdate: true });
      if (!current) throw accountNotFound();
      if (current.status === 'active')
        throw new AppError(
          'still_active',
          'An active client account cannot be deleted; deactivate it first.',
        );
      if (await repo.hasLinkedBuyers(tx, id))
        throw new AppError('has_linked_buyers', 'This client account still has linked buyers.');
      if (await repo.hasLinkedRetailers(tx, id))
        throw new AppError('has_linked_retailers', 'Retailers are still linked to this client account.');
      await audit(tx, {
        action: 'remove',
        entityType: 'account',
        entityId: id,
        accountId: id,
        before: toClientAccountResponse(current),
      });
      await repo.deleteAccountAndSetup(tx, id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new AppError(
        'account_has_data',
        'This client account still holds data (catalogue, buybacks, configuration…); it cannot be deleted.',
      );
    throw error;
  }
}

/** Queues the rebuild of the account's product search documents (modules/account-admin/catalog-reindex.ts). */
export async function requestCatalogReindex(ctx: RequestContext, id: string) {
  return transact(ctx, async (tx) => {
    if (!(await repo.findClientAccount(tx, id))) throw notFound('client account');
    await ctx.deps.jobs.send(tx.trx, 'catalog-reindex', { accountId: id });
    return { accountId: id, queued: true as const };
  });
}
