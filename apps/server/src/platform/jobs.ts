import { createHash } from 'node:crypto';
import type { JobQueue } from '@reprise/shared';
import type { Transaction } from 'kysely';
import type pg from 'pg';
import { fromKysely, type JobResult, type JobWithMetadata, PgBoss, type Queue } from 'pg-boss';
import type { Database } from './db.types';
import { jobFailures } from './metrics';
import type { Page } from './pagination';

/**
 * Where the jobs of every queue go once their retries are spent (or at once when they fail for
 * good): no worker reads it; platform admins see its jobs and send them back (modules/jobs).
 */
export const DEAD_LETTER_QUEUE = 'dead-letter';

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
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /** A password reset request to look up and answer by mail (modules/auth/auth.service.ts). */
  'password-reset': {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * A counter-offer still open after 7 days: its mail is sent once more
   * (modules/warehouse/litigation.service.ts). Sent with `startAfter`; it keeps its link's token.
   */
  'litigation-reminder': {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * One payment to execute (modules/payments): sent when its buyback completes, and again when
   * it is relaunched. A provider that is down is tried again for about an hour.
   */
  payment: {
    retryLimit: 8,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 120,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * One step of a shipment at its carrier (modules/transport): create it, then fetch its label
   * until the carrier has made it (each fetch a job sent with `startAfter`).
   */
  shipment: {
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 120,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * One step of a buyback's pick-up at its carrier (modules/transport, docs/transport.md): book it
   * on its slot, or cancel it. A carrier that is down is tried again for about half an hour.
   */
  pickup: {
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 120,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /** One buyer resale webhook to deliver (modules/webhooks), retried with a growing wait for about 6 hours. */
  webhook: {
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * The sandbox carrier's own work (modules/sandbox-carrier): a label it makes after a delay, a
   * delivery event it posts to the shipper's webhook. A provider of its own; it keeps its jobs here.
   */
  'sandbox-carrier': {
    retryLimit: 6,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /** The sandbox payment provider's own work (modules/sandbox-payouts): a payout settled, its callback posted. */
  'sandbox-payouts': {
    retryLimit: 6,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * One catalogue import to run (modules/imports): one transaction per batch of lines, its position
   * saved with each, so a run that dies resumes where it stopped. A long file runs for minutes:
   * the job's expiry is long, and a worker that dies is noticed by the import's lease instead
   * (connector-schedule sends the import again once its lease ran out).
   */
  import: {
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 4 * 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /** One export to write (modules/exports): a CSV file in the storage. */
  export: {
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /** One pull of a remote SFTP server by the SFTP import connector (modules/sftp). */
  'sftp-pull': {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 1800,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * The minute tick (scheduled by main.ts and worker-main.ts): scheduled connectors due are sent
   * their job, and imports whose worker died are sent again (modules/sftp/connector-schedule.ts).
   * A tick is tried once more; the next one does the same work anyway.
   */
  'connector-schedule': {
    retryLimit: 1,
    retryDelay: 20,
    retryBackoff: true,
    expireInSeconds: 120,
    deleteAfterSeconds: 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * The rebuild of one account's product search documents, asked by a platform admin from the
   * client's screen (modules/account-admin/catalog-reindex.ts): one transaction per batch of products.
   */
  'catalog-reindex': {
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * The weekly statistics of the home dashboard (modules/dashboard/statistics.service.ts):
   * scheduled every Monday at 03:00 UTC by main.ts and worker-main.ts, it computes the ISO week
   * before and replaces that week's rows, so a retry or a second run does no harm.
   */
  'weekly-statistics': {
    retryLimit: 5,
    retryDelay: 300,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 1800,
    deleteAfterSeconds: 7 * 24 * 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  /**
   * A device check the provider did not answer (modules/device-check, docs/device-check.md): tried
   * again from 2 minutes, each wait doubling up to an hour, 6 times (about 2 hours in all).
   */
  'device-check': {
    retryLimit: 6,
    retryDelay: 120,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTER_QUEUE,
  },
} as const satisfies Record<JobQueue, Omit<Queue, 'name'>>;
export type QueueName = JobQueue;

/**
 * A dead letter waits 30 days for an admin, then goes. It is a copy of the failed job, whose own
 * row its queue deletes on its usual schedule.
 */
const DEAD_LETTER_POLICY = { retentionSeconds: 30 * 24 * 3600 };

/**
 * What an admin may read of a failed job's payload: these fields and nothing else. A mail's body
 * carries its links (a password link holds its token), so only its recipient and subject show.
 */
export const SHOWN_DATA: Record<QueueName, readonly string[]> = {
  mail: ['to', 'subject'],
  'password-reset': ['email'],
  'litigation-reminder': ['litigationId'],
  payment: ['paymentId'],
  shipment: ['shipmentId', 'step'],
  pickup: ['pickupId', 'step'],
  webhook: ['deliveryId'],
  'sandbox-carrier': ['shipmentId', 'step'],
  'sandbox-payouts': ['payoutId', 'step'],
  import: ['importId'],
  export: ['exportId'],
  'sftp-pull': ['configurationId'],
  'connector-schedule': [],
  'catalog-reindex': ['accountId'],
  'weekly-statistics': ['week'],
  'device-check': ['itemId'],
};

/** The fields of `data` that SHOWN_DATA lets an admin read, as text. */
export function shownData(queue: QueueName, data: unknown): Record<string, string> {
  const fields = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    SHOWN_DATA[queue].flatMap((name) => (typeof fields[name] === 'string' ? [[name, fields[name]]] : [])),
  );
}

/**
 * What a handler receives: the payload, and the id of the job as first sent, which stays the same
 * across its retries and after an admin sends it back from the dead letters (what idempotent
 * handlers record their work under).
 */
export type JobHandler<T> = (data: T, jobId: string) => Promise<void>;

/**
 * The id of a job a handler enqueues, derived from the handler's own job id: a second run of the
 * handler enqueues the same id again, which the queue ignores (or, the first one done, its
 * idempotent handler recognises), so nothing is done twice. A UUID of version 8 (custom).
 */
export function followUpJobId(jobId: string, purpose: string): string {
  const hex = createHash('sha256').update(`${jobId}:${purpose}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A failure no retry can mend (a recipient refused for good): the job goes to the dead letters at once. */
export class PermanentJobFailure extends Error {}

/** A job in the dead letters, as an admin sees it. */
export interface DeadLetter {
  id: string;
  /** The queue it failed in. */
  queue: QueueName;
  error: string | null;
  attempts: number;
  createdAt: Date;
  failedAt: Date;
  /** Its payload's fields an admin may read (shownData). */
  data: Record<string, string>;
}

interface SendOptions {
  /** The job's own id (a follow-up job's: followUpJobId). */
  id?: string;
  /** Not run before this moment (a reminder due in days). */
  startAfter?: Date;
}

export interface Jobs {
  /** Enqueues inside the caller's transaction: the job exists only if that transaction commits. */
  send(trx: Transaction<Database>, queue: QueueName, data: object, options?: SendOptions): Promise<void>;
  /**
   * Sends a job to `queue` at every occurrence of `cron` (UTC), once across every process: the
   * schedule is kept in the database. Only a queue started with `schedule: true` runs it.
   */
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** Runs `handler` for the jobs of `queue` in this process; a handler that throws is retried. */
  work<T>(queue: QueueName, handler: JobHandler<T>): Promise<void>;
  /** The dead letters, the latest failure first, of one queue or all. */
  deadLetters(query: { queue?: QueueName; offset: number; limit: number }): Promise<Page<DeadLetter>>;
  /**
   * Sends a dead letter back to its queue, in the caller's transaction, where it runs again with a
   * fresh set of retries. False when there is no such dead letter (sent back or discarded already).
   */
  retry(trx: Transaction<Database>, id: string): Promise<boolean>;
  /** Deletes a dead letter for good, in the caller's transaction; false when there is none. */
  discard(trx: Transaction<Database>, id: string): Promise<boolean>;
  /**
   * Takes no more jobs and waits for the active ones, at most `timeoutMs` (default 10 s); those
   * still running then are failed, so that they are retried (by another worker).
   */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * The pg-boss queue on the application's own pool (PGlite through createPgConfig, or PostgreSQL):
 * started here, which installs or upgrades its schema, and stopped before the pool closes.
 */
export async function startJobs(
  pool: pg.Pool,
  options: {
    pollingIntervalSeconds?: number;
    maintenance?: boolean;
    /** Whether this process sends the jobs of the schedules (main.ts and worker-main.ts; not tests). */
    schedule?: boolean;
    log?: (message: string) => void;
  } = {},
): Promise<Jobs> {
  const log = options.log ?? ((message: string) => console.error(message));
  const boss = new PgBoss({
    // the pool serialises PGlite's single connection, so pg-boss never runs inside another transaction
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
    supervise: options.maintenance ?? true,
    maintenanceIntervalSeconds: 3600,
    schedule: options.schedule ?? false,
  });
  boss.on('error', (error) => log(`jobs: ${error.message}`));
  await boss.start().catch(async (error: Error & { code?: string }) => {
    // two processes starting together on a new database both install pg-boss's schema: the one
    // that waited on pg-boss's lock still misses the other's CREATE SCHEMA and fails on the
    // catalogue's unique index (23505, which pg-boss does not take for the race it expects);
    // started again, it finds the schema there. Seen with two API processes of
    // `npm run test:scale-out` (deploy/scale-out.test.ts) three times out of three; processes
    // only: pools of one process never lost the race.
    if (error.code !== '23505') throw error;
    await boss.start();
  });
  const ensureQueue = async (name: string, policy: Omit<Queue, 'name'>) => {
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else {
      // another process starting at the same moment may have created it first
      await boss.createQueue(name, policy).catch(async (error: Error) => {
        if (!(await boss.getQueue(name))) throw error;
      });
    }
  };
  // the dead letters' queue first: the others name it
  await ensureQueue(DEAD_LETTER_QUEUE, DEAD_LETTER_POLICY);
  for (const [name, policy] of Object.entries(QUEUES)) await ensureQueue(name, policy);
  // creating or updating a queue drops it from pg-boss's cache, which a `send` then reads again on
  // the pool: inside a transaction on PGlite's single connection, that read waits for the
  // transaction itself (a process with no worker of the queue, such as bench/imports-child.ts, hung
  // there). Each queue is read back into the cache here, on the pool, by a read-only preview.
  for (const name of Object.keys(QUEUES)) await boss.previewRedrive(name);
  // read here, on the pool: it caches the dead letters' queue, which `retry` and `discard` then
  // reach inside a transaction without another connection (PGlite has one)
  const { total: waiting } = await boss.previewRedrive(DEAD_LETTER_QUEUE);
  if (waiting > 0) log(`jobs: ${waiting} failed job(s) wait for an admin (/admin/jobs)`);
  // a batch at a time, fetched again at once while batches come full: a backlog drains without
  // waiting a polling interval per job; each job of a batch succeeds or is retried on its own
  const polling = {
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    batchSize: 10,
    burstWhenBatchFull: true,
    perJobResults: true,
    includeMetadata: true,
  } as const;
  return {
    async send(trx, queue, data, sendOptions = {}) {
      await boss.send(queue, data, { ...sendOptions, db: fromKysely(trx) });
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    async work<T>(queue: QueueName, handler: JobHandler<T>) {
      await boss.work<T, JobResult[], typeof polling>(queue, polling, async (jobs: JobWithMetadata<T>[]) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            await handler(job.data, job.sourceRootId ?? job.id);
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            results.push(failure(queue, job, error as Error, log));
          }
        }
        return results;
      });
    },
    async deadLetters(query) {
      const queues = query.queue ? [query.queue] : Object.keys(QUEUES);
      const where = `FROM pgboss.job WHERE name = $1 AND state = 'created' AND source_name = ANY($2::text[])`;
      const { rows } = await pool.query<DeadLetterRow>(
        `SELECT id, source_name, data, source_output, source_retry_count, source_created_on, created_on
         ${where} ORDER BY created_on DESC, id LIMIT $3 OFFSET $4`,
        [DEAD_LETTER_QUEUE, queues, query.limit, query.offset],
      );
      const counted = await pool.query<{ count: number }>(`SELECT count(*)::int AS count ${where}`, [
        DEAD_LETTER_QUEUE,
        queues,
      ]);
      return { member: rows.map(toDeadLetter), totalItems: counted.rows[0]?.count ?? 0 };
    },
    async retry(trx, id) {
      return (await boss.redrive(DEAD_LETTER_QUEUE, { ids: [id], db: fromKysely(trx) })) === 1;
    },
    async discard(trx, id) {
      // pg-boss answers { jobs, requested, affected }, though its type names no field
      const deleted = await boss.deleteJob(DEAD_LETTER_QUEUE, id, { db: fromKysely(trx) });
      return (deleted as { affected: number }).affected === 1;
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs });
    },
  };
}

/**
 * How a failed run is settled: tried again later, or (its retries spent, or a permanent failure)
 * failed for good, which copies it to the dead letters.
 */
function failure(
  queue: QueueName,
  job: JobWithMetadata<unknown>,
  error: Error,
  log: (message: string) => void,
): JobResult {
  const permanent = error instanceof PermanentJobFailure;
  const dead = permanent || job.retryCount >= job.retryLimit;
  const outcome = dead ? 'sent to the dead letters' : 'tried again later';
  jobFailures.inc({ queue, outcome: dead ? 'dead_letter' : 'retried' });
  log(`jobs: ${queue} ${job.id} failed (${error.message}); ${outcome}`);
  return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { message: error.message } };
}

interface DeadLetterRow {
  id: string;
  source_name: QueueName;
  data: unknown;
  source_output: { message?: unknown; value?: { message?: unknown } } | null;
  source_retry_count: number;
  source_created_on: Date;
  created_on: Date;
}

/** A dead letter's row as an admin sees it: the error message (a handler's, or pg-boss's timeout). */
function toDeadLetter(row: DeadLetterRow): DeadLetter {
  const message = row.source_output?.message ?? row.source_output?.value?.message;
  return {
    id: row.id,
    queue: row.source_name,
    error: typeof message === 'string' ? message : null,
    attempts: row.source_retry_count + 1,
    createdAt: row.source_created_on,
    failedAt: row.created_on,
    data: shownData(row.source_name, row.data),
  };
}
