import type { ModuleType, Status, UserType } from '@reprise/shared';
import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, type Reader, readerOf } from '../../platform/request-context';
import { authChanged } from '../../platform/session-cache';

/**
 * The system tables of signing in (platform/scoped-writes.test.ts, SYSTEM_WRITES): sessions,
 * password links and a user's own sign-in facts, reached by a credential or by the session itself.
 */

export interface UserWithModules {
  id: string;
  accountId: string;
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string | null;
  status: Status;
  forceConnectionBySso: boolean;
  language: string | null;
  preferredModule: string | null;
  modules: { moduleType: ModuleType; userType: UserType; organizationId: string }[];
}

async function withModules(
  db: Reader,
  user: Omit<UserWithModules, 'modules'> | undefined,
): Promise<UserWithModules | null> {
  if (!user) return null;
  const modules = await db
    .selectFrom('user_modules')
    .select(['module_type as moduleType', 'user_type as userType', 'organization_id as organizationId'])
    .where('user_id', '=', user.id)
    .execute();
  return { ...user, modules: modules as UserWithModules['modules'] };
}

const userColumns = [
  'id',
  'account_id as accountId',
  'email',
  'firstname',
  'lastname',
  'password_hash as passwordHash',
  'status',
  'force_connection_by_sso as forceConnectionBySso',
  'language',
  'preferred_module as preferredModule',
] as const;

export async function findUserByEmail(ctx: BaseContext, email: string): Promise<UserWithModules | null> {
  const db = readerOf(ctx);
  const user = await db
    .selectFrom('users')
    .select(userColumns)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return withModules(db, user as Omit<UserWithModules, 'modules'> | undefined);
}

export async function findUserById(ctx: BaseContext, id: string): Promise<UserWithModules | null> {
  const db = readerOf(ctx);
  const user = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
  return withModules(db, user as Omit<UserWithModules, 'modules'> | undefined);
}

export async function createSession(
  tx: BaseTxContext,
  values: {
    userId: string;
    tokenHash: string;
    module: ModuleType;
    maxHours: number;
    ip: string;
    userAgent: string | null;
  },
): Promise<string> {
  const row = await tx.trx
    .insertInto('sessions')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      current_module: values.module,
      expires_at: sql<Date>`now() + make_interval(hours => ${values.maxHours})`,
      ip: values.ip,
      user_agent: values.userAgent?.slice(0, 255) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeSession(tx: BaseTxContext, sessionId: string): Promise<void> {
  await authChanged(tx.trx);
  await tx.trx
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(
  tx: BaseTxContext,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await authChanged(tx.trx);
  let q = tx.trx
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

/**
 * Revokes the sessions of an account's users (its client account deactivated: docs/clients.md),
 * and every process drops the sessions it cached.
 */
export async function revokeAccountSessions(tx: BaseTxContext, accountId: string): Promise<void> {
  await authChanged(tx.trx);
  await tx.trx
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', 'in', tx.trx.selectFrom('users').select('id').where('account_id', '=', accountId))
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The inactive accounts among the user's own and those of the organisations of its modules (a user
 * may hold a module in another account's organisation: a retailer's user at the buyer's warehouse).
 */
export async function inactiveAccountsOf(
  ctx: BaseContext,
  user: Pick<UserWithModules, 'accountId' | 'modules'>,
): Promise<{ own: boolean; organizationIds: Set<string> }> {
  const db = readerOf(ctx);
  const own = await db
    .selectFrom('accounts')
    .select('status')
    .where('id', '=', user.accountId)
    .executeTakeFirst();
  const organizationIds = user.modules.map((m) => m.organizationId);
  const inactive =
    organizationIds.length === 0
      ? []
      : await db
          .selectFrom('organizations as o')
          .innerJoin('accounts as a', 'a.id', 'o.account_id')
          .select('o.id')
          .where('o.id', 'in', organizationIds)
          .where('a.status', '!=', 'active')
          .execute();
  return { own: own?.status !== 'active', organizationIds: new Set(inactive.map((r) => r.id)) };
}

export async function setSessionModule(
  tx: BaseTxContext,
  sessionId: string,
  userId: string,
  module: ModuleType,
): Promise<void> {
  await authChanged(tx.trx);
  await tx.trx.updateTable('sessions').set({ current_module: module }).where('id', '=', sessionId).execute();
  await tx.trx.updateTable('users').set({ preferred_module: module }).where('id', '=', userId).execute();
}

export async function markLoggedIn(tx: BaseTxContext, userId: string): Promise<void> {
  await tx.trx.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function setPassword(tx: BaseTxContext, userId: string, passwordHash: string): Promise<void> {
  await tx.trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** The organisations and accounts the authenticated-user answer names. */
export async function loadOrganizations(ctx: BaseContext, ids: string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('organizations as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .selectAll('a')
    .select(['o.id as organizationId', 'o.common_name as organizationName'])
    .where('o.id', 'in', ids)
    .execute();
}

export async function insertPasswordToken(
  tx: BaseTxContext,
  values: { userId: string; tokenHash: string; purpose: 'reset' | 'invite'; validMinutes: number },
): Promise<void> {
  await tx.trx
    .insertInto('password_reset_tokens')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      purpose: values.purpose,
      expires_at: sql<Date>`now() + make_interval(mins => ${values.validMinutes})`,
    })
    .execute();
}

/** A token that exists, is unused and has not expired. */
export async function findValidPasswordToken(ctx: BaseContext, tokenHash: string) {
  return readerOf(ctx)
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id as userId',
      'u.account_id as accountId',
      'u.email',
      'u.password_hash as passwordHash',
      'u.force_connection_by_sso as sso',
      'u.status',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Uses a password link once: false when it was used meanwhile (checked in the transaction, so
 * that two uses of one link cannot both succeed).
 */
export async function usePasswordToken(tx: BaseTxContext, id: string): Promise<boolean> {
  const result = await tx.trx
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markPasswordTokensUsed(tx: BaseTxContext, userId: string): Promise<void> {
  await tx.trx
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export { findAccountLanguage } from '../../platform/account-language';
