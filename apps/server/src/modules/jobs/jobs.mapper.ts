import type { FailedJobResponse } from '@reprise/shared';
import type { DeadLetter } from '../../platform/jobs';

export const toFailedJobResponse = (job: DeadLetter): FailedJobResponse => ({
  id: job.id,
  queue: job.queue,
  error: job.error,
  attempts: job.attempts,
  createdAt: job.createdAt.toISOString(),
  failedAt: job.failedAt.toISOString(),
  data: job.data,
});
