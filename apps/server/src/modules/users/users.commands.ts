import type {
  CreateUserRequest,
  ErrorCode,
  PatchUserRequest,
  UserModule,
  UserResponse,
  Violation,
} from '@reprise/shared';
import { writeAudit } from '../../platform/audit';
import { type Actor, can } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { revokeUserSessions } from '../auth/auth.repository';
import { issuePasswordLink } from '../auth/auth.service';
import { auditSnapshot, toUserResponse } from './users.mapper';
import * as repo from './users.repository';
import {
  accountOfModules,
  type HeldModule,
  isEditableBy,
  planModules,
  roleViolations,
  sameModules,
} from './users.rules';
import { requireVisibleUser } from './users.service';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;

const invalid = (violations: Violation[]) =>
  new AppError(
    violations[0]?.code as ErrorCode,
    violations[0]?.message ?? 'The user is not valid.',
    violations,
  );

/** Setting the force-single-sign-on field needs its own permission. */
function checkSsoField(actor: Actor, wanted: boolean | undefined, current: boolean) {
  if (wanted !== undefined && wanted !== current && !can(actor, 'user.force_sso_field')) {
    throw new AppError('forbidden', 'You may not change the single sign-on setting of a user.', [
      { propertyPath: 'forceConnectionBySso', code: 'forbidden', message: 'You may not change this field.' },
    ]);
  }
}

/**
 * Checks the roles a user will hold and answers them with the user's account. New or changed roles
 * must be grantable by the actor with a visible parent of the right type; all sit in one account.
 */
async function resolveModules(
  db: Db,
  actor: Actor,
  held: HeldModule[],
  requested: UserModule[],
  violations: Violation[],
) {
  const plan = planModules(actor, held, requested);
  violations.push(...plan.violations);
  const parents = await repo.findVisibleParents(
    db,
    actor,
    plan.toCheck.map((c) => c.module.organizationId),
  );
  const byId = new Map(parents.map((p) => [p.id, p]));
  violations.push(...roleViolations(actor, plan.toCheck, byId));
  const accountOfOrganization = new Map([
    ...held.map((h) => [h.organizationId, h.organizationAccountId] as const),
    ...parents.map((p) => [p.id, p.accountId] as const),
  ]);
  const { accountId, foreignModules } = accountOfModules(
    plan.modules.map((m) => ({
      moduleType: m.moduleType,
      accountId: accountOfOrganization.get(m.organizationId) ?? '',
    })),
  );
  if (violations.length === 0) {
    for (const moduleType of foreignModules) {
      const index = requested.findIndex((m) => m.moduleType === moduleType);
      violations.push({
        propertyPath: index >= 0 ? `modules.${index}.organizationId` : 'modules',
        code: 'invalid_parent',
        message: 'All roles of a user belong to one account (a warehouse role excepted).',
      });
    }
  }
  const language = parents.find((p) => p.accountId === accountId)?.accountLanguage ?? null;
  return { modules: plan.modules, accountId: accountId as string, accountLanguage: language };
}

/** Creates a user without a password and queues, in the same transaction, an invitation to choose one. */
export async function createUser(deps: Deps, actor: Actor, input: CreateUserRequest): Promise<UserResponse> {
  const { db } = deps;
  checkSsoField(actor, input.forceConnectionBySso, false);
  const violations: Violation[] = [];
  if (await repo.emailTaken(db, input.email)) {
    violations.push({
      propertyPath: 'email',
      code: 'email_not_unique',
      message: 'This e-mail is already used.',
    });
  }
  const { modules, accountId, accountLanguage } = await resolveModules(
    db,
    actor,
    [],
    input.modules,
    violations,
  );
  if (violations.length) throw invalid(violations);

  const user = await db.transaction().execute(async (trx) => {
    const values = { ...input, accountId };
    const userId = await repo.insertUser(trx, values);
    await repo.replaceModules(trx, userId, modules);
    await writeAudit(trx, actor, {
      action: 'create',
      entityType: 'user',
      entityId: userId,
      accountId,
      after: auditSnapshot({ ...values, modules }),
    });
    if (input.status === 'active' && !input.forceConnectionBySso) {
      await issuePasswordLink(
        deps,
        trx,
        { id: userId, email: input.email, language: input.language ?? accountLanguage },
        'invite',
      );
    }
    return repo.findWrittenUser(trx, userId);
  });
  return toUserResponse(user, actor);
}

/** The user the actor may write: visible, and holding no role above the actor's rank in its view. */
async function requireEditableUser(db: Db, actor: Actor, id: string) {
  const user = await requireVisibleUser(db, actor, id);
  if (!isEditableBy(actor, user.modules)) throw forbidden('This user holds a role you cannot grant.');
  return user;
}

/**
 * Merge-patches a user. A user cannot deactivate themselves or change their own roles; when a user
 * is deactivated or their roles change, their sessions end at once.
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  id: string,
  patch: PatchUserRequest,
): Promise<UserResponse> {
  const user = await requireEditableUser(db, actor, id);
  checkSsoField(actor, patch.forceConnectionBySso, user.forceConnectionBySso);
  const self = user.id === actor.userId;
  if (self && patch.status === 'inactive' && user.status === 'active') {
    throw new AppError('forbidden', 'You cannot deactivate yourself.', [
      { propertyPath: 'status', code: 'cannot_deactivate_self', message: 'You cannot deactivate yourself.' },
    ]);
  }
  const violations: Violation[] = [];
  if (patch.email !== undefined && (await repo.emailTaken(db, patch.email, id))) {
    violations.push({
      propertyPath: 'email',
      code: 'email_not_unique',
      message: 'This e-mail is already used.',
    });
  }
  const resolved = patch.modules
    ? await resolveModules(db, actor, user.modules, patch.modules, violations)
    : undefined;
  const rolesChange = resolved !== undefined && !sameModules(resolved.modules, user.modules);
  if (self && rolesChange) {
    throw new AppError('forbidden', 'You cannot change your own roles.', [
      {
        propertyPath: 'modules',
        code: 'cannot_change_own_roles',
        message: 'You cannot change your own roles.',
      },
    ]);
  }
  if (violations.length) throw invalid(violations);

  const { modules: _modules, ...fields } = patch;
  const accountId = rolesChange ? resolved.accountId : user.accountId;
  const deactivated = patch.status === 'inactive' && user.status === 'active';
  const updated = await db.transaction().execute(async (trx) => {
    if (!(await repo.updateUser(trx, actor, id, { ...fields, accountId }))) throw notFound('user');
    if (rolesChange) await repo.replaceModules(trx, id, resolved.modules);
    if (rolesChange || deactivated) await revokeUserSessions(trx, id);
    await writeAudit(trx, actor, {
      action: 'update',
      entityType: 'user',
      entityId: id,
      accountId,
      before: auditSnapshot(user),
      after: auditSnapshot({
        ...user,
        ...fields,
        accountId,
        modules: rolesChange ? resolved.modules : user.modules,
      }),
    });
    return repo.findWrittenUser(trx, id);
  });
  return toUserResponse(updated, actor);
}

/** Mails a new invitation link to a user who has not chosen a password, or has lost it. */
export async function inviteUser(deps: Deps, actor: Actor, id: string): Promise<void> {
  const user = await requireEditableUser(deps.db, actor, id);
  if (user.forceConnectionBySso)
    throw new AppError('sso_mandatory', 'This user signs in with single sign-on.');
  if (user.status !== 'active') {
    throw new AppError('validation_failed', 'An inactive user cannot be invited.', [
      { propertyPath: 'status', code: 'user_inactive', message: 'An inactive user cannot be invited.' },
    ]);
  }
  await deps.db
    .transaction()
    .execute((trx) =>
      issuePasswordLink(
        deps,
        trx,
        { id: user.id, email: user.email, language: user.language ?? user.accountLanguage },
        'invite',
      ),
    );
}
