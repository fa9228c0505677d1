import {
  ALLOWED_PARENT_TYPES,
  type AvailableParentsQuery,
  type ListOrganizationsQuery,
  type ModuleType,
  ORGANIZATION_SORT_FIELDS,
  type OrganizationResponse,
  type OrganizationTreeNode,
  type UsersModuleCountResponse,
  type UserType,
} from '@reprise/shared';
import type { Actor } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { orderFrom, type Page } from '../../platform/pagination';
import type { BaseContext, RequestContext } from '../../platform/request-context';
import { buildTree, rootIdOf } from './organization-rules';
import { addressOf, toOrganizationResponse } from './organizations.mapper';
import * as repo from './organizations.repository';

/** Only platform operators choose an account; everyone else always reads their own scope. */
const accountFilter = (actor: Actor, accountId: string | undefined) =>
  actor.isPlatform ? accountId : undefined;

export async function listOrganizations(
  ctx: RequestContext,
  query: ListOrganizationsQuery,
): Promise<Page<OrganizationResponse>> {
  const order = orderFrom(query, ORGANIZATION_SORT_FIELDS, { field: 'commonName', direction: 'asc' });
  const { rows, total } = await repo.listOrganizations(
    ctx,
    {
      accountId: accountFilter(ctx.actor, query.accountId),
      types: query.type,
      status: query.status,
      search: query.search || undefined,
      hasParent: query['exists[parentOrganization]'],
      parentOrganizationId: query.parentOrganizationId,
    },
    order,
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: rows.map(toOrganizationResponse), totalItems: total };
}

export async function getOrganization(ctx: RequestContext, id: string): Promise<OrganizationResponse> {
  const row = await repo.findVisibleOrganization(ctx, id);
  if (!row) throw notFound('organisation');
  return toOrganizationResponse(row);
}

/** The public facts of an active organisation (the public site's store pages and map). */
export async function getPublicOrganization(ctx: BaseContext, id: string) {
  const row = await repo.findPublicOrganization(ctx, id);
  if (!row) throw notFound('organisation');
  return {
    id: row.id,
    commonName: row.common_name,
    type: row.type as OrganizationResponse['type'],
    address: addressOf(row),
    latitude: row.latitude,
    longitude: row.longitude,
    placeEmail: row.place_email,
  };
}

/** The visible organisations nested: one tree under the actor's organisation, a forest for operators. */
export async function getTree(ctx: RequestContext, accountId?: string): Promise<OrganizationTreeNode[]> {
  return buildTree(await repo.listTreeRows(ctx, accountFilter(ctx.actor, accountId)));
}

/** Where an organisation of a type may attach, without the edited one and its descendants. */
export async function listAvailableParents(
  ctx: RequestContext,
  query: AvailableParentsQuery,
): Promise<OrganizationResponse[]> {
  let accountId = accountFilter(ctx.actor, query.accountId);
  let excludedPath: string | undefined;
  if (query.id) {
    const edited = await repo.findVisibleOrganization(ctx, query.id);
    if (!edited) throw notFound('organisation');
    accountId = edited.account_id;
    excludedPath = edited.path;
  }
  const rows = await repo.listPossibleParents(ctx, {
    types: ALLOWED_PARENT_TYPES[query.type],
    accountId,
    excludedPath,
  });
  return rows.map(toOrganizationResponse);
}

/** The root of the actor's tree (or, for an operator naming one, of that account). */
export async function getRoot(ctx: RequestContext, accountId?: string): Promise<OrganizationResponse> {
  const chosen = accountFilter(ctx.actor, accountId);
  const row = chosen
    ? await repo.findAccountRoot(ctx, chosen)
    : await repo.findTreeRoot(ctx, rootIdOf(ctx.actor.organizationPath));
  if (!row) throw notFound('organisation');
  return toOrganizationResponse(row);
}

/**
 * Warehouses connected to the actor: a buyer-side actor's own warehouses, and the warehouses its
 * visible organisations use as default warehouse (a retailer's). Operators see every warehouse.
 */
export async function listConnectedWarehouses(
  ctx: RequestContext,
  accountId?: string,
): Promise<OrganizationResponse[]> {
  const rows = await repo.listConnectedWarehouses(ctx, accountFilter(ctx.actor, accountId));
  return rows.map(toOrganizationResponse);
}

async function subtreeCounts(ctx: RequestContext, id: string) {
  const organization = await repo.findVisibleOrganization(ctx, id);
  if (!organization) throw notFound('organisation');
  return repo.countUsersInSubtree(ctx, organization.path);
}

/** How many users hold a module in the organisation's subtree, per module. */
export async function countUsersPerModule(ctx: RequestContext, id: string) {
  const counts: Partial<Record<ModuleType, number>> = {};
  for (const row of await subtreeCounts(ctx, id))
    counts[row.moduleType] = (counts[row.moduleType] ?? 0) + row.users;
  return { organizationId: id, counts };
}

/** The same count split by user type within each module. */
export async function countUsersPerUserType(
  ctx: RequestContext,
  id: string,
): Promise<UsersModuleCountResponse> {
  const counts: Partial<Record<ModuleType, Partial<Record<UserType, number>>>> = {};
  for (const row of await subtreeCounts(ctx, id)) {
    const perType = counts[row.moduleType] ?? {};
    perType[row.userType] = row.users;
    counts[row.moduleType] = perType;
  }
  return { organizationId: id, counts };
}
