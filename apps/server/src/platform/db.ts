import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CHANGES_CHANNEL, changeFeed } from './change-feed';
import type { Database } from './db.types';
import { AUTH_CHANGED_CHANNEL, sessionCache } from './session-cache';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// timestamps as ISO strings, bigint as number (our bigints are amounts, far below 2^53)
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * The pg_trgm similarity from which the `%` operator matches, set once on every session: the
 * search takes its word corrections from it ('iphnoe' → 'iphone' is 0.27), without a statement
 * per search to set it.
 */
export const TRIGRAM_SIMILARITY_THRESHOLD = 0.2;

/** A real PostgreSQL server when a URL is given, else the embedded PGlite in `dataDir`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: `-c pg_trgm.similarity_threshold=${TRIGRAM_SIMILARITY_THRESHOLD}`,
    });
    // An idle connection the server closes (a restart, a failover, a terminated backend) must not
    // bring the process down: the pool drops it and opens another when one is needed.
    pool.on('error', (error: Error & { code?: string }) => {
      if (!pool.ending) console.error(`database connection lost (${error.code ?? error.message})`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listener = await listenOnServer(options.databaseUrl);
    return {
      db,
      pool,
      kind: 'postgres',
      close: async () => {
        await listener.close();
        await db.destroy();
      },
    };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create(options.dataDir ? `${options.dataDir}/pgdata` : undefined, {
      relaxedDurability: false,
      extensions: { pg_trgm },
    });
  }
  const instance = pglite;
  await instance.exec(`SET pg_trgm.similarity_threshold = ${TRIGRAM_SIMILARITY_THRESHOLD}`);
  const unlisten = await instance.listen(AUTH_CHANGED_CHANNEL, () => sessionCache.clear());
  const unlistenChanges = await instance.listen(CHANGES_CHANNEL, (payload) => changeFeed.dispatch(payload));
  const pool = new pg.Pool(createPgConfig(instance) as unknown as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind: 'pglite',
    close: async () => {
      await unlisten();
      await unlistenChanges();
      await db.destroy();
      if (!options.pglite) await instance.close();
    },
  };
}

/**
 * Listens for auth changes and the change feed of any process on the server (NOTIFY is sent at
 * commit): clears this process's session cache, passes changes to the feed's caches; reconnects
 * if the connection drops (and then forgets every cached value, since notifications were lost).
 */
async function listenOnServer(url: string): Promise<{ close: () => Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) changeFeed.dispatch(message.payload ?? '');
      else sessionCache.clear();
    });
    c.on('error', () => {
      sessionCache.clear();
      changeFeed.reset();
      if (!closed) setTimeout(() => connect().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${AUTH_CHANGED_CHANNEL}`);
    await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = c;
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      await client?.end();
    },
  };
}
