import {
  type Collection,
  type ListUsersQuery,
  type ModuleType,
  USER_SORT_FIELDS,
  type UserResponse,
  type UserType,
} from '@reprise/shared';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { collection, orderFrom } from '../../platform/pagination';
import { toAccountResponse } from '../accounts/accounts.mapper';
import { toUserResponse } from './users.mapper';
import * as repo from './users.repository';
import { assignableUserTypes, currentModuleOf, frontPermissionsOf } from './users.rules';

/** The users the actor sees, one page, ordered and filtered. */
export async function listUsers(
  db: Db,
  actor: Actor,
  query: ListUsersQuery,
  url: string,
): Promise<Collection<UserResponse>> {
  const order = orderFrom(query, USER_SORT_FIELDS, { field: 'lastname', direction: 'asc' });
  const { rows, total } = await repo.listUsers(
    db,
    actor,
    {
      search: query.search || undefined,
      status: query.status,
      userType: query.userType,
      moduleType: query.moduleType,
      organizationId: query.organizationId,
    },
    order,
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return collection(
    rows.map((row) => toUserResponse(row, actor)),
    total,
    query.page,
    query.itemsPerPage,
    url,
  );
}

/** A user the actor sees; any other id answers not found. */
export async function requireVisibleUser(db: Db, actor: Actor, id: string): Promise<repo.UserRow> {
  const row = await repo.findVisibleUser(db, actor, id);
  if (!row) throw notFound('user');
  return row;
}

export async function getUser(db: Db, actor: Actor, id: string): Promise<UserResponse> {
  return toUserResponse(await requireVisibleUser(db, actor, id), actor);
}

export async function getUserPermissions(db: Db, actor: Actor, id: string) {
  const user = await requireVisibleUser(db, actor, id);
  return { frontPermissions: frontPermissionsOf(user.modules) };
}

/** The organisation the user works in when signing in (preferred module, else the first), with its account. */
export async function getCurrentOrganization(db: Db, actor: Actor, id: string) {
  const user = await requireVisibleUser(db, actor, id);
  const module = currentModuleOf(user.preferredModule, user.modules);
  const row = module ? await repo.findRoleOrganization(db, actor, id, module) : undefined;
  if (!row) throw new AppError('no_permissions', 'This user holds no role.');
  return {
    id: row.organizationId,
    commonName: row.organizationName,
    moduleType: row.moduleType as ModuleType,
    account: toAccountResponse(row),
  };
}

export function getAssignableUserTypes(actor: Actor): {
  userTypes: { moduleType: ModuleType; userType: UserType }[];
} {
  return { userTypes: assignableUserTypes(actor) };
}
