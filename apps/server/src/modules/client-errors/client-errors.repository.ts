import type { ClientErrorApp, ClientErrorKind } from '@reprise/shared';
import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { deleteOwned } from '../../platform/scoped-writes';

/**
 * The SQL of the reported client errors (table client_errors, migration 038). A context scoped to
 * one account reads that account's reports only; platform operators read all.
 */

export interface ClientErrorValues {
  accountId: string | null;
  userId: string | null;
  app: ClientErrorApp;
  kind: ClientErrorKind;
  message: string;
  stack: string | null;
  route: string;
  build: string;
  userAgent: string | null;
}

export async function insertClientError(tx: BaseTxContext, values: ClientErrorValues): Promise<void> {
  await tx.trx
    .insertInto('client_errors')
    .values({
      account_id: values.accountId,
      user_id: values.userId,
      app: values.app,
      kind: values.kind,
      message: values.message,
      stack: values.stack,
      route: values.route,
      build: values.build,
      user_agent: values.userAgent,
    })
    .execute();
}

export interface ClientErrorGroupRow {
  app: ClientErrorApp;
  message: string;
  route: string;
  count: number;
  users: number;
  accounts: number;
  first_seen_at: Date;
  last_seen_at: Date;
  last_build: string;
  last_kind: ClientErrorKind;
  last_stack: string | null;
}

/** The groups (app, message, route), most recently seen first, with the latest report's details. */
export async function listGroups(
  ctx: BaseContext,
  filters: { app?: ClientErrorApp; offset: number; limit: number },
): Promise<{ member: ClientErrorGroupRow[]; totalItems: number }> {
  const db = readerOf(ctx);
  let scoped = db.selectFrom('client_errors as e');
  if (ctx.scope.kind === 'account') scoped = scoped.where('e.account_id', '=', ctx.scope.accountId);
  if (filters.app) scoped = scoped.where('e.app', '=', filters.app);
  const groups = scoped
    .select([
      'e.app',
      'e.message',
      'e.route',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`count(DISTINCT e.user_id)::int`.as('users'),
      sql<number>`count(DISTINCT e.account_id)::int`.as('accounts'),
      sql<Date>`min(e.at)`.as('first_seen_at'),
      sql<Date>`max(e.at)`.as('last_seen_at'),
      // the latest report's details: the greatest (at, id) of the group
      sql<string>`(array_agg(e.build ORDER BY e.at DESC, e.id DESC))[1]`.as('last_build'),
      sql<ClientErrorKind>`(array_agg(e.kind ORDER BY e.at DESC, e.id DESC))[1]`.as('last_kind'),
      sql<string | null>`(array_agg(e.stack ORDER BY e.at DESC, e.id DESC))[1]`.as('last_stack'),
    ])
    .groupBy(['e.app', 'e.message', 'e.route']);
  const [member, total] = await Promise.all([
    groups
      .orderBy('last_seen_at', 'desc')
      .orderBy('e.message')
      .orderBy('e.route')
      .offset(filters.offset)
      .limit(filters.limit)
      .execute(),
    db.selectFrom(groups.as('g')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { member: member as ClientErrorGroupRow[], totalItems: total.n };
}

/** Deletes the reports older than `days` (the server's housekeeping). */
export async function purgeOlderThan(tx: BaseTxContext, days: number): Promise<number> {
  const result = await deleteOwned(tx, 'client_errors')
    .where('at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
