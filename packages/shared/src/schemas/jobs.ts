import { z } from 'zod';
import { PaginationQuery } from './common';

/** The queues of background jobs (apps/server/src/platform/jobs.ts gives each its retry policy). */
export const JOB_QUEUES = [
  'mail',
  'password-reset',
  'litigation-reminder',
  'payment',
  'shipment',
  'pickup',
  'webhook',
  'sandbox-carrier',
  'sandbox-payouts',
  'import',
  'export',
  'sftp-pull',
  'connector-schedule',
  'catalog-reindex',
  'weekly-statistics',
  'device-check',
] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

/** `GET /api/jobs/failed`: the failed jobs, newest failure first, of one queue or all. */
export const ListFailedJobsQuery = PaginationQuery.extend({
  queue: z.enum(JOB_QUEUES).optional(),
});
export type ListFailedJobsQuery = z.infer<typeof ListFailedJobsQuery>;

/**
 * A job whose retries ran out (or that failed for good at once), waiting for an admin. `data` holds
 * only the fields of its payload an admin may read (a mail's recipient and subject, never its body).
 */
export const FailedJobResponse = z.object({
  id: z.uuid(),
  queue: z.enum(JOB_QUEUES),
  /** The last attempt's error message. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string(),
  data: z.record(z.string(), z.string()),
});
export type FailedJobResponse = z.infer<typeof FailedJobResponse>;
