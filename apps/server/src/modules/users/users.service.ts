import {
  type ListPlatformAdminsQuery,
  type ListUsersQuery,
  type ModuleType,
  USER_SORT_FIELDS,
  type UserResponse,
  type UserType,
} from '@reprise/shared';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { orderFrom, type Page } from '../../platform/pagination';
import type { RequestContext } from '../../platform/request-context';
import { toAccountResponse } from '../accounts';
import { toUserResponse } from './users.mapper';
import * as repo from './users.repository';
import { assignableUserTypes, currentModuleOf, frontPermissionsOf } from './users.rules';

/** The users the actor sees, one page, ordered and filtered. */
export async function listUsers(ctx: RequestContext, query: ListUsersQuery): Promise<Page<UserResponse>> {
  const order = orderFrom(query, USER_SORT_FIELDS, { field: 'lastname', direction: 'asc' });
  const { rows, total } = await repo.listUsers(
    ctx,
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
  return { member: rows.map((row) => toUserResponse(row, ctx.actor)), totalItems: total };
}

/**
 * `GET /platform-admins`: the users of the platform's own account (platform admins and super
 * admins), for platform operators; the list's filters and order are the users' own.
 */
export async function listPlatformAdmins(
  ctx: RequestContext,
  query: ListPlatformAdminsQuery,
): Promise<Page<UserResponse>> {
  if (!ctx.actor.isPlatform) throw forbidden('Only platform operators list the platform admins.');
  const order = orderFrom(query, USER_SORT_FIELDS, { field: 'lastname', direction: 'asc' });
  const { rows, total } = await repo.listUsers(
    ctx,
    {
      search: query.search || undefined,
      status: query.status,
      userType: query.userType,
      platformAccount: true,
    },
    order,
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: rows.map((row) => toUserResponse(row, ctx.actor)), totalItems: total };
}

/** A user the actor sees; any other id answers not found. */
export async function requireVisibleUser(ctx: RequestContext, id: string): Promise<repo.UserRow> {
  const row = await repo.findVisibleUser(ctx, id);
  if (!row) throw notFound('user');
  return row;
}

export async function getUser(ctx: RequestContext, id: string): Promise<UserResponse> {
  return toUserResponse(await requireVisibleUser(ctx, id), ctx.actor);
}

export async function getUserPermissions(ctx: RequestContext, id: string) {
  const user = await requireVisibleUser(ctx, id);
  return { frontPermissions: frontPermissionsOf(user.modules) };
}

/** The organisation the user works in when signing in (preferred module, else the first), with its account. */
export async function getCurrentOrganization(ctx: RequestContext, id: string) {
  const user = await requireVisibleUser(ctx, id);
  const module = currentModuleOf(user.preferredModule, user.modules);
  const row = module ? await repo.findModuleOrganization(ctx, id, module) : undefined;
  if (!row) throw new AppError('no_permissions', 'This user holds no module.');
  return {
    id: row.organizationId,
    commonName: row.organizationName,
    moduleType: row.moduleType as ModuleType,
    account: toAccountResponse(row),
  };
}

export function getAssignableUserTypes(ctx: RequestContext): {
  userTypes: { moduleType: ModuleType; userType: UserType }[];
} {
  return { userTypes: assignableUserTypes(ctx.actor) };
}
