import type { ModuleType, UserType } from '@reprise/shared';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { authChanged } from '../../platform/session-cache';

export interface UserWithModules {
  id: string;
  accountId: string;
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string | null;
  status: 'active' | 'inactive';
  forceConnectionBySso: boolean;
  language: string | null;
  preferredModule: string | null;
  modules: { moduleType: ModuleType; userType: UserType; organizationId: string }[];
}

async function withModules(
  db: Db,
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

export async function findUserByEmail(db: Db, email: string): Promise<UserWithModules | null> {
  const user = await db
    .selectFrom('users')
    .select(userColumns)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return withModules(db, user as Omit<UserWithModules, 'modules'> | undefined);
}

export async function findUserById(db: Db, id: string): Promise<UserWithModules | null> {
  const user = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
  return withModules(db, user as Omit<UserWithModules, 'modules'> | undefined);
}

export async function createSession(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    module: ModuleType;
    maxHours: number;
    ip: string;
    userAgent: string | null;
  },
): Promise<string> {
  const row = await db
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

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await authChanged(db);
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await authChanged(db);
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

export async function setSessionModule(
  db: Db,
  sessionId: string,
  userId: string,
  module: ModuleType,
): Promise<void> {
  await authChanged(db);
  await db.updateTable('sessions').set({ current_module: module }).where('id', '=', sessionId).execute();
  await db.updateTable('users').set({ preferred_module: module }).where('id', '=', userId).execute();
}

export async function markLoggedIn(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** The organisations and accounts the authenticated-user answer names. */
export async function loadOrganizations(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('organizations as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .selectAll('a')
    .select(['o.id as organizationId', 'o.common_name as organizationName'])
    .where('o.id', 'in', ids)
    .execute();
}

export async function insertPasswordToken(
  db: Db,
  values: { userId: string; tokenHash: string; purpose: 'reset' | 'invite'; validMinutes: number },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      purpose: values.purpose,
      expires_at: sql<Date>`now() + make_interval(mins => ${values.validMinutes})`,
    })
    .execute();
}

/** A token that exists, is unused and has not expired; locked for the rest of the transaction. */
export async function findValidPasswordToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id as userId',
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

export async function markPasswordTokensUsed(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
