import type { ModuleType, OrganizationType, Status, UserModule, UserType } from '@reprise/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { visiblePathPrefix } from '../../platform/scope';
import { containsPattern, folded } from '../organizations/search-text';
import type { HeldModule, ParentOrganization } from './users.rules';

export interface UserModuleRow extends HeldModule {
  organizationName: string;
  organizationType: OrganizationType;
}

export interface UserRow {
  id: string;
  accountId: string;
  accountLanguage: string;
  email: string;
  firstname: string;
  lastname: string;
  status: Status;
  forceConnectionBySso: boolean;
  language: string | null;
  preferredModule: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  lastLoginAt: Date | string | null;
  modules: UserModuleRow[];
}

/** A path-prefix pattern; refuses an empty prefix, which would reach every account. */
function prefixPattern(prefix: string): string {
  if (!prefix) throw new Error('An empty organisation scope would reach every account.');
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The actor sees a user holding at least one role in its subtree (platform operators see all). */
const visibleTo = (actor: Actor): Expression<SqlBool> => {
  const prefix = visiblePathPrefix(actor);
  if (prefix === null) return sql<SqlBool>`true`;
  return sql<SqlBool>`exists (select 1 from user_modules vm join organizations vo on vo.id = vm.organization_id
    where vm.user_id = u.id and vo.path like ${prefixPattern(prefix)})`;
};

const MODULE_ORDER = sql`array_position(array['root','tim','lcm','rps']::text[], m.module_type)`;

/** Users with their roles aggregated in the same query (no query per user). */
const usersWithModules = (db: Db) =>
  db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select((eb) => [
      'u.id',
      'u.account_id as accountId',
      'a.language as accountLanguage',
      'u.email',
      'u.firstname',
      'u.lastname',
      'u.status',
      'u.force_connection_by_sso as forceConnectionBySso',
      'u.language',
      'u.preferred_module as preferredModule',
      'u.created_at as createdAt',
      'u.updated_at as updatedAt',
      'u.last_login_at as lastLoginAt',
      jsonArrayFrom(
        eb
          .selectFrom('user_modules as m')
          .innerJoin('organizations as o', 'o.id', 'm.organization_id')
          .select([
            'm.module_type as moduleType',
            'm.user_type as userType',
            'm.organization_id as organizationId',
            'o.common_name as organizationName',
            'o.type as organizationType',
            'o.path as organizationPath',
            'o.account_id as organizationAccountId',
          ])
          .whereRef('m.user_id', '=', 'u.id')
          .orderBy(MODULE_ORDER),
      ).as('modules'),
    ]);

export type UserSortField = 'lastname' | 'firstname' | 'email' | 'status' | 'createdAt' | 'lastLoginAt';

const SORT_COLUMN: Record<UserSortField, Expression<unknown>> = {
  lastname: sql`lower(u.lastname)`,
  firstname: sql`lower(u.firstname)`,
  email: sql`u.email`,
  status: sql`u.status`,
  createdAt: sql`u.created_at`,
  lastLoginAt: sql`u.last_login_at`,
};

export interface UserFilters {
  search?: string;
  status?: Status;
  userType?: UserType;
  moduleType?: ModuleType;
  organizationId?: string;
}

/** One page of the users the actor sees, with their roles and the total: one query whatever the page size. */
export async function listUsers(
  db: Db,
  actor: Actor,
  filters: UserFilters,
  order: { field: UserSortField; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let query = usersWithModules(db)
    .where(visibleTo(actor))
    // the public sites' anonymous visitors are no one's colleagues: never listed
    .where(
      sql<SqlBool>`not exists (select 1 from user_modules pm where pm.user_id = u.id and pm.user_type = 'pseudo_anonymous')`,
    );
  if (filters.status) query = query.where('u.status', '=', filters.status);
  if (filters.search) {
    const pattern = folded(containsPattern(filters.search));
    query = query.where((eb) =>
      eb.or([
        eb(folded(sql`u.firstname || ' ' || u.lastname`), 'like', pattern),
        eb(folded(sql`u.lastname || ' ' || u.firstname`), 'like', pattern),
        eb(folded(sql`u.email`), 'like', pattern),
      ]),
    );
  }
  if (filters.userType || filters.moduleType || filters.organizationId) {
    // the role filters apply together to one role of the user
    query = query.where((eb) => {
      let role = eb
        .selectFrom('user_modules as fm')
        .select(sql`1`.as('one'))
        .whereRef('fm.user_id', '=', 'u.id');
      if (filters.userType) role = role.where('fm.user_type', '=', filters.userType);
      if (filters.moduleType) role = role.where('fm.module_type', '=', filters.moduleType);
      if (filters.organizationId) role = role.where('fm.organization_id', '=', filters.organizationId);
      return eb.exists(role);
    });
  }
  // the total comes with the page (a window count, computed before the limit; the roles are
  // aggregated for the page rows only); a page past the end needs its own count
  const rows = await query
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy(SORT_COLUMN[order.field], (ob) => (order.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy(sql`lower(u.lastname)`)
    .orderBy(sql`lower(u.firstname)`)
    .orderBy('u.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  if (rows.length > 0) return { rows: rows as UserRow[], total: Number(rows[0]?.total) };
  if (page.offset === 0) return { rows: [], total: 0 };
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows: [], total: Number(counted.total) };
}

/** A user the actor sees, or undefined. */
export async function findVisibleUser(db: Db, actor: Actor, id: string): Promise<UserRow | undefined> {
  const row = await usersWithModules(db).where('u.id', '=', id).where(visibleTo(actor)).executeTakeFirst();
  return row as UserRow | undefined;
}

/**
 * The user a command has just written, read in its transaction. Unscoped on purpose: the actor may
 * have moved the user out of its own view (a role removed), and still gets the result it caused.
 */
export async function findWrittenUser(trx: Db, id: string): Promise<UserRow> {
  return (await usersWithModules(trx).where('u.id', '=', id).executeTakeFirstOrThrow()) as UserRow;
}

/** The organisation (and its account) of one role of a user the actor sees. */
export async function findRoleOrganization(db: Db, actor: Actor, userId: string, moduleType: ModuleType) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_modules as m', 'm.user_id', 'u.id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .selectAll('a')
    .select(['o.id as organizationId', 'o.common_name as organizationName', 'm.module_type as moduleType'])
    .where('u.id', '=', userId)
    .where('m.module_type', '=', moduleType)
    .where(visibleTo(actor))
    .executeTakeFirst();
}

/** The candidate parent entities among `ids` that the actor sees, with their account's language. */
export async function findVisibleParents(
  db: Db,
  actor: Actor,
  ids: string[],
): Promise<(ParentOrganization & { accountLanguage: string })[]> {
  if (ids.length === 0) return [];
  const prefix = visiblePathPrefix(actor);
  let query = db
    .selectFrom('organizations as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .select([
      'o.id',
      'o.type',
      'o.module_type as moduleType',
      'o.account_id as accountId',
      'a.language as accountLanguage',
    ])
    .where('o.id', 'in', ids);
  if (prefix !== null) query = query.where('o.path', 'like', prefixPattern(prefix));
  return (await query.execute()) as (ParentOrganization & { accountLanguage: string })[];
}

/** True when another user already has this e-mail (compared case-insensitively, platform-wide). */
export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return Boolean(await query.executeTakeFirst());
}

const PG_UNIQUE_VIOLATION = '23505';

/** A concurrent insert of the same e-mail still answers the field error, not a conflict. */
async function uniqueEmail<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: string }).code === PG_UNIQUE_VIOLATION) {
      throw fieldError('email_not_unique', 'email', 'This e-mail is already used.');
    }
    throw error;
  }
}

export interface UserValues {
  accountId: string;
  email: string;
  firstname: string;
  lastname: string;
  status: Status;
  forceConnectionBySso: boolean;
  language: string | null;
}

const columns = (v: Partial<UserValues>) => ({
  account_id: v.accountId,
  email: v.email,
  firstname: v.firstname,
  lastname: v.lastname,
  status: v.status,
  force_connection_by_sso: v.forceConnectionBySso,
  language: v.language,
});

/** Inserts a user without a password (the user chooses one from the invitation). */
export async function insertUser(trx: Db, values: UserValues): Promise<string> {
  const row = await uniqueEmail(
    trx
      .insertInto('users')
      .values({
        account_id: values.accountId,
        email: values.email,
        firstname: values.firstname,
        lastname: values.lastname,
        status: values.status,
        force_connection_by_sso: values.forceConnectionBySso,
        language: values.language,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** Updates a user the actor sees; answers false when it does not. */
export async function updateUser(
  trx: Db,
  actor: Actor,
  id: string,
  values: Partial<UserValues>,
): Promise<boolean> {
  const result = await uniqueEmail(
    trx
      .updateTable('users as u')
      .set({ ...columns(values), updated_at: sql`now()` })
      .where('u.id', '=', id)
      .where(visibleTo(actor))
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the roles of a user (called after the user's scope was checked in the same transaction). */
export async function replaceModules(trx: Db, userId: string, modules: UserModule[]): Promise<void> {
  await trx.deleteFrom('user_modules').where('user_id', '=', userId).execute();
  await trx
    .insertInto('user_modules')
    .values(
      modules.map((m) => ({
        user_id: userId,
        module_type: m.moduleType,
        user_type: m.userType,
        organization_id: m.organizationId,
      })),
    )
    .execute();
}
