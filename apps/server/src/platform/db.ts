import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import { CHANGES_CHANNEL, changeFeed } from './change-feed';
import type { Database, Db } from './db.types';
import { instrumentPool } from './metrics';
import { processLog } from './process-log';
import { AUTH_CHANGED_CHANNEL, sessionCache } from './session-cache';

export type { Db };

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
const TRIGRAM_SIMILARITY_THRESHOLD = 0.2;

/** A real PostgreSQL server when a URL is given, else the embedded PGlite in `dataDir`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  /** The most connections the pool opens (DATABASE_POOL_SIZE; the change feed's listener is one more). */
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // a connection's named statements are renewed with it (see namedStatements)
      maxLifetimeSeconds: NAMED_STATEMENTS.connectionLifetimeSeconds,
      options: `-c pg_trgm.similarity_threshold=${TRIGRAM_SIMILARITY_THRESHOLD}`,
    });
    // An idle connection the server closes (a restart, a failover, a terminated backend) must not
    // bring the process down: the pool drops it and opens another when one is needed.
    pool.on('error', (error: Error & { code?: string }) => {
      if (!pool.ending) processLog().error(`database connection lost (${error.code ?? error.message})`);
    });
    // A connection lent out (a transaction between two statements) loses the pool's idle handler:
    // its 'error' must not become an uncaught exception. The query in flight fails with the error
    // (answered 503, platform/errors.ts) and the pool discards the connection when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const unreport = instrumentPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatements(pool) }) });
    const listener = await listenOnServer(options.databaseUrl);
    return {
      db,
      pool,
      kind: 'postgres',
      close: async () => {
        unreport();
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
  // PGlite is one session: its pool's connections share it, and the waits are for that session
  const unreport = instrumentPool(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind: 'pglite',
    close: async () => {
      unreport();
      await unlisten();
      await unlistenChanges();
      await db.destroy();
      if (!options.pglite) await instance.close();
    },
  };
}

/**
 * Written into a statement (`.modifyEnd(CUSTOM_PLAN)`, or inside a `sql` template) whose best plan
 * depends on its values and whose execution costs far more than its planning: a text search, a
 * filter of a large table by tenant, subtree or words. The driver sends it unnamed, so PostgreSQL
 * plans it for the values of each execution; a named statement would get, after five executions,
 * the generic plan of any values (bench/RESULTS.md, issue 11: 2 to 3 times slower searches).
 */
export const CUSTOM_PLAN = sql.raw('/* custom plan */');
const CUSTOM_PLAN_MARK = '/* custom plan */';

/**
 * How the PostgreSQL driver names statements. A named statement is parsed and planned once per
 * connection: PostgreSQL keeps it (its generic plan, once that plan costs no more than the custom
 * ones) for the connection's life. A connection names its first `perConnection` distinct texts;
 * the others run unnamed, as every statement did before, so texts that vary without bound (an IN
 * list of any length, a bulk insert) cannot make a connection's memory grow without bound (a
 * cached plan of the users list takes about 230 kB). The pool replaces a connection after
 * `connectionLifetimeSeconds`, so the named ones follow what the application runs now.
 */
export const NAMED_STATEMENTS = { perConnection: 100, connectionLifetimeSeconds: 1800 };

/**
 * Errors that say a connection's named statements no longer match the server's: a migration
 * changed the columns a statement returns ('cached plan must not change result type', 0A000), or
 * the statements were deallocated (26000) or are already there (42P05). The statement fails; the
 * connection is dropped when released, and the next one prepares its statements anew.
 */
const staleStatement = (error: Error & { code?: string }) =>
  error.code === '26000' ||
  error.code === '42P05' ||
  (error.code === '0A000' && error.message.includes('cached plan must not change result type'));

/** The statement's name: a digest of its text (node-postgres refuses one name for two texts). */
const statementName = (text: string) => `s_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * The pool Kysely uses on PostgreSQL: statements with parameters are sent named (prepared once
 * per connection, then only bound and executed), within NAMED_STATEMENTS' bounds; statements
 * without parameters (migrations, transaction control, several statements in one text) and those
 * marked CUSTOM_PLAN are sent as before. PGlite keeps unnamed statements: its pool's clients
 * share one session, where one client's names would collide with another's.
 */
function namedStatements(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const named = new Set<string>();
    let stale = false;
    return {
      // Kysely sends a text and its parameters (no cursor: the dialect has none configured)
      query: ((text: string, values: unknown[]) => {
        if (values.length === 0 || text.includes(CUSTOM_PLAN_MARK)) return client.query(text, values);
        const name = statementName(text);
        if (!named.has(name)) {
          if (named.size >= NAMED_STATEMENTS.perConnection) return client.query(text, values);
          named.add(name);
        }
        return client.query({ name, text, values }).catch((error: Error & { code?: string }) => {
          if (staleStatement(error)) stale = true;
          throw error;
        });
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(stale),
    };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let found = wrapped.get(client);
      if (!found) {
        found = wrap(client);
        wrapped.set(client, found);
      }
      return found;
    },
    end: () => pool.end(),
  };
}

/** 250 ms, then doubling up to 30 s: quick after a blip, gentle with a server that stays down. */
const LISTENER_BACKOFF = { firstDelayMs: 250, maxDelayMs: 30_000 };

/**
 * Listens for auth changes and the change feed of any process on the server (NOTIFY is sent at
 * commit): clears this process's session cache, passes changes to the feed's caches. One
 * connection at a time: when it drops, every cached value is forgotten (notifications were lost)
 * and a single new connection is attempted after a delay that doubles, capped, until one holds.
 */
async function listenOnServer(url: string): Promise<{ close: () => Promise<void> }> {
  let current: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | null = null;

  const forget = () => {
    sessionCache.clear();
    changeFeed.reset();
  };
  const scheduleReconnect = () => {
    if (closed || retry) return;
    const delay = Math.min(LISTENER_BACKOFF.maxDelayMs, LISTENER_BACKOFF.firstDelayMs * 2 ** attempts);
    attempts += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().then(forget, scheduleReconnect);
    }, delay);
    retry.unref();
  };
  // a client reports its loss more than once ('error' for the server's message, then for the
  // socket): only the first report of the current client counts
  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = null;
    client.end().catch(() => {});
    if (closed) return;
    processLog().error('database listener lost; reconnecting');
    forget();
    scheduleReconnect();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'reprise-listener' });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (client !== current) return;
      if (message.channel === CHANGES_CHANNEL) changeFeed.dispatch(message.payload ?? '');
      else sessionCache.clear();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANGED_CHANNEL}`);
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
    attempts = 0;
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end();
    },
  };
}
