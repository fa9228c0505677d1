import { ConfigError, loadConfig, workerDatabaseUrl } from './platform/config';
import { openDatabase } from './platform/db';
import { processDeps } from './platform/deps';
import { startJobs } from './platform/jobs';
import { metricsListenerOf } from './platform/metrics-endpoint';
import { isMigrated } from './platform/migrate';
import { processLog } from './platform/process-log';
import { loadKeyring } from './platform/secrets';
import { handleShutdown } from './platform/shutdown';
import { startWorkers } from './workers';

/** `npm run worker`: the handlers of workers.ts in a process of their own; several may run on one database. */

// plain lines at a terminal, JSON lines in production (NODE_ENV=production)
const log = processLog();

function refuseToStart(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  for (const line of error.message.split('\n')) log.error(`Reprise worker cannot start: ${line}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let keyring: ReturnType<typeof loadKeyring>;
let databaseUrl: string;
try {
  config = loadConfig();
  databaseUrl = workerDatabaseUrl(config);
  keyring = loadKeyring(config, (message) => log.info(message));
} catch (error) {
  refuseToStart(error);
}

// SIGTERM: no more jobs taken, the active ones finished (within SHUTDOWN_GRACE_SECONDS), the pool closed
const shutdown = handleShutdown({ graceSeconds: config.shutdownGraceSeconds, log });
const handle = await openDatabase({ databaseUrl, poolSize: config.databasePoolSize });
shutdown.add('database', () => handle.close());

// the worker migrates nothing: the server (`npm start`, `npm run seed:demo`) does, and the
// handlers must not run on a schema older than their code
const migrated = () => isMigrated(handle.db).catch(() => false);
if (!(await migrated())) {
  log.info('Waiting for the database migrations (applied by `npm start`)…');
  while (!(await migrated())) await new Promise((resolve) => setTimeout(resolve, 2000));
}

// a worker sends the schedules' jobs too (once across every process: pg-boss keeps them in the database)
const jobs = await startJobs(handle.pool, {
  schedule: true,
  pollingIntervalSeconds: config.jobPollingSeconds,
  log: (message) => log.error(message),
});
// METRICS_PORT: the worker's metrics (its jobs, imports, exports) on a listener of its own, closed
// once the jobs are stopped
const metrics = await metricsListenerOf(config, handle.db).catch(refuseToStart);
if (metrics) shutdown.add('metrics listener', () => metrics.close());
// the active jobs get what is left of the grace period, less a second to hand back those cut off
shutdown.add('jobs', (remainingMs) => jobs.stop(Math.max(1000, remainingMs - 1000)));
await startWorkers(processDeps({ db: handle.db, config, jobs, keyring }));
await jobs.schedule('connector-schedule', '* * * * *');
// the dashboard's statistics of the week before, every Monday (docs/dashboard.md)
await jobs.schedule('weekly-statistics', '0 3 * * 1');
log.info(`Reprise worker is running the jobs${metrics ? `; metrics on port ${metrics.port}` : ''}`);
