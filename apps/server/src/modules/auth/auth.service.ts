import {
  type AuthenticatedUser,
  isBackOfficeUserType,
  MODULE_TYPES,
  type ModuleType,
  permissionsFor,
} from '@reprise/shared';
import { AppError, fieldError, tooManyAttempts } from '../../platform/errors';
import { followUpJobId } from '../../platform/jobs';
import { queueMail } from '../../platform/mail';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  systemContext,
  transact,
} from '../../platform/request-context';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/security';
import { toAccountResponse } from '../accounts';
import { passwordLinkMail } from './auth.mails';
import * as repo from './auth.repository';
import { deviceCookieAfterSignIn, knownDevice } from './device-cookie';
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

const RESET_LINK_MINUTES = 60;
const INVITE_LINK_MINUTES = 7 * 24 * 60;

/**
 * Signing in and password links have no actor: the route's context reaches every account (the
 * credential names the user), and the flow writes in the context of the user's own account.
 */
const userContext = (ctx: BaseContext, accountId: string): BaseContext =>
  systemContext(ctx.deps, { kind: 'account', accountId }, ctx.locale);

const invalidCredentials = () =>
  new AppError('invalid_credentials', 'The e-mail or the password is incorrect.');

const tooMany = (ms: number) => tooManyAttempts(ms, 'Too many failed attempts');

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
    user.modules.some((x) => x.moduleType === m && isBackOfficeUserType(x.userType, m)),
  );
  const preferred = user.preferredModule as ModuleType | null;
  return preferred && held.includes(preferred) ? preferred : (held[0] as ModuleType);
}

/** The authenticated user. */
async function authenticatedUser(
  ctx: BaseContext,
  user: repo.UserWithModules,
  module: ModuleType,
): Promise<AuthenticatedUser> {
  const orgIds = [...new Set(user.modules.map((m) => m.organizationId))];
  const orgs = await repo.loadOrganizations(ctx, orgIds);
  const current = user.modules.find((m) => m.moduleType === module) ?? user.modules[0];
  const currentOrg = orgs.find((o) => o.organizationId === current?.organizationId);
  if (!current || !currentOrg) throw new AppError('no_permissions', 'You hold no module.');
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
 * throttling and account lockout"). From a device where this user signed in before (a valid
 * device cookie, device-cookie.ts), only that device's own counter applies: nobody else's
 * guesses keep the owner out. From any other device: per client address, per account + address
 * pair, and account-wide unless the pair signed in successfully before. A successful sign-in
 * answers the browser's new device cookie.
 */
export async function login(
  ctx: BaseContext,
  input: { email: string; password: string },
  client: { ip: string; userAgent: string | null; deviceCookie?: string },
): Promise<{ user: AuthenticatedUser; token: string; deviceCookie: string }> {
  const { db } = ctx;
  const device = knownDevice(ctx.deps.keyring, client.deviceCookie, input.email);
  const addressKey = KEYS.loginAddress(client.ip);
  const pairKey = KEYS.loginPair(input.email, client.ip);
  const accountKey = KEYS.loginAccount(input.email);
  let pairKnown = false;
  if (device) {
    const refusedDevice = tooManyFor(await countAttempt(db, KEYS.loginDevice(device), LIMITS.loginDevice));
    if (refusedDevice) throw refusedDevice;
  } else {
    const address = await countAttempt(db, addressKey, LIMITS.loginAddress);
    const refusedAddress = tooManyFor(address);
    if (refusedAddress) throw refusedAddress;
    const pair = await countAttempt(db, pairKey, LIMITS.loginPair);
    const refusedPair = tooManyFor(pair);
    if (refusedPair) throw refusedPair;
    pairKnown = pair.known;
    if (!pair.known) {
      const refusedAccount = tooManyFor(await countAttempt(db, accountKey, LIMITS.loginAccount));
      if (refusedAccount) throw refusedAccount;
    }
  }

  const user = await repo.findUserByEmail(ctx, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk || user.status !== 'active') throw invalidCredentials();
  const own = userContext(ctx, user.accountId);
  // the right password: this attempt was no guess, so it is taken back from the counters
  await transact(own, async ({ trx }) => {
    if (device) {
      // the device's counter is left behind with its nonce: the new cookie names a new one
      await clearAttempts(trx, KEYS.loginDevice(device));
      return;
    }
    await uncountAttempt(trx, addressKey, LIMITS.loginAddress);
    if (!pairKnown) await uncountAttempt(trx, accountKey, LIMITS.loginAccount);
    await rememberPair(trx, pairKey);
  });
  // told only to whoever knows the password, so that an anonymous caller cannot tell SSO users apart
  if (user.forceConnectionBySso) {
    throw new AppError(
      'sso_mandatory',
      'Your organisation requires single sign-on: use the organisation login.',
    );
  }
  const { user: authenticated, token } = await openSession(own, user, client);
  return {
    user: authenticated,
    token,
    deviceCookie: deviceCookieAfterSignIn(ctx.deps.keyring, client.deviceCookie, input.email),
  };
}

/**
 * Opens a session for a user whose credential was checked (a password, or a single sign-on:
 * modules/single-sign-on): refused when the user holds no back-office permission. In the
 * context's transaction when it is in one.
 */
export async function openSession(
  ctx: BaseContext,
  given: repo.UserWithModules,
  client: { ip: string; userAgent: string | null },
): Promise<{ user: AuthenticatedUser; token: string; sessionId: string }> {
  const user = await withActiveAccounts(ctx, given);
  const { frontPermissions } = modulesOf(user);
  // a public site's anonymous visitor (pseudo_anonymous) holds no back-office permission: it never signs in
  const backOffice = user.modules.some((m) => isBackOfficeUserType(m.userType, m.moduleType));
  if (!backOffice || !Object.values(frontPermissions).some((p) => p.length > 0)) {
    throw new AppError('no_permissions', 'Your account holds no permission. Contact your administrator.');
  }
  const module = startModule(user);
  const { token, hash } = newToken();
  const sessionId = await transact(ctx, async (tx) => {
    const id = await repo.createSession(tx, {
      userId: user.id,
      tokenHash: hash,
      module,
      maxHours: ctx.deps.config.sessionMaxHours,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await repo.markLoggedIn(tx, user.id);
    return id;
  });
  return { user: await authenticatedUser(ctx, user, module), token, sessionId };
}

/**
 * The user with the modules of active accounts only (docs/clients.md, "An inactive client"): a
 * user of an inactive client account, or one whose every module lies in an inactive account's
 * organisations, is refused with `account_inactive` (told after the credential was checked).
 */
async function withActiveAccounts(
  ctx: BaseContext,
  user: repo.UserWithModules,
): Promise<repo.UserWithModules> {
  const inactive = await repo.inactiveAccountsOf(ctx, user);
  const modules = user.modules.filter((m) => !inactive.organizationIds.has(m.organizationId));
  if (inactive.own || (user.modules.length > 0 && modules.length === 0))
    throw new AppError(
      'account_inactive',
      'Your organisation’s account is inactive: signing in is not possible. Contact your administrator.',
    );
  return modules.length === user.modules.length ? user : { ...user, modules };
}

export async function logout(ctx: RequestContext): Promise<void> {
  await transact(ctx, (tx) => repo.revokeSession(tx, ctx.actor.sessionId));
}

async function requireUser(ctx: RequestContext) {
  const user = await repo.findUserById(ctx, ctx.actor.userId);
  if (!user) throw new AppError('unauthenticated', 'Your session has expired.');
  return user;
}

export async function me(ctx: RequestContext): Promise<AuthenticatedUser> {
  return authenticatedUser(ctx, await requireUser(ctx), ctx.actor.module);
}

/** Switches the session to another module the user holds; the answer is the updated user. */
export async function switchModule(ctx: RequestContext, module: ModuleType): Promise<AuthenticatedUser> {
  const { actor } = ctx;
  const user = await requireUser(ctx);
  const held = user.modules.find((m) => m.moduleType === module);
  if (!held || !isBackOfficeUserType(held.userType, module)) {
    throw fieldError('module_not_held', 'moduleType', 'You hold no back-office user type in this module.');
  }
  await transact(ctx, (tx) => repo.setSessionModule(tx, actor.sessionId, actor.userId, module));
  return authenticatedUser(ctx, { ...user, preferredModule: module }, module);
}

/**
 * Changes one's own password: the current one must match and the new one must differ. Guesses
 * of the current password are counted before it is verified, per user and per client address.
 */
export async function changePassword(
  ctx: RequestContext,
  input: { currentPassword: string; password: string },
  client: { ip: string },
): Promise<void> {
  const user = await requireUser(ctx);
  if (user.forceConnectionBySso)
    throw new AppError('sso_mandatory', 'Accounts managed by single sign-on cannot change the password.');
  for (const [key, limit] of [
    [KEYS.changeAddress(client.ip), LIMITS.changeAddress],
    [KEYS.changeUser(user.id), LIMITS.changeUser],
  ] as const) {
    const refused = tooManyFor(await countAttempt(ctx.db, key, limit));
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
  await transact(ctx, async (tx) => {
    await repo.setPassword(tx, user.id, passwordHash);
    await repo.revokeUserSessions(tx, user.id, ctx.actor.sessionId);
    await clearAttempts(tx.trx, KEYS.changeUser(user.id));
    await uncountAttempt(tx.trx, KEYS.changeAddress(client.ip), LIMITS.changeAddress);
  });
}

/** Creates a single-use set-password link and queues its mail in the caller's transaction. */
export async function issuePasswordLink(
  tx: BaseTxContext,
  user: { id: string; email: string; language: string | null },
  purpose: 'reset' | 'invite',
  mailJobId?: string,
): Promise<void> {
  const { token, hash } = newToken();
  await repo.insertPasswordToken(tx, {
    userId: user.id,
    tokenHash: hash,
    purpose,
    validMinutes: purpose === 'reset' ? RESET_LINK_MINUTES : INVITE_LINK_MINUTES,
  });
  const link = `${tx.deps.config.publicUrl}/renew/${token}`;
  await queueMail(tx.deps.jobs, tx.trx, passwordLinkMail(purpose, user.email, link, user.language), {
    id: mailJobId,
  });
}

/**
 * Always succeeds to the caller (no account enumeration), in constant time: whatever the
 * e-mail, the same counters are counted and the same job is queued; the `password-reset` job
 * looks the user up later (answerPasswordReset).
 */
export async function requestPasswordReset(
  ctx: BaseContext,
  email: string,
  client: { ip: string },
): Promise<void> {
  for (const [key, limit] of [
    [KEYS.resetAddress(client.ip), LIMITS.resetAddress],
    [KEYS.resetEmail(email), LIMITS.resetEmail],
  ] as const) {
    const refused = tooManyFor(await countAttempt(ctx.db, key, limit));
    if (refused) throw refused;
  }
  await transact(ctx, ({ trx, deps }) => deps.jobs.send(trx, 'password-reset', { email } satisfies ResetJob));
}

export interface ResetJob {
  email: string;
}

/**
 * The `password-reset` job: mails a link only to a known active user without single sign-on.
 * Idempotent: the mail's job id is derived from this job's, so a second run sends no second link.
 */
export async function answerPasswordReset(ctx: BaseContext, job: ResetJob, jobId: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx, job.email);
  if (user?.status !== 'active' || user.forceConnectionBySso) return;
  const language = user.language ?? (await repo.findAccountLanguage(ctx, user.accountId));
  await transact(userContext(ctx, user.accountId), (tx) =>
    issuePasswordLink(
      tx,
      { id: user.id, email: user.email, language },
      'reset',
      followUpJobId(jobId, 'mail'),
    ),
  );
}

const invalidLink = () => new AppError('reset_link_invalid', 'This link has expired or is not valid.');

export async function checkPasswordLink(ctx: BaseContext, token: string): Promise<{ email: string }> {
  const row = await repo.findValidPasswordToken(ctx, hashToken(token));
  if (!row || row.sso || row.status !== 'active') throw invalidLink();
  return { email: row.email };
}

/** Sets the password from a link: single use, the password rules, and every session revoked. */
export async function applyPasswordLink(ctx: BaseContext, token: string, password: string): Promise<void> {
  const row = await repo.findValidPasswordToken(ctx, hashToken(token));
  if (!row || row.sso || row.status !== 'active') throw invalidLink();
  if (row.passwordHash && (await verifyPassword(row.passwordHash, password))) {
    throw fieldError('password_unchanged', 'password', 'The new password must differ from the old one.');
  }
  const passwordHash = await hashPassword(password);
  await transact(userContext(ctx, row.accountId), async (tx) => {
    // re-check inside the transaction so that two uses of one link cannot both succeed
    if (!(await repo.usePasswordToken(tx, row.id))) throw invalidLink();
    await repo.setPassword(tx, row.userId, passwordHash);
    await repo.markPasswordTokensUsed(tx, row.userId);
    await repo.revokeUserSessions(tx, row.userId);
    // a reset proves the owner: it lifts every sign-in block on the account
    await clearAccountSignIn(tx.trx, row.email);
  });
}
