import type { ImportContent, ImportStatus } from '@reprise/shared';
import { type Selectable, sql } from 'kysely';
import type { ImportsTable } from '../../platform/db.types';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/**
 * The imports (migration 026) and their ignored lines. Reads filter by the context's scope (its
 * account; every account for platform operators and jobs); the runner's writes are scoped to the
 * import's own account (import-runner.ts).
 */

export type ImportRow = Selectable<ImportsTable>;

/** An import with the names its response shows. */
export type ImportView = ImportRow & {
  account_name: string;
  source_account_name: string | null;
  created_by_name: string | null;
};

const inScope = (scope: AccountScope) =>
  scope.kind === 'all' ? sql<boolean>`true` : sql<boolean>`i.account_id = ${scope.accountId}`;

function viewQuery(ctx: BaseContext) {
  return readerOf(ctx)
    .selectFrom('imports as i')
    .innerJoin('accounts as a', 'a.id', 'i.account_id')
    .leftJoin('accounts as s', 's.id', 'i.source_account_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .selectAll('i')
    .select([
      'a.name as account_name',
      's.name as source_account_name',
      sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE u.firstname || ' ' || u.lastname END`.as(
        'created_by_name',
      ),
    ]);
}

/** An import in the context's scope (undefined otherwise: 404). */
export async function findImport(ctx: BaseContext, id: string): Promise<ImportView | undefined> {
  return viewQuery(ctx).where('i.id', '=', id).where(inScope(ctx.scope)).executeTakeFirst();
}

/** An import whatever the scope: for callers that checked it already (contracts: importResponseOf). */
export async function findImportUnscoped(ctx: BaseContext, id: string): Promise<ImportView | undefined> {
  return viewQuery(ctx).where('i.id', '=', id).executeTakeFirst();
}

export interface ImportFilters {
  accountId: string;
  status?: ImportStatus;
  content?: ImportContent;
}

/** One page of an account's imports, newest first. */
export async function listImports(
  ctx: BaseContext,
  filters: ImportFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: ImportView[]; total: number }> {
  let rows = viewQuery(ctx).where('i.account_id', '=', filters.accountId).where(inScope(ctx.scope));
  let count = readerOf(ctx)
    .selectFrom('imports as i')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('i.account_id', '=', filters.accountId)
    .where(inScope(ctx.scope));
  if (filters.status) {
    rows = rows.where('i.status', '=', filters.status);
    count = count.where('i.status', '=', filters.status);
  }
  if (filters.content) {
    rows = rows.where('i.content', '=', filters.content);
    count = count.where('i.content', '=', filters.content);
  }
  const [members, total] = await Promise.all([
    rows
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: members, total: total.n };
}

/** The labels of categories (an import's parent categories), by id. */
export async function categoryLabels(ctx: BaseContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('categories')
    .select(['id', 'label', 'account_id'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The destination catalogue of an import: a retailer account in the context's scope. */
export async function findCatalogueAccount(ctx: BaseContext, accountId: string) {
  let query = readerOf(ctx)
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', accountId)
    .where('is_retailer', '=', true);
  if (ctx.scope.kind === 'account') query = query.where('id', '=', ctx.scope.accountId);
  return query.executeTakeFirst();
}

/** One page of an import's ignored lines, by line number. */
export async function listIgnoredLines(
  ctx: BaseContext,
  importId: string,
  page: { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    readerOf(ctx)
      .selectFrom('import_ignored_lines')
      .select(['line_number', 'code', 'field', 'message'])
      .where('import_id', '=', importId)
      .orderBy('line_number')
      .orderBy('code')
      .orderBy('field')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    readerOf(ctx)
      .selectFrom('import_ignored_lines')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('import_id', '=', importId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

// ---------- the runner's writes ----------

/**
 * Takes an import for a run: only while in progress and not leased by a live worker. Answers the
 * row, or undefined (ended, or another worker holds it).
 */
export async function takeLease(
  tx: BaseTxContext,
  id: string,
  leaseSeconds: number,
): Promise<ImportRow | undefined> {
  return updateOwned(tx, 'imports')
    .set({
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      started_at: sql`coalesce(started_at, now())`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

export interface BatchProgress {
  position: number;
  found: number;
  inserted: number;
  updated: number;
  ignored: number;
}

/**
 * Saves a batch's progress and renews the lease, in the batch's transaction. Only from the position
 * this worker left it at: false when another worker moved it (the batch must roll back).
 */
export async function saveProgress(
  tx: BaseTxContext,
  id: string,
  fromPosition: number,
  progress: BatchProgress,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await updateOwned(tx, 'imports')
    .set({
      position: progress.position,
      lines_found: sql`lines_found + ${progress.found}`,
      lines_inserted: sql`lines_inserted + ${progress.inserted}`,
      lines_updated: sql`lines_updated + ${progress.updated}`,
      lines_ignored: sql`lines_ignored + ${progress.ignored}`,
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .where('position', '=', fromPosition)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends an import: its status (and error), the lease cleared. */
export async function endImport(
  tx: BaseTxContext,
  id: string,
  status: Exclude<ImportStatus, 'in_progress'>,
  error: { code: string; message: string } | null,
): Promise<ImportRow | undefined> {
  return updateOwned(tx, 'imports')
    .set({
      status,
      error_code: error?.code ?? null,
      error: error?.message ?? null,
      ended_at: sql`now()`,
      lease_until: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirst();
}

/** Gives the lease back (a run that failed and will be tried again may start at once). */
export async function releaseLease(tx: BaseTxContext, id: string): Promise<void> {
  await updateOwned(tx, 'imports')
    .set({ lease_until: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .execute();
}

/**
 * The imports still in progress whose lease ran out (their worker died): the lease is cleared and
 * the import queued again, so the next tick does not send them twice. Answers their ids.
 */
export async function requeueStalled(tx: BaseTxContext): Promise<string[]> {
  const rows = await updateOwned(tx, 'imports')
    .set({ lease_until: null, queued_at: sql`now()`, updated_at: sql`now()` })
    .where('status', '=', 'in_progress')
    .where('lease_until', '<', sql<Date>`now()`)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface IgnoredLine {
  line: number;
  code: string;
  field: string | null;
  message: string;
}

/** A batch's ignored lines, in one statement (a line's same code on one field is kept once: migration 027). */
export async function insertIgnoredLines(tx: BaseTxContext, importId: string, lines: readonly IgnoredLine[]) {
  if (lines.length === 0) return;
  await sql`
    INSERT INTO import_ignored_lines (import_id, line_number, code, field, message)
    SELECT ${importId}::uuid, line, code, field, message
    FROM unnest(${lines.map((l) => l.line)}::int[], ${lines.map((l) => l.code)}::text[],
      ${lines.map((l) => l.field)}::text[], ${lines.map((l) => l.message)}::text[]) AS l(line, code, field, message)
    ON CONFLICT (import_id, line_number, code, coalesce(field, '')) DO NOTHING`.execute(tx.trx);
}

/**
 * How many times the queue ran this job already and may run it, read from pg-boss's own table
 * (platform/jobs.ts does not hand them to handlers); undefined when the queue holds no such job.
 */
export async function jobAttempts(ctx: BaseContext, jobId: string) {
  const { rows } = await sql<{ retry_count: number; retry_limit: number }>`
    SELECT retry_count, retry_limit FROM pgboss.job WHERE name = 'import' AND id = ${jobId}::uuid`.execute(
    readerOf(ctx),
  );
  return rows[0];
}
