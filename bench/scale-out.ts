import os from 'node:os';
import pg from 'pg';
import { startS3Peer } from '../apps/server/test/s3-peer';
import {
  type Cluster,
  ensureBuild,
  productionEnv,
  scratchDatabase,
  seedDemo,
  startCluster,
} from '../deploy/cluster';
import { seedBuybacks } from './buyback-list';
import { type Figure, figureTable, json, measure, type Section } from './lib';
import { login } from './server';

/** Concurrent requests of the buyback list's latency goal. */
const CONNECTIONS = 4;
/** Concurrent requests of the throughput figure: enough to keep two processes busy. */
const LOAD_CONNECTIONS = 16;
const GOAL_P97_5_MS = 30;

/** Who lists, in which module: the users of the buyback list's figures (bench/buyback-list.ts). */
const USERS = [
  { who: 'retailer root', email: 'root_management_unit_manager@demo.test', module: 'tim' },
  { who: 'store seller', email: 'store_seller@demo.test', module: 'tim' },
  { who: 'buyer', email: 'buyer_manager@demo.test', module: 'lcm' },
];

const loadNow = () => (os.loadavg()[0] as number).toFixed(2);

type Headers = Record<string, string>;

async function headersOf(url: string, user: (typeof USERS)[number]): Promise<Headers> {
  return { authorization: `Bearer ${await login(url, user.email)}`, 'x-module': user.module };
}

/** The buyback list's four requests of each user, 4 at once, through the proxy. */
async function listFigures(cluster: Cluster): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const user of USERS) {
    const headers = await headersOf(cluster.proxyUrl, user);
    const page = await json<{ member: { identificationNumber: string }[] }>(
      await fetch(`${cluster.proxyUrl}/api/buybacks?page=100&itemsPerPage=10`, { headers }),
    );
    const code = page.member[0]?.identificationNumber;
    if (!code) throw new Error(`${user.who} sees fewer than 1,000 buybacks`);
    for (const [what, url] of [
      ['default page', '/api/buybacks'],
      ['status in transit', '/api/buybacks?status[]=bb_in_transit'],
      ['customer "Lefèvre"', `/api/buybacks?customerName=${encodeURIComponent('Lefèvre')}`],
      ['13-digit code', `/api/buybacks?code=${code}`],
    ] as const)
      figures.push(
        await measure(`${user.who}: ${what}`, {
          url: cluster.proxyUrl + url,
          headers,
          connections: CONNECTIONS,
        }),
      );
  }
  return figures;
}

/** The database's size on disk and its buybacks, for the capacity model. */
async function databaseSize(url: string): Promise<{ bytes: number; buybacks: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string; buybacks: string }>(
      'SELECT pg_database_size(current_database()) AS bytes, (SELECT count(*) FROM buybacks) AS buybacks',
    );
    return { bytes: Number(rows[0]?.bytes), buybacks: Number(rows[0]?.buybacks) };
  } finally {
    await client.end();
  }
}

/**
 * Issue 25: the deployment of docs/deployment.md on loopback (deploy/cluster.ts: the compiled
 * build, the production profile, nginx round robin, an S3 peer) over a database of BENCH_BUYBACKS
 * generated buybacks: the buyback list's latency through the proxy at 4 concurrent requests, and
 * the requests per second of two API processes against one at 16.
 */
export async function benchScaleOut(serverUrl: string): Promise<Section> {
  ensureBuild();
  const db = await scratchDatabase(serverUrl, 'reprise_bench_scale_out');
  const s3 = await startS3Peer();
  const lines: string[] = [];
  try {
    seedDemo({ ...productionEnv({ databaseUrl: db.url, publicUrl: 'http://127.0.0.1' }), ...s3.env });
    const seeded = await seedBuybacks(db.url);
    const size = await databaseSize(db.url);
    lines.push(
      `Seed: ${seeded.output} Database size after it: ${(size.bytes / 1024 ** 3).toFixed(2)} GB, ${size.buybacks.toLocaleString('en-GB')} buybacks: ${Math.round(size.bytes / size.buybacks).toLocaleString('en-GB')} bytes a buyback, its item, history and indexes included (the capacity model of docs/deployment.md).`,
      '',
    );

    const two = await startCluster({ databaseUrl: db.url, apis: 2, worker: false, env: s3.env });
    let latency: Figure[];
    let twoLoad: Figure;
    let direct: Figure;
    const headers = await headersOf(two.proxyUrl, USERS[0] as (typeof USERS)[number]);
    try {
      latency = await listFigures(two);
      direct = await measure('retailer root: default page, one API process directly (no proxy)', {
        url: `${(two.apis[0] as { url: string }).url}/api/buybacks`,
        headers,
        connections: CONNECTIONS,
      });
      twoLoad = await measure(
        `retailer root: default page, 2 API processes, ${LOAD_CONNECTIONS} connections`,
        {
          url: `${two.proxyUrl}/api/buybacks`,
          headers,
          connections: LOAD_CONNECTIONS,
        },
      );
    } finally {
      await two.stop();
    }
    const one = await startCluster({ databaseUrl: db.url, apis: 1, worker: false, env: s3.env });
    let oneLoad: Figure;
    try {
      oneLoad = await measure(`retailer root: default page, 1 API process, ${LOAD_CONNECTIONS} connections`, {
        url: `${one.proxyUrl}/api/buybacks`,
        headers,
        connections: LOAD_CONNECTIONS,
      });
    } finally {
      await one.stop();
    }

    const worst = Math.max(...latency.map((f) => f.p97_5));
    const ratio = twoLoad.rps / oneLoad.rps;
    lines.push(
      `The compiled build (\`npm run build\`) in the production profile with an S3 peer (s3rver) for its files; nginx (Debian) as the round-robin proxy of deploy/nginx.conf; autocannon, the processes, nginx and PostgreSQL on the same ${os.cpus().length} cores. Load average (1 min) at the end: ${loadNow()}.`,
      '',
      ...figureTable([...latency, direct, twoLoad, oneLoad]),
      '',
      `Two API processes against one at ${LOAD_CONNECTIONS} connections: ${twoLoad.rps} / ${oneLoad.rps} requests/s = ${ratio.toFixed(2)} ×. The machine's two cores also run the database and the load generator, so a second process adds the part of a core that one process leaves idle, not a core: on machines of their own, the API processes scale until the database is the bound (docs/deployment.md, capacity).`,
    );
    return {
      title: `Issue 25: the deployment on loopback, ${seeded.output.match(/^\d+/)?.[0] ?? ''} buybacks`,
      lines,
      goals: [
        {
          goal: `buyback list through the proxy, 2 API processes: p97.5 ≤ ${GOAL_P97_5_MS} ms at ${CONNECTIONS} concurrent (retailer root, store seller, buyer; worst request)`,
          value: `${worst} ms`,
          met: worst <= GOAL_P97_5_MS,
        },
        {
          goal: 'requests per second, 2 API processes against 1 through the proxy (recorded, no goal)',
          value: `${ratio.toFixed(2)} × (${twoLoad.rps} / ${oneLoad.rps}), load ${loadNow()}`,
          met: true,
        },
      ],
    };
  } finally {
    await s3.close();
    await db.drop();
  }
}
