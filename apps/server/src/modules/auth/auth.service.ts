import {
  type AuthenticatedUser,
  isBackOfficeRole,
  MODULE_TYPES,
  type ModuleType,
  permissionsFor,
} from '@reprise/shared';
import type { Transaction } from 'kysely';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db.types';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/security';
import { toAccountResponse } from '../accounts/accounts.mapper';
import { passwordLinkMail } from './auth.mails';
import * as repo from './auth.repository';
import {
  type Counted,
  clearAccountSignIn,
  clearAttempts,
  countAttempt,
  KEYS,
  LIMITS,
  rememberPair,
  uncountAttempt,
} from './throttle';

export const RESET_LINK_MINUTES = 60;
export const INVITE_LINK_MINUTES = 7 * 24 * 60;

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;

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

function tooManyFor(counted: Counted) {
  return counted.refusedForMs > 0 ? tooMany(counted.refusedForMs) : null;
}

/**
 * Signs in by e-mail and password. Unknown e-mail, wrong password, inactive user and a user
 * forced to single sign-on with a wrong password get the same answer, in about the same time.
 * The attempt is counted before the password is verified (docs/security.md, "Sign-in
 * throttling and account lockout"): per client address, per account + address pair, and
 * account-wide unless the pair signed in successfully before.
 */
export async function login(
  deps: Deps,
  input: { email: string; password: string },
  client: { ip: string; userAgent: string | null },
): Promise<{ user: AuthenticatedUser; token: string }> {
  const { db, config } = deps;
  const addressKey = KEYS.loginAddress(client.ip);
  const pairKey = KEYS.loginPair(input.email, client.ip);
  const accountKey = KEYS.loginAccount(input.email);
  const address = await countAttempt(db, addressKey, LIMITS.loginAddress);
  const refusedAddress = tooManyFor(address);
  if (refusedAddress) throw refusedAddress;
  const pair = await countAttempt(db, pairKey, LIMITS.loginPair);
  const refusedPair = tooManyFor(pair);
  if (refusedPair) throw refusedPair;
  if (!pair.known) {
    const refusedAccount = tooManyFor(await countAttempt(db, accountKey, LIMITS.loginAccount));
    if (refusedAccount) throw refusedAccount;
  }

  const user = await repo.findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk || user.status !== 'active') throw invalidCredentials();
  // the right password: this attempt was no guess, so it is taken back from the counters
  await db.transaction().execute(async (trx) => {
    await uncountAttempt(trx, addressKey, LIMITS.loginAddress);
    if (!pair.known) await uncountAttempt(trx, accountKey, LIMITS.loginAccount);
    await rememberPair(trx, pairKey);
  });
  // told only to whoever knows the password, so that an anonymous caller cannot tell SSO users apart
  if (user.forceConnectionBySso) {
    throw new AppError(
      'sso_mandatory',
      'Your organisation requires single sign-on: use the organisation login.',
    );
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
  });
  return { user: await authenticatedUser(db, user, module), token };
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

/**
 * Changes one's own password: the current one must match and the new one must differ. Guesses
 * of the current password are counted before it is verified, per user and per client address.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  input: { currentPassword: string; password: string },
  client: { ip: string },
): Promise<void> {
  const user = await requireUser(db, actor.userId);
  if (user.forceConnectionBySso)
    throw new AppError('sso_mandatory', 'Accounts managed by single sign-on cannot change the password.');
  for (const [key, limit] of [
    [KEYS.changeAddress(client.ip), LIMITS.changeAddress],
    [KEYS.changeUser(user.id), LIMITS.changeUser],
  ] as const) {
    const refused = tooManyFor(await countAttempt(db, key, limit));
    if (refused) throw refused;
  }
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
    await clearAttempts(trx, KEYS.changeUser(user.id));
    await uncountAttempt(trx, KEYS.changeAddress(client.ip), LIMITS.changeAddress);
  });
}

/** Creates a single-use set-password link and queues its mail in the caller's transaction. */
export async function issuePasswordLink(
  deps: Pick<AppDeps, 'config' | 'jobs'>,
  trx: Transaction<Database>,
  user: { id: string; email: string; language: string | null },
  purpose: 'reset' | 'invite',
): Promise<void> {
  const { token, hash } = newToken();
  await repo.insertPasswordToken(trx, {
    userId: user.id,
    tokenHash: hash,
    purpose,
    validMinutes: purpose === 'reset' ? RESET_LINK_MINUTES : INVITE_LINK_MINUTES,
  });
  const link = `${deps.config.publicUrl}/renew/${token}`;
  await queueMail(deps.jobs, trx, passwordLinkMail(purpose, user.email, link, user.language));
}

/**
 * Always succeeds to the caller (no account enumeration), in constant time: whatever the
 * e-mail, the same counters are counted and the same job is queued; the `password-reset` job
 * looks the user up later (answerPasswordReset).
 */
export async function requestPasswordReset(deps: Deps, email: string, client: { ip: string }): Promise<void> {
  const { db, jobs } = deps;
  for (const [key, limit] of [
    [KEYS.resetAddress(client.ip), LIMITS.resetAddress],
    [KEYS.resetEmail(email), LIMITS.resetEmail],
  ] as const) {
    const refused = tooManyFor(await countAttempt(db, key, limit));
    if (refused) throw refused;
  }
  await db.transaction().execute((trx) => jobs.send(trx, 'password-reset', { email } satisfies ResetJob));
}

export interface ResetJob {
  email: string;
}

/** The `password-reset` job: mails a link only to a known active user without single sign-on. */
export async function answerPasswordReset(deps: Deps, job: ResetJob): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, job.email);
  if (user?.status !== 'active' || user.forceConnectionBySso) return;
  const language = user.language ?? (await accountLanguage(deps.db, user.accountId));
  await deps.db
    .transaction()
    .execute((trx) => issuePasswordLink(deps, trx, { id: user.id, email: user.email, language }, 'reset'));
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
    // a reset proves the owner: it lifts every sign-in block on the account
    await clearAccountSignIn(trx, row.email);
  });
}
