import type { UserModule } from '@reprise/shared';
import { sql } from 'kysely';
import { fieldError } from '../../platform/errors';
import {
  type BaseContext,
  type RequestContext,
  readerOf,
  type TxContext,
} from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';
import type { UserValues } from './users.repository';
import { prefixPattern } from './users.repository';
import type { ParentOrganization } from './users.rules';

/**
 * The batch user import's queries: one read for all the e-mails of a file, one for all its parent
 * entities, one insert for all its users and one for their modules (however many lines).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The e-mails among `emails` (lower case) that a user already has, platform-wide. */
export async function findTakenEmails(ctx: BaseContext, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await readerOf(ctx)
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where(sql`lower(email)`, 'in', [...emails])
    .execute();
  return new Set(rows.map((r) => r.email));
}

export interface ReferencedParent extends ParentOrganization {
  externalId: string | null;
  accountLanguage: string;
}

/**
 * The organisations the actor sees that a file names as parent entity, by id or by external id
 * (an external id is unique in its account only: a platform operator may find several).
 */
export async function findReferencedParents(
  ctx: RequestContext,
  references: readonly string[],
): Promise<ReferencedParent[]> {
  if (references.length === 0) return [];
  const ids = references.filter((r) => UUID.test(r)).map((r) => r.toLowerCase());
  const prefix = visiblePathPrefix(ctx.actor);
  let query = readerOf(ctx)
    .selectFrom('organizations as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .select([
      'o.id',
      'o.external_id as externalId',
      'o.type',
      'o.module_type as moduleType',
      'o.account_id as accountId',
      'a.language as accountLanguage',
    ])
    .where((eb) =>
      eb.or([eb('o.external_id', 'in', [...references]), ...(ids.length ? [eb('o.id', 'in', ids)] : [])]),
    );
  if (prefix !== null) query = query.where('o.path', 'like', prefixPattern(prefix));
  return (await query.execute()) as ReferencedParent[];
}

const PG_UNIQUE_VIOLATION = '23505';

/**
 * Inserts the users without a password, in one statement; answers their ids by e-mail (lower
 * case). An e-mail taken meanwhile by another request refuses the whole import, as createUser does.
 */
export async function insertUsers(
  tx: TxContext,
  values: readonly UserValues[],
): Promise<Map<string, string>> {
  try {
    const rows = await tx.trx
      .insertInto('users')
      .values(
        values.map((v) => ({
          account_id: v.accountId,
          email: v.email,
          firstname: v.firstname,
          lastname: v.lastname,
          status: v.status,
          force_connection_by_sso: v.forceConnectionBySso,
          language: v.language,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
  } catch (error) {
    if ((error as { code?: string }).code === PG_UNIQUE_VIOLATION)
      throw fieldError(
        'email_not_unique',
        'file',
        'An e-mail of the file has just been used by another user.',
      );
    throw error;
  }
}

/** Gives the new users their modules, in one statement. */
export async function insertUsersModules(
  tx: TxContext,
  modules: readonly { userId: string; module: UserModule }[],
): Promise<void> {
  if (modules.length === 0) return;
  await tx.trx
    .insertInto('user_modules')
    .values(
      modules.map(({ userId, module }) => ({
        user_id: userId,
        module_type: module.moduleType,
        user_type: module.userType,
        organization_id: module.organizationId,
      })),
    )
    .execute();
}
