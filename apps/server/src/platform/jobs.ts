import type { Transaction } from 'kysely';
import type pg from 'pg';
import { fromKysely, type Job, type JobResult, PgBoss } from 'pg-boss';
import type { Database } from './db.types';

/** The queues and their retry policy: a failed run is tried again later, each wait doubling. */
export const QUEUES = {
  /**
   * One mail to send (platform/mail.ts): SMTP can be down for a while, so it retries for about an
   * hour; a sent job (it holds the mail's link) is deleted an hour later.
   */
  mail: {
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 120,
    deleteAfterSeconds: 3600,
  },
  /** A password reset request to look up and answer by mail (modules/auth/auth.service.ts). */
  'password-reset': {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 60,
  },
} as const;
export type QueueName = keyof typeof QUEUES;

/** What a handler receives: the payload, and the job id that stays the same across retries. */
export type JobHandler<T> = (data: T, jobId: string) => Promise<void>;

export interface Jobs {
  /** Enqueues inside the caller's transaction: the job exists only if that transaction commits. */
  send(trx: Transaction<Database>, queue: QueueName, data: object): Promise<void>;
  /** Runs `handler` for the jobs of `queue` in this process; a handler that throws is retried. */
  work<T>(queue: QueueName, handler: JobHandler<T>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The pg-boss queue on the application's own pool (PGlite through createPgConfig, or PostgreSQL):
 * started here, which installs or upgrades its schema, and stopped before the pool closes.
 */
export async function startJobs(
  pool: pg.Pool,
  options: { pollingIntervalSeconds?: number; maintenance?: boolean; log?: (message: string) => void } = {},
): Promise<Jobs> {
  const log = options.log ?? ((message: string) => console.error(message));
  const boss = new PgBoss({
    // the pool serialises PGlite's single connection, so pg-boss never runs inside another transaction
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
    supervise: options.maintenance ?? true,
    maintenanceIntervalSeconds: 3600,
    schedule: false,
  });
  boss.on('error', (error) => log(`jobs: ${error.message}`));
  await boss.start();
  for (const [name, policy] of Object.entries(QUEUES)) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else {
      // another process starting at the same moment may have created it first
      await boss.createQueue(name, policy).catch(async (error: Error) => {
        if (!(await boss.getQueue(name))) throw error;
      });
    }
  }
  // a batch at a time, fetched again at once while batches come full: a backlog drains without
  // waiting a polling interval per job; each job of a batch succeeds or is retried on its own
  const polling = {
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    batchSize: 10,
    burstWhenBatchFull: true,
    perJobResults: true,
  } as const;
  return {
    async send(trx, queue, data) {
      await boss.send(queue, data, { db: fromKysely(trx) });
    },
    async work<T>(queue: QueueName, handler: JobHandler<T>) {
      await boss.work<T>(queue, polling, async (jobs: Job<T>[]) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            await handler(job.data, job.id);
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            log(`jobs: ${queue} ${job.id} failed (${(error as Error).message}); tried again later`);
            results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
          }
        }
        return results;
      });
    },
    async stop() {
      await boss.stop({ graceful: true, close: false, timeout: 10_000 });
    },
  };
}
