import {
  addWeeks,
  type DashboardDataQuery,
  type DashboardDataResponse,
  EMPTY_FIGURES,
  previousWeekStart,
  STATISTICS_WEEKS_LISTED,
  WeeklyFigures,
  weekBounds,
} from '@reprise/shared';
import { AppError } from '../../platform/errors';
import { type BaseContext, type RequestContext, transact } from '../../platform/request-context';
import * as repo from './statistics.repository';
import { PLATFORM_SCOPE_ID, rollUp, type ScopeKind } from './statistics.rules';

/**
 * The home dashboard's weekly statistics (docs/dashboard.md). The `weekly-statistics` job
 * (platform/jobs.ts, scheduled every Monday at 03:00 UTC by main.ts and worker-main.ts) computes
 * the ISO week before; any week can be computed on demand (tests, the demo seed). Weeks run
 * Monday 00:00 to Monday 00:00 UTC for every account, so that a buyer's figures, which span its
 * retailers, add up the same weeks as theirs.
 */

/** The weekly job's payload: the week to compute, else the one before the job's run. */
export interface WeeklyStatisticsJob {
  week?: string;
}

/**
 * Computes one week's figures for every scope and replaces that week's rows, in one transaction:
 * computing a week again gives the same rows (idempotent). `ctx` must reach every account.
 */
export async function computeWeeklyStatistics(ctx: BaseContext, weekStart: string): Promise<number> {
  if (ctx.scope.kind !== 'all') throw new Error('the weekly statistics are computed for every account');
  const bounds = weekBounds(weekStart);
  return transact(ctx, async (tx) => {
    const [buybacks, controls, refurbishments] = await Promise.all([
      repo.weekBuybackCells(tx, bounds),
      repo.weekControlCells(tx, bounds),
      repo.weekRefurbishmentCells(tx, bounds),
    ]);
    const rows = rollUp({ buybacks, controls, refurbishments });
    await repo.replaceWeek(tx, weekStart, rows);
    return rows.length;
  });
}

/** The job's run: the week it names, else the ISO week before `now`. */
export async function runWeeklyStatistics(
  ctx: BaseContext,
  job: WeeklyStatisticsJob,
  now: Date = new Date(),
): Promise<void> {
  await computeWeeklyStatistics(ctx, job.week ?? previousWeekStart(now));
}

/** The scope whose row a user reads: as the buyback list's scope (modules/buybacks, `buybackScope`). */
function scopeOf(ctx: RequestContext): { kind: ScopeKind; id: string; accountId: string | null } {
  const { actor } = ctx;
  if (actor.isPlatform) return { kind: 'platform', id: PLATFORM_SCOPE_ID, accountId: null };
  if (actor.module === 'lcm') return { kind: 'buyer', id: actor.accountId, accountId: actor.accountId };
  if (actor.module === 'rps')
    return { kind: 'warehouse', id: actor.organizationId, accountId: actor.accountId };
  return { kind: 'retail', id: actor.organizationId, accountId: actor.accountId };
}

const figuresOf = (stored: unknown) => (stored === undefined ? null : WeeklyFigures.parse(stored));

/**
 * `GET /dashboard-data`: the week asked (else the latest computed) in the caller's scope, and the
 * week before for comparison. A computed week no fact of the scope reached has empty figures.
 */
export async function getDashboardData(
  ctx: RequestContext,
  query: DashboardDataQuery,
): Promise<DashboardDataResponse> {
  const weeks = await repo.computedWeeks(ctx, STATISTICS_WEEKS_LISTED);
  const currency = await repo.accountCurrency(ctx, ctx.actor.accountId);
  const shown = query.week ? await repo.findComputedWeek(ctx, query.week) : weeks[0];
  if (query.week && !shown)
    throw new AppError('statistics_week_not_computed', 'The statistics of this week were not computed.');
  if (!shown) return { week: null, computedAt: null, currency, figures: null, previous: null, weeks: [] };
  const before = addWeeks(shown.week, -1);
  const previousComputed = await repo.findComputedWeek(ctx, before);
  const stored = await repo.scopeFigures(
    ctx,
    scopeOf(ctx),
    previousComputed ? [shown.week, before] : [shown.week],
  );
  const empty = (week: string) => figuresOf(stored.get(week)) ?? EMPTY_FIGURES;
  return {
    week: shown.week,
    computedAt: shown.computed_at.toISOString(),
    currency,
    figures: empty(shown.week),
    previous: previousComputed ? empty(before) : null,
    weeks: weeks.map((w) => w.week),
  };
}
