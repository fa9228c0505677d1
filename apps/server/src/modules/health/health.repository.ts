import { sql } from 'kysely';
import { isMigrated } from '../../platform/migrate';
import type { Reader } from '../../platform/request-context';

/** The database answers (throws when it does not), and whether every migration is applied. */
export async function probeDatabase(db: Reader): Promise<'ready' | 'migrations_pending'> {
  await sql`SELECT 1`.execute(db);
  return (await isMigrated(db)) ? 'ready' : 'migrations_pending';
}
