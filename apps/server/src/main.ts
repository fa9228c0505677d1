import { buildApp } from './app';
import { purgeRateLimits } from './modules/auth';
import { compactBuybackCounts, protectIbansAtRest } from './modules/buybacks';
import { protectConnectorSecretsAtRest } from './modules/connectors';
import { protectSandboxSecretsAtRest } from './modules/sandbox-carrier';
import { startSftpServer } from './modules/sftp';
import { purgeExpiredSignIns } from './modules/single-sign-on';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { processDeps } from './platform/deps';
import { startHousekeeping } from './platform/housekeeping';
import { startJobs } from './platform/jobs';
import { startMetricsServer } from './platform/metrics-endpoint';
import { migrate } from './platform/migrate';
import { systemContext } from './platform/request-context';
import { loadKeyring } from './platform/secrets';
import { DEMO_USERS, isEmpty, seedDemo } from './seed/demo';
import { DEMO } from './seed/demo-ids';
import { startWorkers } from './workers';

/** A configuration the process cannot run with: its message alone, no stack trace. */
function refuseToStart(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  for (const line of error.message.split('\n')) console.error(`Reprise cannot start: ${line}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let keyring: ReturnType<typeof loadKeyring>;
try {
  config = loadConfig();
  keyring = loadKeyring(config, (message) => console.log(message));
} catch (error) {
  refuseToStart(error);
}
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(handle.db);
if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);

// the embedded database gets the demo data when new; a real server only through `npm run seed:demo`
let seeded = false;
if (handle.kind === 'pglite' && (await isEmpty(handle.db))) {
  await seedDemo(handle.db, keyring);
  seeded = true;
}
// the process that runs the workers also sends the schedules' jobs (the connectors' minute tick)
const jobs = await startJobs(handle.pool, {
  schedule: config.runWorker,
  pollingIntervalSeconds: config.jobPollingSeconds,
});
const deps = processDeps({ db: handle.db, config, jobs, keyring });
// before serving: IBANs still in clear (migration 010) or under an older key are encrypted again
const reencrypted = await protectIbansAtRest(systemContext(deps, { kind: 'all' })).catch(refuseToStart);
if (reencrypted > 0) console.log(`IBANs encrypted with the current data encryption key: ${reencrypted}`);
// and the connector configurations' and the sandbox carrier's secrets, under the same keys
const secrets =
  (await protectConnectorSecretsAtRest(systemContext(deps, { kind: 'all' })).catch(refuseToStart)) +
  (await protectSandboxSecretsAtRest(systemContext(deps, { kind: 'all' })).catch(refuseToStart));
if (secrets > 0) console.log(`Connector secrets encrypted with the current data encryption key: ${secrets}`);
const app = await buildApp(deps, { logger: process.env.LOG_REQUESTS === 'true' });

// the built-in SFTP server (modules/sftp/sftp-server.ts), unless SFTP_PORT=off; before the HTTP
// port, so that a port already taken stops the start with one line before anything is served
const sftp =
  config.sftpPort === null
    ? null
    : await startSftpServer(deps, { port: config.sftpPort, host: config.host }).catch(refuseToStart);
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
// METRICS_PORT: /metrics without a token on a listener of its own (docs/metrics.md)
const metrics =
  config.metricsPort === null
    ? null
    : await startMetricsServer({ port: config.metricsPort, host: config.host, db: handle.db }).catch(
        refuseToStart,
      );
if (config.runWorker) {
  await startWorkers(deps);
  await jobs.schedule('connector-schedule', '* * * * *');
  // the dashboard's statistics of the week before, every Monday (docs/dashboard.md)
  await jobs.schedule('weekly-statistics', '0 3 * * 1');
}
const housekeeping = startHousekeeping(handle.db, (message) => console.log(message), [
  { name: 'attempt counters idle for a day deleted', run: (db) => purgeRateLimits(db) },
  { name: 'buyback count rows compacted', run: (db) => compactBuybackCounts(db) },
  {
    name: 'single sign-ons past their expiry deleted',
    run: () => purgeExpiredSignIns(systemContext(deps, { kind: 'all' })),
  },
]);

console.log(`
Reprise is running at ${config.publicUrl}
  database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' (demo data seeded)' : ''}
  API documentation: ${config.publicUrl}/api/docs
  SFTP server: ${sftp ? `${config.sftpHost}:${sftp.port}` : 'off (SFTP_PORT=off)'}
  jobs: ${config.runWorker ? 'run in this process' : 'left to `npm run worker` (RUN_WORKER=false)'}
  metrics: ${[config.metricsToken && '/metrics with METRICS_TOKEN', metrics && `port ${metrics.port} (METRICS_PORT)`].filter(Boolean).join(', ') || 'off (METRICS_TOKEN, METRICS_PORT)'}
Demo logins (password ${DEMO.password}):
${DEMO_USERS.map((u) => `  ${u.email.padEnd(42)} ${u.types.join(', ')}`).join('\n')}
`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    housekeeping.stop();
    await sftp?.close();
    await metrics?.close();
    await app.close();
    await jobs.stop();
    await handle.close();
    process.exit(0);
  });
}
