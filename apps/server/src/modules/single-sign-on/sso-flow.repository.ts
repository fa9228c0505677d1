import type { ModuleType, UserType } from '@reprise/shared';
import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { deleteChildOf, deleteOwned, updateOwned } from '../../platform/scoped-writes';

/**
 * The SQL of a single sign-on under way (tables sso_authorization_requests and sso_logins,
 * migration 032): each row used once, within its expiry, by one statement that marks it used
 * (two uses at the same moment cannot both succeed). Reached by a credential (the state, the
 * `openidSessionId`), in a context that reaches every account.
 */

export async function insertAuthorizationRequest(
  tx: BaseTxContext,
  values: {
    accountId: string;
    organizationId: string;
    stateHash: string;
    browserHash: string;
    nonce: string;
    codeVerifier: string;
    validMinutes: number;
  },
): Promise<void> {
  await tx.trx
    .insertInto('sso_authorization_requests')
    .values({
      account_id: values.accountId,
      organization_id: values.organizationId,
      state_hash: values.stateHash,
      browser_hash: values.browserHash,
      nonce: values.nonce,
      code_verifier: values.codeVerifier,
      expires_at: sql<Date>`now() + make_interval(mins => ${values.validMinutes})`,
    })
    .execute();
}

/** Uses the sign-in of this state started for this organisation: null when unknown, used or expired. */
export async function useAuthorizationRequest(
  tx: BaseTxContext,
  stateHash: string,
  organizationId: string,
): Promise<{ accountId: string; browserHash: string; nonce: string; codeVerifier: string } | null> {
  const row = await updateOwned(tx, 'sso_authorization_requests')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', stateHash)
    .where('organization_id', '=', organizationId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['account_id', 'browser_hash', 'nonce', 'code_verifier'])
    .executeTakeFirst();
  return row
    ? {
        accountId: row.account_id,
        browserHash: row.browser_hash,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
      }
    : null;
}

export async function insertLogin(
  tx: BaseTxContext,
  values: {
    accountId: string;
    organizationId: string;
    userId: string;
    tokenHash: string;
    idToken: string | null;
    validSeconds: number;
  },
): Promise<void> {
  await tx.trx
    .insertInto('sso_logins')
    .values({
      account_id: values.accountId,
      organization_id: values.organizationId,
      user_id: values.userId,
      token_hash: values.tokenHash,
      id_token: values.idToken,
      expires_at: sql<Date>`now() + make_interval(secs => ${values.validSeconds})`,
    })
    .execute();
}

/** Uses an `openidSessionId` of this organisation: null when unknown, used or expired. */
export async function useLogin(
  tx: BaseTxContext,
  tokenHash: string,
  organizationId: string,
): Promise<{ id: string; accountId: string; userId: string } | null> {
  const row = await updateOwned(tx, 'sso_logins')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('organization_id', '=', organizationId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'account_id', 'user_id'])
    .executeTakeFirst();
  return row ? { id: row.id, accountId: row.account_id, userId: row.user_id } : null;
}

/** Records the session a sign-in opened (its sign-out ends the session at the provider too). */
export async function attachSession(
  tx: BaseTxContext,
  loginId: string,
  accountId: string,
  sessionId: string,
): Promise<void> {
  await updateOwned(tx, 'sso_logins', { kind: 'account', accountId })
    .set({ session_id: sessionId })
    .where('id', '=', loginId)
    .execute();
}

/** The single sign-on that opened a session, if one did. */
export async function findLoginOfSession(
  ctx: BaseContext,
  sessionId: string,
): Promise<{ accountId: string; organizationId: string; idToken: string | null } | null> {
  const row = await readerOf(ctx)
    .selectFrom('sso_logins')
    .select(['account_id', 'organization_id', 'id_token'])
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row
    ? { accountId: row.account_id, organizationId: row.organization_id, idToken: row.id_token }
    : null;
}

/** A user by e-mail, whatever the case, in any account (e-mails are unique on the platform). */
export async function findUserByEmail(
  ctx: BaseContext,
  email: string,
): Promise<{ id: string; accountId: string; status: string } | null> {
  const row = await readerOf(ctx)
    .selectFrom('users')
    .select(['id', 'account_id', 'status'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? { id: row.id, accountId: row.account_id, status: row.status } : null;
}

type SsoModule = { moduleType: ModuleType; userType: UserType; organizationId: string };

/** The modules a user holds. */
export async function findUserModules(tx: BaseTxContext, userId: string): Promise<SsoModule[]> {
  const rows = await tx.trx
    .selectFrom('user_modules')
    .select(['module_type', 'user_type', 'organization_id'])
    .where('user_id', '=', userId)
    .orderBy('module_type')
    .execute();
  return rows.map((r) => ({
    moduleType: r.module_type as ModuleType,
    userType: r.user_type as UserType,
    organizationId: r.organization_id,
  }));
}

/** Replaces the modules `held` by a user with `modules`, writing only the modules that change. */
export async function replaceUserModules(
  tx: BaseTxContext,
  userId: string,
  held: readonly SsoModule[],
  modules: readonly SsoModule[],
): Promise<void> {
  const same = (a: SsoModule, b: SsoModule) =>
    a.moduleType === b.moduleType && a.userType === b.userType && a.organizationId === b.organizationId;
  const changed = [
    ...held.filter((h) => !modules.some((m) => same(m, h))),
    ...modules.filter((m) => !held.some((h) => same(m, h))),
  ].map((m) => m.moduleType);
  if (changed.length === 0) return;
  await deleteChildOf(tx, 'user_modules', { column: 'organization_id', parent: 'organizations' })
    .where('user_id', '=', userId)
    .where('module_type', 'in', changed)
    .execute();
  const inserted = modules.filter((m) => changed.includes(m.moduleType));
  if (inserted.length === 0) return;
  await tx.trx
    .insertInto('user_modules')
    .values(
      inserted.map((m) => ({
        user_id: userId,
        module_type: m.moduleType,
        user_type: m.userType,
        organization_id: m.organizationId,
      })),
    )
    .execute();
}

/** Creates a user of single sign-on: no password, `force_connection_by_sso`, the modules the role mapping gave. */
export async function insertSsoUser(
  tx: BaseTxContext,
  values: {
    accountId: string;
    email: string;
    firstname: string;
    lastname: string;
    modules: { moduleType: ModuleType; userType: UserType; organizationId: string }[];
  },
): Promise<string> {
  const { id } = await tx.trx
    .insertInto('users')
    .values({
      account_id: values.accountId,
      email: values.email,
      firstname: values.firstname,
      lastname: values.lastname,
      status: 'active',
      force_connection_by_sso: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.trx
    .insertInto('user_modules')
    .values(
      values.modules.map((m) => ({
        user_id: id,
        module_type: m.moduleType,
        user_type: m.userType,
        organization_id: m.organizationId,
      })),
    )
    .execute();
  return id;
}

/** Deletes the sign-ins past their expiry for a day (housekeeping); a used sign-in keeps its session's link. */
export async function purgeExpired(tx: BaseTxContext): Promise<number> {
  const requests = await deleteOwned(tx, 'sso_authorization_requests')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  const logins = await deleteOwned(tx, 'sso_logins')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .where('session_id', 'is', null)
    .executeTakeFirst();
  return Number(requests.numDeletedRows) + Number(logins.numDeletedRows);
}
