import type {
  ModuleType,
  OrganizationType,
  Status,
  USER_SORT_FIELDS,
  UserModule,
  UserType,
} from '@reprise/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Actor } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import {
  type BaseContext,
  type Reader,
  type RequestContext,
  readerOf,
  type TxContext,
} from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';
import { deleteChildOf, updateOwnedOrLinked } from '../../platform/scoped-writes';
import { containsPattern, folded } from '../organizations';
import type { HeldModule, ParentOrganization } from './users.rules';

interface UserModuleRow extends HeldModule {
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
export function prefixPattern(prefix: string): string {
  if (!prefix) throw new Error('An empty organisation scope would reach every account.');
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The actor sees a user holding at least one module in its subtree (platform operators see all);
 * `userId` names the user's id column of the query.
 */
const visibleTo = (actor: Actor, userId = 'u.id'): Expression<SqlBool> => {
  const prefix = visiblePathPrefix(actor);
  if (prefix === null) return sql<SqlBool>`true`;
  return sql<SqlBool>`exists (select 1 from user_modules vm join organizations vo on vo.id = vm.organization_id
    where vm.user_id = ${sql.ref(userId)} and vo.path like ${prefixPattern(prefix)})`;
};

const MODULE_ORDER = sql`array_position(array['root','tim','lcm','rps']::text[], m.module_type)`;

/** Users with their modules aggregated in the same query (no query per user). */
const usersWithModules = (db: Reader) =>
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

export type UserSortField = (typeof USER_SORT_FIELDS)[number];

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
  /** Only the users of the platform's own account (its admins and super admins). */
  platformAccount?: boolean;
}

/** One page of the users the actor sees, with their modules and the total: one query whatever the page size. */
export async function listUsers(
  ctx: RequestContext,
  filters: UserFilters,
  order: { field: UserSortField; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let query = usersWithModules(readerOf(ctx))
    .where(visibleTo(ctx.actor))
    // the public sites' anonymous visitors are no one's colleagues: never listed
    .where(
      sql<SqlBool>`not exists (select 1 from user_modules pm where pm.user_id = u.id and pm.user_type = 'pseudo_anonymous')`,
    );
  if (filters.platformAccount) query = query.where('a.is_platform', '=', true);
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
    // the module filters apply together to one module of the user
    query = query.where((eb) => {
      let held = eb
        .selectFrom('user_modules as fm')
        .select(sql`1`.as('one'))
        .whereRef('fm.user_id', '=', 'u.id');
      if (filters.userType) held = held.where('fm.user_type', '=', filters.userType);
      if (filters.moduleType) held = held.where('fm.module_type', '=', filters.moduleType);
      if (filters.organizationId) held = held.where('fm.organization_id', '=', filters.organizationId);
      return eb.exists(held);
    });
  }
  // the total comes with the page (a window count, computed before the limit; the modules are
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
export async function findVisibleUser(ctx: RequestContext, id: string): Promise<UserRow | undefined> {
  const row = await usersWithModules(readerOf(ctx))
    .where('u.id', '=', id)
    .where(visibleTo(ctx.actor))
    .executeTakeFirst();
  return row as UserRow | undefined;
}

/**
 * The user a command has just written, read in its transaction. Unscoped on purpose: the actor may
 * have moved the user out of its own view (a module removed), and still gets the result it caused.
 */
export async function findWrittenUser(tx: TxContext, id: string): Promise<UserRow> {
  return (await usersWithModules(tx.trx).where('u.id', '=', id).executeTakeFirstOrThrow()) as UserRow;
}

/** The organisation (and its account) where a user the actor sees holds a module. */
export async function findModuleOrganization(ctx: RequestContext, userId: string, moduleType: ModuleType) {
  return readerOf(ctx)
    .selectFrom('users as u')
    .innerJoin('user_modules as m', 'm.user_id', 'u.id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .selectAll('a')
    .select(['o.id as organizationId', 'o.common_name as organizationName', 'm.module_type as moduleType'])
    .where('u.id', '=', userId)
    .where('m.module_type', '=', moduleType)
    .where(visibleTo(ctx.actor))
    .executeTakeFirst();
}

/** The candidate organisations among `ids` that the actor sees, with their account's language. */
export async function findVisibleParents(
  ctx: RequestContext,
  ids: string[],
): Promise<(ParentOrganization & { accountLanguage: string })[]> {
  if (ids.length === 0) return [];
  const prefix = visiblePathPrefix(ctx.actor);
  let query = readerOf(ctx)
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
export async function emailTaken(ctx: BaseContext, email: string, exceptUserId?: string): Promise<boolean> {
  let query = readerOf(ctx)
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase());
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
export async function insertUser(tx: TxContext, values: UserValues): Promise<string> {
  const row = await uniqueEmail(
    tx.trx
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

/**
 * Updates a user the actor sees: a user of the context's account, or of another account holding a
 * module in one of its organisations (a retailer's user in the buyer's warehouse). False otherwise.
 */
export async function updateUser(tx: TxContext, id: string, values: Partial<UserValues>): Promise<boolean> {
  const result = await uniqueEmail(
    updateOwnedOrLinked(tx, 'users', {
      table: 'user_modules',
      column: 'user_id',
      through: 'organization_id',
      parent: 'organizations',
    })
      .set({ ...columns(values), updated_at: sql`now()` })
      .where('id', '=', id)
      .where(visibleTo(tx.actor, 'users.id'))
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

const sameModule = (a: UserModule, b: UserModule) =>
  a.moduleType === b.moduleType && a.userType === b.userType && a.organizationId === b.organizationId;

/**
 * Replaces the modules `held` by a user with `modules` (called after the user's scope was checked in
 * the same transaction). Only the modules whose user type or organisation changes are written: a
 * held module belongs to the account of its organisation, and the modules kept may lie in another
 * account (users.rules.ts planModules keeps the modules the actor does not see).
 */
export async function replaceModules(
  tx: TxContext,
  userId: string,
  held: readonly UserModule[],
  modules: readonly UserModule[],
): Promise<void> {
  const changed = [
    ...held.filter((h) => !modules.some((m) => sameModule(m, h))),
    ...modules.filter((m) => !held.some((h) => sameModule(m, h))),
  ].map((m) => m.moduleType);
  if (changed.length === 0) return;
  await deleteChildOf(tx, 'user_modules', { column: 'organization_id', parent: 'organizations' })
    .where('user_id', '=', userId)
    .where('module_type', 'in', changed)
    .execute();
  await insertModules(
    tx,
    userId,
    modules.filter((m) => changed.includes(m.moduleType)),
  );
}

/** Gives a user new modules (modules it does not hold yet). */
export async function insertModules(tx: TxContext, userId: string, modules: readonly UserModule[]) {
  if (modules.length === 0) return;
  await tx.trx
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
