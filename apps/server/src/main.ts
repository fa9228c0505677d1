import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { startHousekeeping } from './platform/housekeeping';
import { createMailer } from './platform/mail';
import { migrate } from './platform/migrate';
import { localStorage } from './platform/storage';
import { DEMO_USERS, isEmpty, seedDemo } from './seed/demo';
import { DEMO } from './seed/demo-ids';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(handle.db);
if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);

// the embedded database gets the demo data when new; a real server only through `npm run seed:demo`
let seeded = false;
if (handle.kind === 'pglite' && (await isEmpty(handle.db))) {
  await seedDemo(handle.db);
  seeded = true;
}

const app = await buildApp(
  {
    db: handle.db,
    config,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: config.mailDir,
      log: (msg) => console.log(msg),
    }),
    storage: localStorage(config.filesDir),
  },
  { logger: process.env.LOG_REQUESTS === 'true' },
);

await app.listen({ port: config.port, host: config.host });
const housekeeping = startHousekeeping(handle.db, (message) => console.log(message));

console.log(`
Reprise is running at ${config.publicUrl}
  database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' (demo data seeded)' : ''}
  API documentation: ${config.publicUrl}/api/docs
Demo logins (password ${DEMO.password}):
${DEMO_USERS.map((u) => `  ${u.email.padEnd(42)} ${u.types.join(', ')}`).join('\n')}
`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    housekeeping.stop();
    await app.close();
    await handle.close();
    process.exit(0);
  });
}
