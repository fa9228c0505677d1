import { ConfigError, loadConfig, workerDatabaseUrl } from './platform/config';
import { openDatabase } from './platform/db';
import { processDeps } from './platform/deps';
import { startJobs } from './platform/jobs';
import { startMetricsServer } from './platform/metrics-endpoint';
import { isMigrated } from './platform/migrate';
import { loadKeyring } from './platform/secrets';
import { startWorkers } from './workers';

/** `npm run worker`: the handlers of workers.ts in a process of their own; several may run on one database. */

function refuseToStart(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  for (const line of error.message.split('\n')) console.error(`Reprise worker cannot start: ${line}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let keyring: ReturnType<typeof loadKeyring>;
let databaseUrl: string;
try {
  config = loadConfig();
  databaseUrl = workerDatabaseUrl(config);
  keyring = loadKeyring(config, (message) => console.log(message));
} catch (error) {
  refuseToStart(error);
}

let closing = false;
let stop = async () => process.exit(0);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await stop();
  });
}

const handle = await openDatabase({ databaseUrl });
stop = async () => {
  await handle.close();
  process.exit(0);
};

// the worker migrates nothing: the server (`npm start`, `npm run seed:demo`) does, and the
// handlers must not run on a schema older than their code
const migrated = () => isMigrated(handle.db).catch(() => false);
if (!(await migrated())) {
  console.log('Waiting for the database migrations (applied by `npm start`)…');
  while (!(await migrated())) await new Promise((resolve) => setTimeout(resolve, 2000));
}

// a worker sends the schedules' jobs too (once across every process: pg-boss keeps them in the database)
const jobs = await startJobs(handle.pool, {
  schedule: true,
  pollingIntervalSeconds: config.jobPollingSeconds,
});
// METRICS_PORT: the worker's metrics (its jobs, imports, exports) on a listener of its own
const metrics =
  config.metricsPort === null
    ? null
    : await startMetricsServer({ port: config.metricsPort, host: config.host, db: handle.db }).catch(
        refuseToStart,
      );
stop = async () => {
  await metrics?.close();
  await jobs.stop();
  await handle.close();
  process.exit(0);
};
await startWorkers(processDeps({ db: handle.db, config, jobs, keyring }));
await jobs.schedule('connector-schedule', '* * * * *');
// the dashboard's statistics of the week before, every Monday (docs/dashboard.md)
await jobs.schedule('weekly-statistics', '0 3 * * 1');
console.log(`Reprise worker is running the jobs${metrics ? `; metrics on port ${metrics.port}` : ''}`);
