import { sql } from 'kysely';
import { Gauge } from 'prom-client';
import type { Db } from './db.types';
import { DEAD_LETTER_QUEUE, QUEUES } from './jobs';
import { metricsRegistry } from './metrics';

/**
 * The job queues' gauges (docs/metrics.md), read from the database when scraped: one query over
 * pg-boss's unfinished jobs for all of them, run at most once per `minIntervalMs` (scrapes in
 * between, and the gauges of one scrape, share its answer), so scrapers cannot hammer the database.
 * They describe the database, not the process: every process reports the same values.
 */
export const JOB_QUEUE_METRICS = { minIntervalMs: 10_000 };

const JOB_STATES = ['ready', 'deferred', 'active'] as const;
type JobState = (typeof JOB_STATES)[number] | 'dead_letter';

interface QueueRow {
  queue: string;
  state: JobState;
  jobs: number;
  /** Seconds since the oldest of these jobs was due (its start_after: sent, retried or scheduled). */
  oldest_seconds: number | null;
}

const sources = new Set<{ db: Db }>();
/** The latest query: its start, its answer, and whether it is still running. */
let last: { at: number; rows: Promise<QueueRow[] | null>; running: boolean } | null = null;

/** Reports the job queues of this database in the gauges; answers the function that stops it. */
export function reportJobQueues(db: Db): () => void {
  const source = { db };
  sources.add(source);
  return () => {
    sources.delete(source);
    last = null;
  };
}

/**
 * Jobs not finished yet (created, retry, active: pg-boss's states before `completed`), by queue and
 * whether they wait for their time (deferred), could run now (ready) or run; the dead letters by the
 * queue they failed in.
 */
async function readQueues(db: Db): Promise<QueueRow[]> {
  const { rows } = await sql<QueueRow>`
    SELECT CASE WHEN name = ${DEAD_LETTER_QUEUE} THEN source_name ELSE name END AS queue,
           CASE WHEN name = ${DEAD_LETTER_QUEUE} THEN 'dead_letter'
                WHEN state = 'active' THEN 'active'
                WHEN start_after > now() THEN 'deferred'
                ELSE 'ready' END AS state,
           count(*)::int AS jobs,
           EXTRACT(EPOCH FROM now() - min(start_after))::float8 AS oldest_seconds
    FROM pgboss.job
    WHERE state < 'completed'
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/** The rows of the latest query, or of a new one when they are older than minIntervalMs; null: none. */
function queueRows(): Promise<QueueRow[] | null> {
  const [source] = sources;
  if (!source) return Promise.resolve(null);
  if (last && (last.running || Date.now() - last.at < JOB_QUEUE_METRICS.minIntervalMs)) return last.rows;
  const current: NonNullable<typeof last> = { at: Date.now(), rows: Promise.resolve(null), running: true };
  current.rows = readQueues(source.db)
    .catch((error: Error) => {
      // the scrape goes on without these gauges (their absence is the signal), the next one asks again
      console.error(`metrics: the job queues could not be read (${error.message})`);
      current.at = 0;
      return null;
    })
    .finally(() => {
      current.running = false;
    });
  last = current;
  return current.rows;
}

const QUEUE_NAMES = Object.keys(QUEUES);

new Gauge({
  name: 'reprise_job_queue_jobs',
  help: 'Unfinished jobs by queue and state: ready (due, waiting for a worker), deferred (due later: a retry, a reminder), active (running).',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const rows = await queueRows();
    this.reset();
    if (!rows) return;
    for (const queue of QUEUE_NAMES)
      for (const state of JOB_STATES)
        this.set({ queue, state }, rows.find((r) => r.queue === queue && r.state === state)?.jobs ?? 0);
  },
});

new Gauge({
  name: 'reprise_job_queue_oldest_ready_seconds',
  help: 'Seconds since the oldest ready job of the queue became due; 0 when none waits.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    const rows = await queueRows();
    this.reset();
    if (!rows) return;
    for (const queue of QUEUE_NAMES) {
      const ready = rows.find((r) => r.queue === queue && r.state === 'ready');
      this.set({ queue }, Math.max(0, ready?.oldest_seconds ?? 0));
    }
  },
});

new Gauge({
  name: 'reprise_job_queue_dead_letters',
  help: 'Jobs failed for good, waiting in the dead letters for an admin (/admin/jobs), by the queue they failed in.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    const rows = await queueRows();
    this.reset();
    if (!rows) return;
    for (const queue of QUEUE_NAMES)
      this.set({ queue }, rows.find((r) => r.queue === queue && r.state === 'dead_letter')?.jobs ?? 0);
  },
});
