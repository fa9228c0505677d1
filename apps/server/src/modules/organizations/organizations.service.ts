import {
  ALLOWED_PARENT_TYPES,
  type AvailableParentsQuery,
  type Collection,
  type ListOrganizationsQuery,
  type ModuleType,
  ORGANIZATION_SORT_FIELDS,
  type OrganizationResponse,
  type OrganizationTreeNode,
  type UsersModuleCountResponse,
  type UserType,
} from '@reprise/shared';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { collection, orderFrom } from '../../platform/pagination';
import { buildTree, rootIdOf } from './organization-rules';
import { toOrganizationResponse } from './organizations.mapper';
import * as repo from './organizations.repository';

/** Only platform operators choose an account; everyone else always reads their own scope. */
const accountFilter = (actor: Actor, accountId: string | undefined) =>
  actor.isPlatform ? accountId : undefined;

export async function listOrganizations(
  db: Db,
  actor: Actor,
  query: ListOrganizationsQuery,
  url: string,
): Promise<Collection<OrganizationResponse>> {
  const order = orderFrom(query, ORGANIZATION_SORT_FIELDS, { field: 'commonName', direction: 'asc' });
  const { rows, total } = await repo.listOrganizations(
    db,
    actor,
    {
      accountId: accountFilter(actor, query.accountId),
      types: query.type,
      status: query.status,
      search: query.search || undefined,
      hasParent: query['exists[parentOrganization]'],
      parentOrganizationId: query.parentOrganizationId,
    },
    order,
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return collection(rows.map(toOrganizationResponse), total, query.page, query.itemsPerPage, url);
}

export async function getOrganization(db: Db, actor: Actor, id: string): Promise<OrganizationResponse> {
  const row = await repo.findVisibleOrganization(db, actor, id);
  if (!row) throw notFound('organisation');
  return toOrganizationResponse(row);
}

/** The public facts of an active organisation (the public site's store pages and map). */
export async function getPublicOrganization(db: Db, id: string) {
  const row = await repo.findPublicOrganization(db, id);
  if (!row) throw notFound('organisation');
  return {
    id: row.id,
    commonName: row.common_name,
    type: row.type as OrganizationResponse['type'],
    address: {
      street: row.street,
      streetMore: row.street_more,
      zip: row.zip,
      city: row.city,
      country: row.country,
    },
    latitude: row.latitude,
    longitude: row.longitude,
    placeEmail: row.place_email,
  };
}

/** The visible organisations nested: one tree under the actor's organisation, a forest for operators. */
export async function getTree(db: Db, actor: Actor, accountId?: string): Promise<OrganizationTreeNode[]> {
  return buildTree(await repo.listTreeRows(db, actor, accountFilter(actor, accountId)));
}

/** Where an organisation of a type may attach, without the edited one and its descendants. */
export async function listAvailableParents(
  db: Db,
  actor: Actor,
  query: AvailableParentsQuery,
): Promise<OrganizationResponse[]> {
  let accountId = accountFilter(actor, query.accountId);
  let excludedPath: string | undefined;
  if (query.id) {
    const edited = await repo.findVisibleOrganization(db, actor, query.id);
    if (!edited) throw notFound('organisation');
    accountId = edited.account_id;
    excludedPath = edited.path;
  }
  const rows = await repo.listPossibleParents(db, actor, {
    types: ALLOWED_PARENT_TYPES[query.type],
    accountId,
    excludedPath,
  });
  return rows.map(toOrganizationResponse);
}

/** The root of the actor's tree (or, for an operator naming one, of that account). */
export async function getRoot(db: Db, actor: Actor, accountId?: string): Promise<OrganizationResponse> {
  const chosen = accountFilter(actor, accountId);
  const row = chosen
    ? await repo.findAccountRoot(db, chosen)
    : await repo.findTreeRoot(db, rootIdOf(actor.organizationPath));
  if (!row) throw notFound('organisation');
  return toOrganizationResponse(row);
}

/**
 * Warehouses connected to the actor: a buyer-side actor's own warehouses, and the warehouses its
 * visible organisations use as default warehouse (a retailer's). Operators see every warehouse.
 */
export async function listConnectedWarehouses(
  db: Db,
  actor: Actor,
  accountId?: string,
): Promise<OrganizationResponse[]> {
  const rows = await repo.listConnectedWarehouses(db, actor, accountFilter(actor, accountId));
  return rows.map(toOrganizationResponse);
}

async function subtreeCounts(db: Db, actor: Actor, id: string) {
  const organization = await repo.findVisibleOrganization(db, actor, id);
  if (!organization) throw notFound('organisation');
  return repo.countUsersInSubtree(db, organization.path);
}

/** How many users hold a role in the organisation's subtree, per module. */
export async function countUsersPerModule(db: Db, actor: Actor, id: string) {
  const counts: Partial<Record<ModuleType, number>> = {};
  for (const row of await subtreeCounts(db, actor, id))
    counts[row.moduleType] = (counts[row.moduleType] ?? 0) + row.users;
  return { organizationId: id, counts };
}

/** The same count split by user type within each module. */
export async function countUsersPerUserType(
  db: Db,
  actor: Actor,
  id: string,
): Promise<UsersModuleCountResponse> {
  const counts: Partial<Record<ModuleType, Partial<Record<UserType, number>>>> = {};
  for (const row of await subtreeCounts(db, actor, id)) {
    const perType = counts[row.moduleType] ?? {};
    perType[row.userType] = row.users;
    counts[row.moduleType] = perType;
  }
  return { organizationId: id, counts };
}
