import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { migrate } from '../platform/migrate';
import { loadKeyring } from '../platform/secrets';
import { isEmpty, seedDemo } from './demo';

/** `npm run seed:demo`: migrates the configured database and seeds the demo data if it is empty. */
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(handle.db);
  if (await isEmpty(handle.db)) {
    await seedDemo(
      handle.db,
      loadKeyring(config, (message) => console.log(message)),
    );
    console.log('Demo data seeded.');
  } else {
    console.log('The database already holds data: nothing seeded.');
  }
} finally {
  await handle.close();
}
