import type {
  CreateUserRequest,
  ErrorCode,
  PatchUserRequest,
  UserModule,
  UserResponse,
  Violation,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import type { Actor } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { type RequestContext, transact } from '../../platform/request-context';
import { issuePasswordLink, revokeUserSessions } from '../auth';
import { auditSnapshot, toUserResponse } from './users.mapper';
import * as repo from './users.repository';
import {
  type HeldModule,
  isEditableBy,
  planModules,
  resolveModulePlan,
  sameModules,
  ssoFieldViolation,
} from './users.rules';
import { requireVisibleUser } from './users.service';

const invalid = (violations: Violation[]) =>
  new AppError(
    violations[0]?.code as ErrorCode,
    violations[0]?.message ?? 'The user is not valid.',
    violations,
  );

/** Setting the force-single-sign-on field needs its own permission. */
function checkSsoField(actor: Actor, wanted: boolean | undefined, current: boolean) {
  const violation = ssoFieldViolation(actor, wanted, current);
  if (violation) {
    throw new AppError('forbidden', 'You may not change the single sign-on setting of a user.', [violation]);
  }
}

/**
 * Checks the modules a user will hold and answers them with the user's account. New or changed
 * modules must hold a user type the actor may grant, at a visible organisation of the right type;
 * all sit in one account.
 */
async function resolveModules(
  ctx: RequestContext,
  held: HeldModule[],
  requested: UserModule[],
  violations: Violation[],
) {
  const plan = planModules(ctx.actor, held, requested);
  const parents = await repo.findVisibleParents(
    ctx,
    plan.toCheck.map((c) => c.module.organizationId),
  );
  const { violations: found, ...resolved } = resolveModulePlan(ctx.actor, held, requested, plan, parents);
  violations.push(...found);
  return resolved;
}

/** Creates a user without a password and queues, in the same transaction, an invitation to choose one. */
export async function createUser(ctx: RequestContext, input: CreateUserRequest): Promise<UserResponse> {
  checkSsoField(ctx.actor, input.forceConnectionBySso, false);
  const violations: Violation[] = [];
  if (await repo.emailTaken(ctx, input.email)) {
    violations.push({
      propertyPath: 'email',
      code: 'email_not_unique',
      message: 'This e-mail is already used.',
    });
  }
  const { modules, accountId, accountLanguage } = await resolveModules(ctx, [], input.modules, violations);
  if (violations.length) throw invalid(violations);

  const user = await transact(ctx, async (tx) => {
    const values = { ...input, accountId };
    const userId = await repo.insertUser(tx, values);
    await repo.insertModules(tx, userId, modules);
    await audit(tx, {
      action: 'create',
      entityType: 'user',
      entityId: userId,
      accountId,
      after: auditSnapshot({ ...values, modules }),
    });
    if (input.status === 'active' && !input.forceConnectionBySso) {
      await issuePasswordLink(
        tx,
        { id: userId, email: input.email, language: input.language ?? accountLanguage },
        'invite',
      );
    }
    return repo.findWrittenUser(tx, userId);
  });
  return toUserResponse(user, ctx.actor);
}

/** The user the actor may write: visible, and holding no user type above the actor's rank in its view. */
async function requireEditableUser(ctx: RequestContext, id: string) {
  const user = await requireVisibleUser(ctx, id);
  if (!isEditableBy(ctx.actor, user.modules))
    throw forbidden('This user holds a user type you cannot grant.');
  return user;
}

/**
 * Merge-patches a user. A user cannot deactivate themselves or change their own modules; when a
 * user is deactivated or their modules change, their sessions end at once.
 */
export async function updateUser(
  ctx: RequestContext,
  id: string,
  patch: PatchUserRequest,
): Promise<UserResponse> {
  const user = await requireEditableUser(ctx, id);
  checkSsoField(ctx.actor, patch.forceConnectionBySso, user.forceConnectionBySso);
  const self = user.id === ctx.actor.userId;
  if (self && patch.status === 'inactive' && user.status === 'active') {
    throw new AppError('forbidden', 'You cannot deactivate yourself.', [
      { propertyPath: 'status', code: 'cannot_deactivate_self', message: 'You cannot deactivate yourself.' },
    ]);
  }
  const violations: Violation[] = [];
  if (patch.email !== undefined && (await repo.emailTaken(ctx, patch.email, id))) {
    violations.push({
      propertyPath: 'email',
      code: 'email_not_unique',
      message: 'This e-mail is already used.',
    });
  }
  const resolved = patch.modules
    ? await resolveModules(ctx, user.modules, patch.modules, violations)
    : undefined;
  const modulesChange = resolved !== undefined && !sameModules(resolved.modules, user.modules);
  if (self && modulesChange) {
    throw new AppError('forbidden', 'You cannot change your own modules or user types.', [
      {
        propertyPath: 'modules',
        code: 'cannot_change_own_roles',
        message: 'You cannot change your own modules or user types.',
      },
    ]);
  }
  if (violations.length) throw invalid(violations);

  const { modules: _modules, ...fields } = patch;
  const accountId = modulesChange ? resolved.accountId : user.accountId;
  const deactivated = patch.status === 'inactive' && user.status === 'active';
  const updated = await transact(ctx, async (tx) => {
    if (!(await repo.updateUser(tx, id, { ...fields, accountId }))) throw notFound('user');
    if (modulesChange) await repo.replaceModules(tx, id, user.modules, resolved.modules);
    if (modulesChange || deactivated) await revokeUserSessions(tx, id);
    await audit(tx, {
      action: 'update',
      entityType: 'user',
      entityId: id,
      accountId,
      before: auditSnapshot(user),
      after: auditSnapshot({
        ...user,
        ...fields,
        accountId,
        modules: modulesChange ? resolved.modules : user.modules,
      }),
    });
    return repo.findWrittenUser(tx, id);
  });
  return toUserResponse(updated, ctx.actor);
}

/** Mails a new invitation link to a user who has not chosen a password, or has lost it. */
export async function inviteUser(ctx: RequestContext, id: string): Promise<void> {
  const user = await requireEditableUser(ctx, id);
  if (user.forceConnectionBySso)
    throw new AppError('sso_mandatory', 'This user signs in with single sign-on.');
  if (user.status !== 'active') {
    throw new AppError('validation_failed', 'An inactive user cannot be invited.', [
      { propertyPath: 'status', code: 'user_inactive', message: 'An inactive user cannot be invited.' },
    ]);
  }
  await transact(ctx, (tx) =>
    issuePasswordLink(
      tx,
      { id: user.id, email: user.email, language: user.language ?? user.accountLanguage },
      'invite',
    ),
  );
}
