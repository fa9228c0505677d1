import type { Locale, UserResponse } from '@reprise/shared';
import type { Actor } from '../../platform/context';
import type { UserRow } from './users.repository';
import { canManageModule, isEditableBy } from './users.rules';

const iso = (value: Date | string) => new Date(value).toISOString();

type OwnFields = 'accountId' | 'email' | 'firstname' | 'lastname' | 'status' | 'forceConnectionBySso';

/** The user's own fields, in the order the API and the audit log give them. */
const ownFields = (row: Pick<UserRow, OwnFields>) => ({
  accountId: row.accountId,
  email: row.email,
  firstname: row.firstname,
  lastname: row.lastname,
  status: row.status,
  forceConnectionBySso: row.forceConnectionBySso,
});

/** The user as the actor sees it: which of its modules it may manage and whether it may edit the user. */
export function toUserResponse(row: UserRow, actor: Actor): UserResponse {
  return {
    id: row.id,
    ...ownFields(row),
    language: row.language as Locale | null,
    modules: row.modules.map((m) => ({
      moduleType: m.moduleType,
      userType: m.userType,
      organizationId: m.organizationId,
      organizationName: m.organizationName,
      organizationType: m.organizationType,
      manageable: canManageModule(actor, m),
    })),
    editable: isEditableBy(actor, row.modules),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    lastLoginAt: row.lastLoginAt === null ? null : iso(row.lastLoginAt),
  };
}

/** What the audit log keeps of a user: never a password hash, nothing relative to the reader. */
export function auditSnapshot(
  row: Pick<UserRow, OwnFields | 'language'> & {
    modules: readonly { moduleType: string; userType: string; organizationId: string }[];
  },
) {
  return {
    ...ownFields(row),
    language: row.language,
    modules: row.modules.map((m) => ({
      moduleType: m.moduleType,
      userType: m.userType,
      organizationId: m.organizationId,
    })),
  };
}
