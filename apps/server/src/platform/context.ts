import type { ModuleType, Permission, UserType } from '@reprise/shared';

/** Who is calling, in which module and organisation, and what they may do. */
export interface Actor {
  userId: string;
  sessionId: string;
  /**
   * The account the request works on: that of the organisation the user holds the current module
   * at (the spec's `currentOrganization.account`). It is not always the user's own account: a
   * user may hold one module in a retailer and another in a buyer (docs/data-access.md).
   */
  accountId: string;
  email: string;
  module: ModuleType;
  userType: UserType;
  /** The user's parent organisation in the current module. */
  organizationId: string;
  /** Materialised path of that organisation: the actor sees the organisations below it. */
  organizationPath: string;
  /** Platform operators (admin, super_admin) see every account. */
  isPlatform: boolean;
  permissions: ReadonlySet<Permission>;
}

export const can = (actor: Actor, permission: Permission) => actor.permissions.has(permission);
