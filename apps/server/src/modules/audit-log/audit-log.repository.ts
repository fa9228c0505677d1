import { type AuditLogFilters, isAuditLogDay, type LogAction } from '@reprise/shared';
import { sql } from 'kysely';
import { CUSTOM_PLAN } from '../../platform/db';
import { type BaseContext, readerOf } from '../../platform/request-context';

/**
 * The audit log as the viewer reads it (docs/audit-log.md): entries newest first, by `at` then `id`
 * (the id breaks ties of one transaction's instant), each along its index of migration 029. A
 * context scoped to one account reads that account's entries only; platform operators read all.
 */

/** An audit entry with its account's name and its actor's name and e-mail. */
export interface AuditEntryRow {
  id: string;
  at: Date;
  /** `at` to the microsecond, as text: the export's position between batches. */
  at_key: string;
  action: LogAction;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  account_id: string | null;
  account_name: string | null;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
}

const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The entries the filters keep, in the context's scope. */
function matching(ctx: BaseContext, filters: AuditLogFilters) {
  const db = readerOf(ctx);
  let query = db.selectFrom('audit_log as l');
  if (ctx.scope.kind === 'account') query = query.where('l.account_id', '=', ctx.scope.accountId);
  if (filters.accountId) query = query.where('l.account_id', '=', filters.accountId);
  if (filters.actorUserId) query = query.where('l.actor_user_id', '=', filters.actorUserId);
  if (filters.actor)
    query = query.where(
      'l.actor_user_id',
      'in',
      db
        .selectFrom('users as au')
        .select('au.id')
        .where(sql<string>`lower(au.email)`, 'like', likeContains(filters.actor)),
    );
  if (filters.entityType) query = query.where('l.entity_type', '=', filters.entityType);
  if (filters.entityId) query = query.where('l.entity_id', '=', filters.entityId);
  if (filters.action) query = query.where('l.action', '=', filters.action);
  const after = filters['at[after]'];
  if (after) query = query.where('l.at', '>=', sql<Date>`${after}::timestamptz`);
  const before = filters['at[before]'];
  if (before)
    query = isAuditLogDay(before)
      ? query.where('l.at', '<', sql<Date>`${before}::date + 1`)
      : query.where('l.at', '<=', sql<Date>`${before}::timestamptz`);
  return query;
}

/** The entries kept, with the names, newest first. */
function entries(ctx: BaseContext, filters: AuditLogFilters) {
  return matching(ctx, filters)
    .leftJoin('accounts as a', 'a.id', 'l.account_id')
    .leftJoin('users as u', 'u.id', 'l.actor_user_id')
    .select([
      sql<string>`l.id::text`.as('id'),
      'l.at',
      sql<string>`l.at::text`.as('at_key'),
      'l.action',
      'l.entity_type',
      'l.entity_id',
      'l.before',
      'l.after',
      'l.account_id',
      'a.name as account_name',
      'l.actor_user_id',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('actor_name'),
      'u.email as actor_email',
    ])
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc');
}

/**
 * One page of entries and their number, counted up to `countLimit` (an unfiltered log of millions
 * of entries is not counted whole: `capped` says there are more).
 */
export async function listAuditEntries(
  ctx: BaseContext,
  filters: AuditLogFilters,
  page: { offset: number; limit: number },
  countLimit: number,
): Promise<{ rows: AuditEntryRow[]; total: number; capped: boolean }> {
  const [rows, counted] = await Promise.all([
    entries(ctx, filters).offset(page.offset).limit(page.limit).modifyEnd(CUSTOM_PLAN).execute(),
    readerOf(ctx)
      .selectFrom(
        matching(ctx, filters)
          .select(sql<number>`1`.as('one'))
          .limit(countLimit + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .modifyEnd(CUSTOM_PLAN)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.n);
  return { rows: rows as AuditEntryRow[], total: Math.min(total, countLimit), capped: total > countLimit };
}

/** The entries after `after` (the last one of the previous batch), newest first: the export's batches. */
export async function auditEntryBatch(
  ctx: BaseContext,
  filters: AuditLogFilters,
  after: { atKey: string; id: string } | null,
  limit: number,
): Promise<AuditEntryRow[]> {
  let query = entries(ctx, filters);
  if (after)
    query = query.where(sql<boolean>`(l.at, l.id) < (${after.atKey}::timestamptz, ${after.id}::bigint)`);
  return (await query.limit(limit).modifyEnd(CUSTOM_PLAN).execute()) as AuditEntryRow[];
}

/** Whether more than `count` entries match (the export then holds the newest `count`). */
export async function hasMoreEntriesThan(
  ctx: BaseContext,
  filters: AuditLogFilters,
  count: number,
): Promise<boolean> {
  const row = await matching(ctx, filters)
    .select('l.id')
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .offset(count)
    .limit(1)
    .modifyEnd(CUSTOM_PLAN)
    .executeTakeFirst();
  return row !== undefined;
}

/** The accounts whose entries the context reads, by name: every one for platform operators. */
export async function listAuditAccounts(ctx: BaseContext): Promise<{ id: string; name: string }[]> {
  let query = readerOf(ctx).selectFrom('accounts').select(['id', 'name']);
  if (ctx.scope.kind === 'account') query = query.where('id', '=', ctx.scope.accountId);
  return query.orderBy('name').orderBy('id').execute();
}
