import { type ModuleType, PLATFORM_USER_TYPES, permissionsFor, type UserType } from '@reprise/shared';
import type { Actor } from '../../platform/context';
import type { BaseContext, RequestContext } from '../../platform/request-context';

/**
 * Who a buyback export reads the list as (exports.viewer, migration 028): the user who started it,
 * in the module and organisation they were in. The `export` job rebuilds their list's scope from
 * it (modules/buyback-lifecycle/visibility.repository.ts `buybackScope`), so the file holds what their list
 * showed for the same filters.
 */
export interface ExportViewer {
  userId: string;
  accountId: string;
  module: ModuleType;
  userType: UserType;
  organizationId: string;
  organizationPath: string;
}

export const viewerOf = (actor: Actor): ExportViewer => ({
  userId: actor.userId,
  accountId: actor.accountId,
  module: actor.module,
  userType: actor.userType,
  organizationId: actor.organizationId,
  organizationPath: actor.organizationPath,
});

/** The viewer's request context, for the job: their permissions as their user type holds them. */
export function viewerContext(ctx: BaseContext, viewer: ExportViewer): RequestContext {
  const isPlatform = PLATFORM_USER_TYPES.includes(viewer.userType);
  return {
    ...ctx,
    scope: isPlatform ? { kind: 'all' } : { kind: 'account', accountId: viewer.accountId },
    actor: {
      ...viewer,
      sessionId: '',
      email: '',
      isPlatform,
      permissions: new Set(permissionsFor(viewer.userType, viewer.module)),
    },
  };
}
