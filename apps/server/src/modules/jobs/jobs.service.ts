import type { FailedJobResponse, ListFailedJobsQuery } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import { type RequestContext, transact } from '../../platform/request-context';
import { toFailedJobResponse } from './jobs.mapper';

/**
 * The failed background jobs (platform/jobs.ts: the dead letters), for platform admins: every
 * account's jobs, so the route's permission is held by platform operators only.
 */
export async function listFailedJobs(
  ctx: RequestContext,
  query: ListFailedJobsQuery,
): Promise<Page<FailedJobResponse>> {
  const page = await ctx.deps.jobs.deadLetters({
    queue: query.queue,
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return { member: page.member.map(toFailedJobResponse), totalItems: page.totalItems };
}

const noSuchJob = () => notFound('failed job');

/** Sends a failed job back to its queue, where it runs again with a fresh set of retries. */
export async function retryFailedJob(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    if (!(await ctx.deps.jobs.retry(tx.trx, id))) throw noSuchJob();
    await audit(tx, {
      action: 'update',
      entityType: 'job',
      entityId: id,
      accountId: null,
      after: { retried: true },
    });
  });
}

/** Drops a failed job for good (its cause will not be mended, or it was handled another way). */
export async function discardFailedJob(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    if (!(await ctx.deps.jobs.discard(tx.trx, id))) throw noSuchJob();
    await audit(tx, { action: 'remove', entityType: 'job', entityId: id, accountId: null });
  });
}
