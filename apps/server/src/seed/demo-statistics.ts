import { addWeeks, weekStartOf } from '@reprise/shared';
import { computeWeeklyStatistics } from '../modules/dashboard/statistics.service';
import type { AppDeps } from '../platform/deps';
import type { BaseTxContext, Trx } from '../platform/request-context';

/** The weeks before the current one the demo computes, so the week picker has several. */
const WEEKS_BEFORE = 3;

/**
 * The dashboard's statistics of the demo (docs/dashboard.md), computed last in the seed's
 * transaction: the three weeks before the current one and the current week as seeded, since the
 * demo's buybacks are made today (one pre-declared 20 days ago). The Monday job recomputes the
 * current week in full once it is over.
 */
export async function seedDemoStatistics(trx: Trx, now: Date = new Date()): Promise<void> {
  const ctx: BaseTxContext = {
    scope: { kind: 'all' },
    locale: null,
    db: trx,
    // the statistics read and write only the database
    deps: { db: trx } as Partial<AppDeps> as AppDeps,
    trx,
    afterCommit: () => {
      throw new Error('the demo seed runs no after-commit effect');
    },
  };
  const current = weekStartOf(now);
  for (let weeks = WEEKS_BEFORE; weeks >= 0; weeks -= 1)
    await computeWeeklyStatistics(ctx, addWeeks(current, -weeks));
}
