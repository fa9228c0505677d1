import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/seed/demo-ids';
import { type S3Peer, startS3Peer } from '../apps/server/test/s3-peer';
import {
  type Cluster,
  ensureBuild,
  METRICS_TOKEN,
  productionEnv,
  scratchDatabase,
  seedDemo,
  startCluster,
} from './cluster';
import {
  type Client as ApiClient,
  Client,
  checkInAndControl,
  createStoreBuyback,
  importProducts,
  PNG,
  png,
  type StoreSetup,
  sendToWarehouse,
  storeSetup,
} from './journeys';

/**
 * `npm run test:scale-out` (docs/deployment.md): the deployment on loopback, from the compiled
 * build in the production profile. A fresh database and an S3 peer; nginx round robin over two API
 * processes (RUN_WORKER=false) and one worker. Through the proxy: the store journey, the
 * warehouse's check-in and control, a catalogue import; a file received by one process is served
 * by the other; one API process killed in the middle loses no acknowledged write.
 */

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let db: Awaited<ReturnType<typeof scratchDatabase>>;
let s3: S3Peer;
let cluster: Cluster;
let seller: ApiClient;
let operator: ApiClient;
let rmu: ApiClient;
let setup: StoreSetup;

beforeAll(async () => {
  ensureBuild();
  db = await scratchDatabase(SERVER, `reprise_scale_out_${process.pid}`);
  s3 = await startS3Peer();
  const storageEnv = s3.env;
  seedDemo({ ...productionEnv({ databaseUrl: db.url, publicUrl: 'http://127.0.0.1' }), ...storageEnv });
  cluster = await startCluster({ databaseUrl: db.url, apis: 2, worker: true, env: storageEnv });
  seller = await Client.signIn(cluster.proxyUrl, 'store_seller@demo.test');
  operator = await Client.signIn(cluster.proxyUrl, 'warehouse_operator@demo.test');
  rmu = await Client.signIn(cluster.proxyUrl, 'root_management_unit_manager@demo.test');
  setup = await storeSetup(seller);
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  await s3?.close();
  await db?.drop();
}, 60_000);

const direct = (client: ApiClient, index: number) => client.on((cluster.apis[index] as { url: string }).url);

async function bytesOf(client: ApiClient, url: string) {
  const res = await client.request('GET', url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('two API processes and a worker behind the proxy', () => {
  it('the proxy spreads the requests over both processes', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.proxyUrl}/api/ready`);
      expect(res.status).toBe(200);
      served.add(res.headers.get('x-upstream') ?? '');
    }
    expect([...served].sort()).toEqual(cluster.apis.map((a) => `127.0.0.1:${a.port}`).sort());
  });

  it('each process shows its metrics to the scraper, never through the proxy', async () => {
    expect((await fetch(`${cluster.proxyUrl}/metrics`)).status).toBe(404);
    for (const api of cluster.apis) {
      expect((await fetch(`${api.url}/metrics`)).status).toBe(401);
      const res = await fetch(`${api.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      // DATABASE_POOL_SIZE=4 (deploy/cluster.ts), and the requests the proxy sent it, by route
      expect(text).toMatch(/^reprise_db_pool_max_connections 4$/m);
      expect(text).toMatch(
        /^reprise_http_request_duration_seconds_count\{[^}]*route="\/api\/ready"[^}]*\} [1-9]/m,
      );
    }
  });

  it('a logo uploaded through one process is served by the other, and through the proxy', async () => {
    const account = DEMO.accounts.demoRetail;
    await direct(rmu, 0).json('PUT', `/api/accounts/${account}/logo`, png('logo.png'));
    expect(await bytesOf(direct(rmu, 1), `/api/accounts/${account}/logo`)).toEqual(PNG);
    for (let i = 0; i < 4; i++) expect(await bytesOf(rmu, `/api/accounts/${account}/logo`)).toEqual(PNG);
  });

  it('the store journey, then the check-in and the control, through the proxy; the proof photo is served by both', async () => {
    const b = await createStoreBuyback(seller, setup);
    expect(b.item.identificationNumber).toMatch(/^\d{13}$/);
    await sendToWarehouse(seller, b.id);
    const { checkin, started, photo, completed } = await checkInAndControl(operator, b, setup);
    expect(checkin.status).toBe('item_registered_in_warehouse');
    expect(started.status).toBe('item_awaiting_compliancy_tests');
    expect(completed.outcome).toBe('by_price');
    for (const index of [0, 1]) expect(await bytesOf(direct(operator, index), photo.url)).toEqual(PNG);
    const detail = await seller.json<{ status: string }>('GET', `/api/buybacks/${b.id}`);
    expect(detail.status).not.toBe('bb_pending');
  });

  it('a catalogue import uploaded through the proxy is run by the worker from the stored file', async () => {
    const done = await importProducts(rmu, DEMO.accounts.demoRetail, 500, `SO-${randomUUID().slice(0, 6)}`);
    expect(done.status).toBe('success');
    expect(done.report.lines).toEqual({ found: 500, inserted: 500, updated: 0, ignored: 0 });
    // the file itself, kept in the bucket, is read back through each process
    for (const index of [0, 1]) {
      const res = await direct(rmu, index).request('GET', `/api/imports/${done.id}/file`);
      expect(res.status).toBe(200);
      expect((await res.text()).split('\n').length).toBe(502);
    }
  });

  it('killing one API process in the middle loses no acknowledged write; the journeys go on through the other', async () => {
    const total = 40;
    const acknowledged: { id: string; key: string }[] = [];
    let killed = false;
    const victim = cluster.apis[0] as Cluster['apis'][number];
    const keys = Array.from({ length: total }, () => randomUUID());
    // four sellers' counters at once; the first process dies once a quarter are acknowledged
    const lanes = [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; i < total; i += 4) {
        const created = await createStoreBuyback(seller, setup, keys[i]);
        acknowledged.push({ id: created.id, key: created.key });
        if (!killed && acknowledged.length >= total / 4) {
          killed = true;
          await victim.kill();
        }
      }
    });
    await Promise.all(lanes);
    expect(killed).toBe(true);
    expect(acknowledged).toHaveLength(total);
    expect(new Set(acknowledged.map((a) => a.id)).size).toBe(total);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        'SELECT id FROM buybacks WHERE id = ANY($1::uuid[])',
        [acknowledged.map((a) => a.id)],
      );
      expect(rows).toHaveLength(total);
      // none twice: each key made one buyback, whichever process it reached
      const emails = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM buybacks b JOIN customers c ON c.id = b.customer_id WHERE c.email = ANY($1::text[])`,
        [keys.map((k) => `scale-${k.slice(0, 8)}@example.test`)],
      );
      expect(Number(emails.rows[0]?.n)).toBe(total);
    } finally {
      await client.end();
    }

    // the survivor carries the whole journey
    const b = await createStoreBuyback(seller, setup);
    await sendToWarehouse(seller, b.id);
    const { completed } = await checkInAndControl(operator, b, setup);
    expect(completed.outcome).toBe('by_price');
    const done = await importProducts(rmu, DEMO.accounts.demoRetail, 50, `SK-${randomUUID().slice(0, 6)}`);
    expect(done.report.lines.inserted).toBe(50);
  });

  it('a backup of the database (pg_dump), restored into a fresh database, serves the same buybacks and files', async () => {
    const b = await createStoreBuyback(seller, setup);
    const dir = mkdtempSync(path.join(tmpdir(), 'reprise-backup-'));
    const restored = await scratchDatabase(SERVER, `reprise_scale_out_restored_${process.pid}`);
    let other: Cluster | null = null;
    try {
      const file = path.join(dir, 'reprise.dump');
      const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, db.url], {
        encoding: 'utf8',
      });
      expect(dump.status, dump.stderr).toBe(0);
      const restore = spawnSync(
        'pg_restore',
        ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, file],
        {
          encoding: 'utf8',
        },
      );
      expect(restore.status, restore.stderr).toBe(0);
      other = await startCluster({ databaseUrl: restored.url, apis: 1, worker: false, env: s3.env });
      const sellerThere = await Client.signIn(other.proxyUrl, 'store_seller@demo.test');
      const found = await sellerThere.json<{ id: string; status: string }>('GET', `/api/buybacks/${b.id}`);
      expect(found.id).toBe(b.id);
      const rmuThere = await Client.signIn(other.proxyUrl, 'root_management_unit_manager@demo.test');
      expect(await bytesOf(rmuThere, `/api/accounts/${DEMO.accounts.demoRetail}/logo`)).toEqual(PNG);
    } finally {
      await other?.stop();
      await restored.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
