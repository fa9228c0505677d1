import { buildApp } from './app';
import { purgeRateLimits } from './modules/auth';
import { compactBuybackCounts, protectIbansAtRest } from './modules/buybacks';
import { purgeOldClientErrors } from './modules/client-errors';
import { protectConnectorSecretsAtRest } from './modules/connectors';
import { protectSandboxSecretsAtRest } from './modules/sandbox-carrier';
import { protectSandboxPayoutKeysAtRest } from './modules/sandbox-payouts';
import { startSftpServer } from './modules/sftp';
import { purgeExpiredSignIns } from './modules/single-sign-on';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { processDeps } from './platform/deps';
import { startHousekeeping } from './platform/housekeeping';
import { startJobs } from './platform/jobs';
import { metricsListenerOf } from './platform/metrics-endpoint';
import { migrate } from './platform/migrate';
import { processLog } from './platform/process-log';
import { systemContext } from './platform/request-context';
import { loadKeyring } from './platform/secrets';
import { handleShutdown } from './platform/shutdown';
import { DEMO_USERS, isEmpty, seedDemo } from './seed/demo';
import { DEMO } from './seed/demo-ids';
import { startWorkers } from './workers';

// plain lines at a terminal, JSON lines in production (NODE_ENV=production)
const log = processLog();

/** A configuration the process cannot run with: its message alone, no stack trace. */
function refuseToStart(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  for (const line of error.message.split('\n')) log.error(`Reprise cannot start: ${line}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let keyring: ReturnType<typeof loadKeyring>;
try {
  config = loadConfig();
  keyring = loadKeyring(config, (message) => log.info(message));
} catch (error) {
  refuseToStart(error);
}
// SIGTERM: /api/ready answers 503, then what is opened below closes, the last first
const shutdown = handleShutdown({ graceSeconds: config.shutdownGraceSeconds, log });
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
shutdown.add('database', () => handle.close());
const applied = await migrate(handle.db);
if (applied.length) log.info(`Migrations applied: ${applied.join(', ')}`, { migrations: applied });

// Only the embedded database gets the demo data, when new (it is the demo's, `npm start`); a
// PostgreSQL server never does, so neither does production (which requires one, config.ts): its
// demo data comes only from `npm run seed:demo`.
const seedsDemoData = handle.kind === 'pglite' && !config.production;
let seeded = false;
if (seedsDemoData && (await isEmpty(handle.db))) {
  await seedDemo(handle.db, keyring);
  seeded = true;
}
// the process that runs the workers also sends the schedules' jobs (the connectors' minute tick)
const jobs = await startJobs(handle.pool, {
  schedule: config.runWorker,
  pollingIntervalSeconds: config.jobPollingSeconds,
  log: (message) => log.error(message),
});
// the active jobs get what is left of the grace period, less a second to hand back those cut off
shutdown.add('jobs', (remainingMs) => jobs.stop(Math.max(1000, remainingMs - 1000)));
const deps = processDeps({ db: handle.db, config, jobs, keyring });
// before serving: IBANs still in clear (migration 010) or under an older key are encrypted again
const reencrypted = await protectIbansAtRest(systemContext(deps, { kind: 'all' })).catch(refuseToStart);
if (reencrypted > 0) log.info(`IBANs encrypted with the current data encryption key: ${reencrypted}`);
// and the connector configurations' and the sandbox carrier's secrets, under the same keys
const secrets =
  (await protectConnectorSecretsAtRest(systemContext(deps, { kind: 'all' })).catch(refuseToStart)) +
  (await protectSandboxSecretsAtRest(systemContext(deps, { kind: 'all' })).catch(refuseToStart)) +
  (await protectSandboxPayoutKeysAtRest(systemContext(deps, { kind: 'all' })).catch(refuseToStart));
if (secrets > 0) log.info(`Connector secrets encrypted with the current data encryption key: ${secrets}`);
// a JSON line per request in production; elsewhere when asked (LOG_REQUESTS=true)
const app = await buildApp(deps, {
  logger: config.production || process.env.LOG_REQUESTS === 'true',
  stopping: () => shutdown.stopping,
});

// the built-in SFTP server (modules/sftp/sftp-server.ts), unless SFTP_PORT=off; before the HTTP
// port, so that a port already taken stops the start with one line before anything is served
const sftp =
  config.sftpPort === null
    ? null
    : await startSftpServer(deps, { port: config.sftpPort, host: config.host }).catch(refuseToStart);
if (sftp) shutdown.add('SFTP server', () => sftp.close());
await app
  .listen({ port: config.port, host: config.host })
  .catch((error: NodeJS.ErrnoException) =>
    refuseToStart(
      error.code === 'EADDRINUSE'
        ? new ConfigError(
            `the HTTP port ${config.port} is already in use on ${config.host} (another Reprise process?). Set PORT to a free port.`,
          )
        : error,
    ),
  );
// METRICS_PORT: /metrics without a token on a listener of its own (docs/metrics.md); closed after
// the HTTP server, so that a scrape sees the stop
const metrics = await metricsListenerOf(config, handle.db).catch(refuseToStart);
if (metrics) shutdown.add('metrics listener', () => metrics.close());
// stops accepting, finishes the requests in flight (and answers 503 to those after the signal)
shutdown.add('HTTP server', () => app.close());
if (config.runWorker) {
  await startWorkers(deps);
  await jobs.schedule('connector-schedule', '* * * * *');
  // the dashboard's statistics of the week before, every Monday (docs/dashboard.md)
  await jobs.schedule('weekly-statistics', '0 3 * * 1');
}
const housekeeping = startHousekeeping(handle.db, (message) => log.info(message), [
  { name: 'attempt counters idle for a day deleted', run: (db) => purgeRateLimits(db) },
  { name: 'buyback count rows compacted', run: (db) => compactBuybackCounts(db) },
  {
    name: 'single sign-ons past their expiry deleted',
    run: () => purgeExpiredSignIns(systemContext(deps, { kind: 'all' })),
  },
  {
    name: 'client error reports older than 90 days deleted',
    run: () => purgeOldClientErrors(systemContext(deps, { kind: 'all' })),
  },
]);

shutdown.add('housekeeping', () => housekeeping.stop());

const database =
  handle.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const jobsWhere = config.runWorker ? 'run in this process' : 'left to `npm run worker` (RUN_WORKER=false)';
const metricsWhere =
  [config.metricsToken && '/metrics with METRICS_TOKEN', metrics && `port ${metrics.port} (METRICS_PORT)`]
    .filter(Boolean)
    .join(', ') || 'off (METRICS_TOKEN, METRICS_PORT)';
if (config.production) {
  log.info(`Reprise is running at ${config.publicUrl}`, {
    publicUrl: config.publicUrl,
    database,
    sftpPort: sftp?.port ?? null,
    jobs: jobsWhere,
    metrics: metricsWhere,
  });
} else {
  log.info(`
Reprise is running at ${config.publicUrl}
  database: ${database}${seeded ? ' (demo data seeded)' : ''}
  API documentation: ${config.publicUrl}/api/docs
  files: ${config.objectStorage ? `bucket ${config.objectStorage.bucket} (S3_BUCKET)` : `on disk in ${config.filesDir}`}
  SFTP server: ${sftp ? `${config.sftpHost}:${sftp.port}` : 'off (SFTP_PORT=off)'}
  jobs: ${jobsWhere}
  metrics: ${metricsWhere}
Demo logins (password ${DEMO.password}):
${DEMO_USERS.map((u) => `  ${u.email.padEnd(42)} ${u.types.join(', ')}`).join('\n')}
`);
}
