import {
  type AuthenticatedUser,
  isBackOfficeRole,
  MODULE_TYPES,
  type ModuleType,
  permissionsFor,
} from '@reprise/shared';
import type { AppDeps } from '../../app';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import { sendAfterCommit } from '../../platform/mail';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/security';
import { toAccountResponse } from '../accounts/accounts.mapper';
import { passwordLinkMail } from './auth.mails';
import * as repo from './auth.repository';
import { addressKey, clearFailures, emailKey, lockRemaining, recordFailure, THROTTLE } from './throttle';

export const RESET_LINK_MINUTES = 60;
export const INVITE_LINK_MINUTES = 7 * 24 * 60;

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer'>;

const invalidCredentials = () =>
  new AppError('invalid_credentials', 'The e-mail or the password is incorrect.');

function tooMany(ms: number) {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError(
    'too_many_attempts',
    `Too many failed attempts. Try again in ${seconds} seconds.`,
    undefined,
    {
      'retry-after': String(seconds),
    },
  );
}

/** Permissions per held module; the module a session starts in. */
function modulesOf(user: repo.UserWithModules) {
  const frontPermissions: Partial<Record<ModuleType, string[]>> = {};
  const modules: Partial<Record<ModuleType, repo.UserWithModules['modules'][number]['userType']>> = {};
  for (const m of user.modules) {
    modules[m.moduleType] = m.userType;
    frontPermissions[m.moduleType] = permissionsFor(m.userType, m.moduleType);
  }
  return { modules, frontPermissions };
}

function startModule(user: repo.UserWithModules): ModuleType {
  const held = MODULE_TYPES.filter((m) =>
    user.modules.some((x) => x.moduleType === m && isBackOfficeRole(x.userType, m)),
  );
  const preferred = user.preferredModule as ModuleType | null;
  return preferred && held.includes(preferred) ? preferred : (held[0] as ModuleType);
}

/** The authenticated user exactly as foundation.md section 3 lists it. */
export async function authenticatedUser(
  db: Db,
  user: repo.UserWithModules,
  module: ModuleType,
): Promise<AuthenticatedUser> {
  const orgIds = [...new Set(user.modules.map((m) => m.organizationId))];
  const orgs = await repo.loadOrganizations(db, orgIds);
  const current = user.modules.find((m) => m.moduleType === module) ?? user.modules[0];
  const currentOrg = orgs.find((o) => o.organizationId === current?.organizationId);
  if (!current || !currentOrg) throw new AppError('no_permissions', 'You hold no role.');
  const { modules, frontPermissions } = modulesOf(user);
  return {
    id: user.id,
    types: [...new Set(user.modules.map((m) => m.userType))],
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    accountId: user.accountId,
    timOrganizationId: user.modules.find((m) => m.moduleType === 'tim')?.organizationId ?? null,
    rpsOrganizationId: user.modules.find((m) => m.moduleType === 'rps')?.organizationId ?? null,
    status: user.status,
    forceConnectionBySso: user.forceConnectionBySso,
    currentOrganization: {
      id: currentOrg.organizationId,
      commonName: currentOrg.organizationName,
      moduleType: current.moduleType,
      account: toAccountResponse(currentOrg),
    },
    currentModule: current.moduleType,
    modules,
    frontPermissions,
  };
}

/**
 * Signs in by e-mail and password. Unknown e-mail, wrong password and inactive user get the same
 * answer, in about the same time; failures lock the e-mail (and, looser, the address) for a while.
 */
export async function login(
  deps: Deps,
  input: { email: string; password: string },
  client: { ip: string; userAgent: string | null },
): Promise<{ user: AuthenticatedUser; token: string }> {
  const { db, config } = deps;
  const keys = [emailKey(input.email), addressKey(client.ip)];
  const locked = await lockRemaining(db, keys);
  if (locked > 0) throw tooMany(locked);

  const user = await repo.findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (user && user.status === 'active' && user.forceConnectionBySso) {
    throw new AppError(
      'sso_mandatory',
      'Your organisation requires single sign-on: use the organisation login.',
    );
  }
  if (!user || !passwordOk || user.status !== 'active') {
    await recordFailure(db, keys[0] as string, THROTTLE.emailFailures);
    await recordFailure(db, keys[1] as string, THROTTLE.addressFailures);
    throw invalidCredentials();
  }
  const { frontPermissions } = modulesOf(user);
  // a public site's anonymous visitor (pseudo_anonymous) holds no back-office permission: it never signs in
  const backOffice = user.modules.some((m) => isBackOfficeRole(m.userType, m.moduleType));
  if (!backOffice || !Object.values(frontPermissions).some((p) => p.length > 0)) {
    throw new AppError('no_permissions', 'Your account holds no permission. Contact your administrator.');
  }
  const module = startModule(user);
  const { token, hash } = newToken();
  await db.transaction().execute(async (trx) => {
    await repo.createSession(trx, {
      userId: user.id,
      tokenHash: hash,
      module,
      maxHours: config.sessionMaxHours,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await repo.markLoggedIn(trx, user.id);
    await clearFailures(trx, keys[0] as string);
  });
  return { user: { ...(await authenticatedUser(db, user, module)), apiToken: token }, token };
}

export async function logout(db: Db, actor: Actor): Promise<void> {
  await repo.revokeSession(db, actor.sessionId);
}

async function requireUser(db: Db, id: string) {
  const user = await repo.findUserById(db, id);
  if (!user) throw new AppError('unauthenticated', 'Your session has expired.');
  return user;
}

export async function me(db: Db, actor: Actor): Promise<AuthenticatedUser> {
  return authenticatedUser(db, await requireUser(db, actor.userId), actor.module);
}

/** Switches the session to another module the user holds; the answer is the updated user. */
export async function switchModule(db: Db, actor: Actor, module: ModuleType): Promise<AuthenticatedUser> {
  const user = await requireUser(db, actor.userId);
  const held = user.modules.find((m) => m.moduleType === module);
  if (!held || !isBackOfficeRole(held.userType, module)) {
    throw fieldError('module_not_held', 'moduleType', 'You hold no role in this module.');
  }
  await db.transaction().execute((trx) => repo.setSessionModule(trx, actor.sessionId, actor.userId, module));
  return authenticatedUser(db, { ...user, preferredModule: module }, module);
}

/** Changes one's own password: the current one must match and the new one must differ. */
export async function changePassword(
  db: Db,
  actor: Actor,
  input: { currentPassword: string; password: string },
): Promise<void> {
  const user = await requireUser(db, actor.userId);
  if (user.forceConnectionBySso)
    throw new AppError('sso_mandatory', 'Accounts managed by single sign-on cannot change the password.');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('validation_failed', 'The current password is not correct.', [
      {
        propertyPath: 'currentPassword',
        code: 'invalid_current_password',
        message: 'The current password is not correct.',
      },
    ]);
  }
  if (await verifyPassword(user.passwordHash, input.password)) {
    throw fieldError('password_unchanged', 'password', 'The new password must differ from the old one.');
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, user.id, passwordHash);
    await repo.revokeUserSessions(trx, user.id, actor.sessionId);
  });
}

/** Creates a single-use set-password link and mails it after the caller's transaction commits. */
export async function issuePasswordLink(
  deps: Deps,
  trx: Db,
  user: { id: string; email: string; language: string | null },
  purpose: 'reset' | 'invite',
  log: (err: unknown) => void,
): Promise<() => void> {
  const { token, hash } = newToken();
  await repo.insertPasswordToken(trx, {
    userId: user.id,
    tokenHash: hash,
    purpose,
    validMinutes: purpose === 'reset' ? RESET_LINK_MINUTES : INVITE_LINK_MINUTES,
  });
  const link = `${deps.config.publicUrl}/renew/${token}`;
  return () => sendAfterCommit(deps.mailer, passwordLinkMail(purpose, user.email, link, user.language), log);
}

/** Always succeeds to the caller (no account enumeration); mails a link only to an eligible user. */
export async function requestPasswordReset(
  deps: Deps,
  email: string,
  log: (err: unknown) => void,
): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (user?.status !== 'active' || user.forceConnectionBySso) return;
  const language = user.language ?? (await accountLanguage(deps.db, user.accountId));
  const send = await deps.db
    .transaction()
    .execute((trx) =>
      issuePasswordLink(deps, trx, { id: user.id, email: user.email, language }, 'reset', log),
    );
  send();
}

async function accountLanguage(db: Db, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('accounts')
    .select('language')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.language ?? null;
}

const invalidLink = () => new AppError('reset_link_invalid', 'This link has expired or is not valid.');

export async function checkPasswordLink(db: Db, token: string): Promise<{ email: string }> {
  const row = await repo.findValidPasswordToken(db, hashToken(token));
  if (!row || row.sso || row.status !== 'active') throw invalidLink();
  return { email: row.email };
}

/** Sets the password from a link: single use, the password rules, and every session revoked. */
export async function applyPasswordLink(db: Db, token: string, password: string): Promise<void> {
  const row = await repo.findValidPasswordToken(db, hashToken(token));
  if (!row || row.sso || row.status !== 'active') throw invalidLink();
  if (row.passwordHash && (await verifyPassword(row.passwordHash, password))) {
    throw fieldError('password_unchanged', 'password', 'The new password must differ from the old one.');
  }
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    // re-check inside the transaction so that two uses of one link cannot both succeed
    const still = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(still.numUpdatedRows) !== 1) throw invalidLink();
    await repo.setPassword(trx, row.userId, passwordHash);
    await repo.markPasswordTokensUsed(trx, row.userId);
    await repo.revokeUserSessions(trx, row.userId);
    await clearFailures(trx, emailKey(row.email));
  });
}
