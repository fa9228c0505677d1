import { createWriteStream, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { writeDocuments } from '../apps/server/src/modules/catalog/search/postgres-product-search';
import { startImport } from '../apps/server/src/modules/imports/import-start';
import { loadConfig } from '../apps/server/src/platform/config';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/platform/db';
import { processDeps } from '../apps/server/src/platform/deps';
import { type Jobs, startJobs } from '../apps/server/src/platform/jobs';
import { migrate } from '../apps/server/src/platform/migrate';
import { systemContext, transact } from '../apps/server/src/platform/request-context';
import { loadKeyring } from '../apps/server/src/platform/secrets';
import { isEmpty, seedDemo } from '../apps/server/src/seed/demo';
import { DEMO } from '../apps/server/src/seed/demo-ids';
import { cpuProbe } from './cpu';
import { benchCategoryIdentifiers, benchProduct, COPY_COLUMNS, copyRow } from './imports-data';

/**
 * One figure of the import bench (bench/imports.ts) in a process of its own, on the database the
 * environment names (DATABASE_URL, else the PGlite in DATA_DIR), the files in FILES_DIR:
 *   prepare          migrates, seeds the demo data and installs the job queue (the runs' template)
 *   import <key> <n> imports the products file of n lines twice (inserts, then updates), exports
 *                    the products, and times COPY (SELECT …) TO of the same columns
 *   copy <n>         COPY of the same n product rows into `products`, in one transaction, then
 *                    their search documents
 *   memory <key> <n> imports the file, with this process's resident memory before and at its peak
 *   profile <key> <n> imports the file once (PostgreSQL), with the time spent in each kind of
 *                    statement (run it with NODE_OPTIONS=--cpu-prof for the Node side)
 * Prints one line `BENCH_RESULT <json>`.
 */

const ACCOUNT = DEMO.accounts.demoRetail;
const config = loadConfig();
const [mode, ...args] = process.argv.slice(2);

interface Timed {
  seconds: number;
  /** CPU ms of this process and of the PostgreSQL backends (null on PGlite: it runs in this process) */
  cpu: { node: number; database: number | null };
  load: number;
}

async function open(): Promise<{ handle: DatabaseHandle; pglite: PGlite | null }> {
  if (config.databaseUrl)
    return { handle: await openDatabase({ databaseUrl: config.databaseUrl }), pglite: null };
  mkdirSync(config.dataDir, { recursive: true });
  // as platform/db.ts opens it, kept here for its COPY … '/dev/blob'
  const pglite = await PGlite.create(`${config.dataDir}/pgdata`, {
    relaxedDurability: false,
    extensions: { pg_trgm },
  });
  return { handle: await openDatabase({ pglite }), pglite };
}

/** Runs `work`, timed, with the CPU it took in this process and in the database backends. */
async function timed(work: () => Promise<void>): Promise<Timed> {
  const probe = await cpuProbe(process.pid, config.databaseUrl);
  const load = loadavg()[0] as number;
  const started = await probe.start();
  const t0 = performance.now();
  await work();
  const seconds = (performance.now() - t0) / 1000;
  const used = await probe.stop(started);
  await probe.close();
  return { seconds, cpu: { node: used.server, database: used.database }, load };
}

const { handle, pglite } = await open();
const keyring = loadKeyring(config);
let jobs: Jobs | null = null;
const result: Record<string, unknown> = { mode, database: handle.kind };

/** The demo categories the generated products go into, by identifier. */
async function categories() {
  const rows = await handle.db
    .selectFrom('categories')
    .select(['id', 'identifier', 'label'])
    .where('account_id', '=', ACCOUNT)
    .where('identifier', 'in', benchCategoryIdentifiers())
    .execute();
  return new Map(rows.map((r) => [r.identifier, { id: r.id, label: r.label }]));
}

const productCount = async () =>
  Number(
    (
      await handle.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', ACCOUNT)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An import of the file `key` (in FILES_DIR), run to its end by the import runner, timed. */
async function importFile(
  key: string,
  lines: number,
  expect: 'inserted' | 'updated',
  beforeRun?: () => void,
) {
  if (!jobs) throw new Error('jobs not started');
  const deps = processDeps({ db: handle.db, config, jobs, keyring });
  const ctx = systemContext(deps, { kind: 'all' });
  const importId = await transact(ctx, (tx) =>
    startImport(tx, {
      accountId: ACCOUNT,
      sourceAccountId: ACCOUNT,
      origin: 'upload',
      content: 'products',
      strategy: 'generic',
      fileKey: key,
      fileName: 'bench-products.csv',
      fileFormat: 'csv',
      fileSize: statSync(path.join(config.filesDir, key)).size,
      parentCategoryIds: [],
      suffix: '',
      createdBy: null,
    }),
  );
  beforeRun?.();
  // loaded here: the COPY baseline (mode copy) runs without the import engine
  const { runImport } = await import('../apps/server/src/modules/imports/import-runner');
  // the job startImport sent has the import's id (import-start.ts)
  const time = await timed(() => runImport(ctx, { importId }, importId));
  const row = await handle.db
    .selectFrom('imports')
    .selectAll()
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
  const counts = {
    status: row.status,
    found: row.lines_found,
    inserted: row.lines_inserted,
    updated: row.lines_updated,
    ignored: row.lines_ignored,
    error: row.error_code,
  };
  const expected = expect === 'inserted' ? row.lines_inserted : row.lines_updated;
  if (row.status !== 'success' || expected !== lines)
    throw new Error(
      `the import did not ${expect.replace('ed', '')} ${lines} lines: ${JSON.stringify(counts)}`,
    );
  return { ...time, ...counts };
}

/** The columns of an exported products file (IMPORT_COLUMNS.products), as SQL. */
const EXPORT_SELECT = `
  SELECT p.id, p.reference, p.ean_code, p.name, p.brand, p.model, c.identifier AS category_identifier,
    (SELECT string_agg(s.identifier, '|') FROM categories s WHERE s.id = ANY (p.secondary_category_ids)) AS secondary_category_identifiers,
    p.status,
    to_char(p.price_functional / 100.0, 'FM9999990.00') AS price_functional,
    to_char(p.price_grade_a / 100.0, 'FM9999990.00') AS price_grade_a,
    to_char(p.price_grade_b / 100.0, 'FM9999990.00') AS price_grade_b,
    to_char(p.price_grade_c / 100.0, 'FM9999990.00') AS price_grade_c,
    to_char(p.price_grade_d / 100.0, 'FM9999990.00') AS price_grade_d,
    to_char(p.price_grade_e / 100.0, 'FM9999990.00') AS price_grade_e,
    p.buyback_zero_not_allowed, p.is_collecting_imei, array_to_string(p.tac_codes, '|') AS tac_codes,
    p.comment_for_seller, p.length, p.width, p.height, p.weight, p.buyer_reference
  FROM products p JOIN categories c ON c.id = p.main_category_id
  WHERE p.account_id = '${ACCOUNT}'
  ORDER BY p.sort_name, p.id`;

/** COPY (SELECT …) TO of the exported columns, into a file of FILES_DIR: the export's baseline. */
async function copyOut(): Promise<Timed & { bytes: number }> {
  const file = path.join(config.filesDir, `copy-out-${process.pid}.csv`);
  const statement = `COPY (${EXPORT_SELECT}) TO STDOUT (FORMAT csv, HEADER)`;
  const time = await timed(async () => {
    if (pglite) {
      const { blob } = await pglite.query(statement.replace('TO STDOUT', "TO '/dev/blob'"));
      if (!blob) throw new Error('COPY TO answered no blob');
      writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
      return;
    }
    const client = await handle.pool.connect();
    try {
      await pipeline(client.query(copyTo(statement)), createWriteStream(file));
    } finally {
      client.release();
    }
  });
  return { ...time, bytes: statSync(file).size };
}

/** The export runner on the account's products, timed. */
async function exportProducts() {
  if (!jobs) throw new Error('jobs not started');
  const deps = processDeps({ db: handle.db, config, jobs, keyring });
  const ctx = systemContext(deps, { kind: 'all' });
  const { id: exportId } = await handle.db
    .insertInto('exports')
    .values({ account_id: ACCOUNT, type: 'products' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { runExport } = await import('../apps/server/src/modules/exports/export-runner');
  const time = await timed(() => runExport(ctx, { exportId }, exportId));
  const row = await handle.db
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', exportId)
    .executeTakeFirstOrThrow();
  if (row.status !== 'success' || !row.file_key)
    throw new Error(`the export did not succeed: ${row.status} ${row.error_code} ${row.error}`);
  return {
    ...time,
    entries: row.entries_count,
    bytes: statSync(path.join(config.filesDir, row.file_key)).size,
  };
}

/** The same rows as the import writes, COPYed into `products` in one transaction; then their search documents. */
async function copyIn(lines: number) {
  const byIdentifier = await categories();
  const ids: string[] = [];
  const chunks: string[] = [];
  for (let from = 0; from < lines; from += 1000) {
    let chunk = '';
    for (let i = from; i < Math.min(lines, from + 1000); i += 1) {
      const product = benchProduct(i, ACCOUNT, byIdentifier);
      ids.push(product.id);
      chunk += copyRow(product);
    }
    chunks.push(chunk);
  }
  const statement = `COPY products (${COPY_COLUMNS.join(', ')}) FROM STDIN`;
  const before = await productCount();
  const copy = await timed(async () => {
    if (pglite) {
      await pglite.transaction(async (tx) => {
        await tx.query(statement.replace('FROM STDIN', "FROM '/dev/blob'"), [], { blob: new Blob(chunks) });
      });
      return;
    }
    const client = await handle.pool.connect();
    try {
      await client.query('BEGIN');
      await pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });
  const copied = (await productCount()) - before;
  if (copied !== lines) throw new Error(`COPY wrote ${copied} products, not ${lines}`);
  // what the import writes beside the rows: the search documents (5,000 products a statement)
  const documents = await timed(() =>
    handle.db.transaction().execute(async (trx) => {
      for (let from = 0; from < ids.length; from += 5000)
        await writeDocuments(trx, ids.slice(from, from + 5000));
    }),
  );
  return { copy, documents, bytes: chunks.reduce((n, c) => n + Buffer.byteLength(c), 0) };
}

/** Resident memory of this process, kB: now (VmRSS) and the high-water mark (VmHWM). */
function memory(): { rss: number; hwm: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * The time the driver waits for each kind of statement (its text's first 90 characters, values
 * left out), from the moment it is sent to its answer: what the database costs the import.
 */
function timeStatements(): Map<string, { count: number; ms: number }> {
  const times = new Map<string, { count: number; ms: number }>();
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? ''))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 90);
    const started = performance.now();
    const answer = query.apply(this, args);
    if (answer instanceof Promise)
      void answer.then(
        () => {
          const t = times.get(text) ?? { count: 0, ms: 0 };
          times.set(text, { count: t.count + 1, ms: t.ms + performance.now() - started });
        },
        () => {},
      );
    return answer;
  };
  return times;
}

try {
  if (mode === 'prepare') {
    await migrate(handle.db);
    if (await isEmpty(handle.db)) await seedDemo(handle.db, keyring);
    jobs = await startJobs(handle.pool, { maintenance: false, log: () => {} });
    await sql`VACUUM ANALYZE`.execute(handle.db);
    result.products = await productCount();
  } else if (mode === 'import') {
    const [key, n] = args;
    const lines = Number(n);
    jobs = await startJobs(handle.pool, { maintenance: false, log: () => {} });
    result.productsBefore = await productCount();
    result.import = await importFile(key as string, lines, 'inserted');
    result.productsAfter = await productCount();
    result.reimport = await importFile(key as string, lines, 'updated');
    result.productsAfterReimport = await productCount();
    result.export = await exportProducts();
    result.copyOut = await copyOut();
  } else if (mode === 'copy') {
    result.copyIn = await copyIn(Number(args[0]));
  } else if (mode === 'memory') {
    const [key, n] = args;
    jobs = await startJobs(handle.pool, { maintenance: false, log: () => {} });
    let baseline = memory();
    let sampledPeak = 0;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, memory().rss);
    }, 200);
    result.import = await importFile(key as string, Number(n), 'inserted', () => {
      // the peak of the import alone: the high-water mark reset once everything else is loaded
      writeFileSync('/proc/self/clear_refs', '5');
      baseline = memory();
    });
    clearInterval(sampler);
    const end = memory();
    result.memory = {
      baselineRssKb: baseline.rss,
      peakRssKb: end.hwm,
      sampledPeakRssKb: sampledPeak,
      maxRssKb: process.resourceUsage().maxRSS,
      endRssKb: end.rss,
    };
    result.productsAfter = await productCount();
  } else if (mode === 'profile') {
    const [key, n] = args;
    const statements = timeStatements();
    jobs = await startJobs(handle.pool, { maintenance: false, log: () => {} });
    result.import = await importFile(key as string, Number(n), 'inserted', () => statements.clear());
    result.statements = [...statements.entries()]
      .map(([text, t]) => ({ text, ...t, ms: Math.round(t.ms) }))
      .sort((a, b) => b.ms - a.ms);
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
} finally {
  await jobs?.stop();
  await handle.close();
  await pglite?.close();
}
console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
