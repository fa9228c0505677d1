import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { deleteOwned } from '../../platform/scoped-writes';
import type { BuybackCell, ControlCell, RefurbishmentCell, ScopeKind, ScopeRow } from './statistics.rules';

/**
 * The weekly statistics' reads and writes (migration 033, docs/dashboard.md). The job reads the
 * facts of one week across every account (a platform context); a dashboard reads one row by its
 * scope's key, and only of its own account.
 */

type Bounds = { from: Date; to: Date };

/** Where a buyback is, for its scopes (statistics.rules.ts, FactPlace), joined as `b`. */
const PLACE = sql`
  b.account_id AS "accountId",
  b.organization_path AS "organizationPath",
  b.buyer_account_id AS "buyerAccountId",
  w.path AS "warehousePath",
  w.account_id AS "warehouseAccountId",
  EXISTS (
    SELECT 1 FROM account_linked_buyers l
    WHERE l.account_id = b.account_id AND l.buyer_account_id = b.buyer_account_id
  ) AS linked`;
const PLACE_GROUP = sql`b.account_id, b.organization_path, b.buyer_account_id, w.path, w.account_id`;

/**
 * The buybacks created in the week, counted and summed per place and dimension; a category is
 * labelled with its root category's label first (`Smartphones › Apple`), as leaves share names.
 */
export async function weekBuybackCells(ctx: BaseContext, week: Bounds): Promise<BuybackCell[]> {
  const { rows } = await sql<BuybackCell>`
    SELECT ${PLACE},
      b.channel, b.status, b.store_id AS "storeId", s.common_name AS "storeName",
      b.category_id AS "categoryId",
      CASE WHEN rc.id IS NULL OR rc.id = b.category_id THEN b.category_label
        ELSE rc.label || ' › ' || b.category_label END AS "categoryLabel",
      b.payment_type AS "paymentType",
      count(*)::int AS count, sum(b.total_cents)::bigint AS "valueCents"
    FROM buybacks b
    LEFT JOIN organizations s ON s.id = b.store_id
    LEFT JOIN organizations w ON w.id = b.destination_warehouse_id
    LEFT JOIN categories c ON c.id = b.category_id
    LEFT JOIN categories rc ON rc.id::text = split_part(c.path, '/', 2)
    WHERE b.created_at >= ${week.from} AND b.created_at < ${week.to}
    GROUP BY ${PLACE_GROUP}, b.channel, b.status, b.store_id, s.common_name, b.category_id,
      b.category_label, rc.id, rc.label, b.payment_type`.execute(readerOf(ctx));
  return rows.map((r) => ({ ...r, valueCents: Number(r.valueCents) }));
}

/** The week's item events that end a control (or its counter-offer), per place, event and root category. */
export async function weekControlCells(ctx: BaseContext, week: Bounds): Promise<ControlCell[]> {
  const { rows } = await sql<ControlCell>`
    SELECT ${PLACE},
      e.reason, e.to_status AS "toStatus", rc.identifier AS "rootCategoryIdentifier", count(*)::int AS count
    FROM item_events e
    JOIN buyback_items i ON i.id = e.item_id
    JOIN buybacks b ON b.id = i.buyback_id
    LEFT JOIN organizations w ON w.id = b.destination_warehouse_id
    LEFT JOIN categories c ON c.id = b.category_id
    LEFT JOIN categories rc ON rc.id::text = split_part(c.path, '/', 2)
    WHERE e.at >= ${week.from} AND e.at < ${week.to}
      AND e.reason IN ('control', 'counter_offer', 'litigation_accepted', 'quarantine')
    GROUP BY ${PLACE_GROUP}, e.reason, e.to_status, rc.identifier`.execute(readerOf(ctx));
  return rows;
}

/** The items whose refurbishment completed in the week: cost, and time since their diagnosis began. */
export async function weekRefurbishmentCells(ctx: BaseContext, week: Bounds): Promise<RefurbishmentCell[]> {
  const { rows } = await sql<RefurbishmentCell>`
    SELECT ${PLACE},
      count(*)::int AS count,
      sum(i.completed_refurb_cost_cents)::bigint AS "costCents",
      count(d.started_at)::int AS "timedCount",
      coalesce(sum(round(extract(epoch FROM i.refurb_completed_at - d.started_at))), 0)::bigint AS "durationSeconds"
    FROM buyback_items i
    JOIN buybacks b ON b.id = i.buyback_id
    LEFT JOIN organizations w ON w.id = b.destination_warehouse_id
    LEFT JOIN refurb_diagnoses d ON d.item_id = i.id
    WHERE i.refurb_completed_at >= ${week.from} AND i.refurb_completed_at < ${week.to}
    GROUP BY ${PLACE_GROUP}`.execute(readerOf(ctx));
  return rows.map((r) => ({
    ...r,
    costCents: Number(r.costCents),
    durationSeconds: Number(r.durationSeconds),
  }));
}

/** Rows per INSERT statement. */
const CHUNK = 500;

/** Replaces a week's rows with `rows`; the job's context is the platform's (every account's rows). */
export async function replaceWeek(tx: BaseTxContext, weekStart: string, rows: ScopeRow[]) {
  await tx.trx
    .insertInto('statistics_weeks')
    .values({ week_start: weekStart, computed_at: new Date() })
    .onConflict((oc) => oc.column('week_start').doUpdateSet({ computed_at: new Date() }))
    .execute();
  await deleteOwned(tx, 'weekly_statistics').where('week_start', '=', weekStart).execute();
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx.trx
      .insertInto('weekly_statistics')
      .values(
        rows.slice(start, start + CHUNK).map((row) => ({
          week_start: weekStart,
          scope_kind: row.scopeKind,
          scope_id: row.scopeId,
          account_id: row.accountId,
          figures: JSON.stringify(row.figures),
        })),
      )
      .execute();
  }
}

/** The computed weeks, newest first, with when they were computed. */
export async function computedWeeks(ctx: BaseContext, limit: number) {
  return readerOf(ctx)
    .selectFrom('statistics_weeks')
    .select([sql<string>`week_start::text`.as('week'), 'computed_at'])
    .orderBy('week_start', 'desc')
    .limit(limit)
    .execute();
}

/** When a week was computed, if it was. */
export async function findComputedWeek(ctx: BaseContext, weekStart: string) {
  return readerOf(ctx)
    .selectFrom('statistics_weeks')
    .select([sql<string>`week_start::text`.as('week'), 'computed_at'])
    .where('week_start', '=', weekStart)
    .executeTakeFirst();
}

/**
 * One scope's figures for these weeks, by week. `accountId` is the reader's account (null only
 * for the platform's row): a row of another account is never read, whatever scope id is asked.
 */
export async function scopeFigures(
  ctx: BaseContext,
  scope: { kind: ScopeKind; id: string; accountId: string | null },
  weeks: string[],
): Promise<Map<string, unknown>> {
  if (weeks.length === 0) return new Map();
  let query = readerOf(ctx)
    .selectFrom('weekly_statistics')
    .select([sql<string>`week_start::text`.as('week'), 'figures'])
    .where('scope_kind', '=', scope.kind)
    .where('scope_id', '=', scope.id)
    .where('week_start', 'in', weeks);
  query =
    scope.accountId === null
      ? query.where('account_id', 'is', null)
      : query.where('account_id', '=', scope.accountId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.week, r.figures]));
}

/** The currency an account's amounts are in. */
export async function accountCurrency(ctx: BaseContext, accountId: string): Promise<string> {
  const row = await readerOf(ctx)
    .selectFrom('accounts')
    .select('currency')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.currency ?? 'EUR';
}
