import { spawn } from 'node:child_process';
import path from 'node:path';
import { cpuProbe } from './cpu';
import { type Figure, json, measure, type Section } from './lib';
import { ceilingsOf, ceilingTable, type Request } from './pgbench';
import { login, seedDemo, startServer } from './server';

const root = path.resolve(import.meta.dirname, '..');
const BUYBACKS = Number(process.env.BENCH_BUYBACKS ?? 1_000_000);
/** Concurrent requests of the buyback list figures (issue 11). */
const CONNECTIONS = 4;

/** `npm run seed:buybacks -- --buybacks N` on the database; answers its own timing. */
export async function seedBuybacks(
  databaseUrl: string,
  count = BUYBACKS,
): Promise<{ seconds: number; output: string }> {
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/seed/seed-buybacks.cli.ts'), '--buybacks', String(count)],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:buybacks failed (${code}): ${output.slice(-500)}`);
  // "1000000 buybacks added to Demo Retail in 140.0 s (+ 5.1 s VACUUM ANALYZE), PostgreSQL."
  const found = /added to .* in ([\d.]+) s \(\+ ([\d.]+) s VACUUM ANALYZE\)/.exec(output);
  if (!found) throw new Error(`unexpected seed:buybacks output: ${output.slice(-300)}`);
  const summary = output.split(/[\r\n]/).find((line) => line.includes(' added to ')) ?? '';
  return { seconds: Number(found[1]) + Number(found[2]), output: summary.trim() };
}

/** Who lists, in which module. */
const USERS = [
  { who: 'retailer root', email: 'root_management_unit_manager@demo.test', module: 'tim' },
  { who: 'store seller', email: 'store_seller@demo.test', module: 'tim' },
  { who: 'buyer', email: 'buyer_manager@demo.test', module: 'lcm' },
];

/** A customer surname of the generated buybacks (seed/buybacks-bulk.ts): about 0.2 % of them. */
const CUSTOMER_NAME = 'Lefèvre';

/**
 * Issue 11: the buyback list at BENCH_BUYBACKS (1,000,000) generated buybacks, on PostgreSQL: the
 * default page, a status filter, a customer-name search and a 13-digit code, as a retailer root,
 * a store seller and a buyer, 4 connections, each beside pgbench's prepared throughput on the
 * statements it runs. `databaseUrl` names an empty database.
 */
export async function benchBuybackList(databaseUrl: string, port: number): Promise<Section> {
  await seedDemo(databaseUrl);
  const seeded = await seedBuybacks(databaseUrl);
  const server = await startServer(port, { DATABASE_URL: databaseUrl });
  const probe = await cpuProbe(server.pid, databaseUrl);
  const requests: Request[] = [];
  const figures: Figure[] = [];
  try {
    for (const user of USERS) {
      const headers = {
        authorization: `Bearer ${await login(server.url, user.email)}`,
        'x-module': user.module,
      };
      // a buyback the user sees, deep in its list
      const page = await json<{ member: { identificationNumber: string }[] }>(
        await fetch(`${server.url}/api/buybacks?page=100&itemsPerPage=10`, { headers }),
      );
      const code = page.member[0]?.identificationNumber;
      if (!code) throw new Error(`${user.who} sees fewer than 1,000 buybacks`);
      for (const [what, url] of [
        ['default page', '/api/buybacks'],
        ['status in transit', '/api/buybacks?status[]=bb_in_transit'],
        [`customer "${CUSTOMER_NAME}"`, `/api/buybacks?customerName=${encodeURIComponent(CUSTOMER_NAME)}`],
        ['13-digit code', `/api/buybacks?code=${code}`],
      ] as const)
        requests.push({ name: `${user.who}: ${what}`, url, headers });
    }
    for (const request of requests)
      figures.push(
        await measure(
          request.name,
          { url: server.url + request.url, headers: request.headers, connections: CONNECTIONS },
          probe,
        ),
      );
  } finally {
    await probe.close();
    await server.stop();
  }
  const ceilings = await ceilingsOf(databaseUrl, port, requests, CONNECTIONS);
  const worst = figures.reduce((w, f) => (f.p97_5 > w.p97_5 ? f : w));
  const over = figures.filter((f) => f.p97_5 > 30);
  return {
    title: `Buyback list at ${BUYBACKS.toLocaleString('en-GB')} buybacks (issue 11)`,
    lines: [
      `\`npm run seed:buybacks -- --buybacks ${BUYBACKS}\`: ${seeded.seconds.toFixed(1)} s (it reports: ${seeded.output})`,
      '',
      ...ceilingTable(figures, ceilings),
    ],
    goals: [
      {
        goal: `buyback list p97.5 ≤ 30 ms at ${CONNECTIONS} concurrent (retailer root, store seller, buyer; worst request)`,
        value: `${worst.p97_5} ms (${worst.name})${over.length ? `; ${figures.length - over.length} of ${figures.length} ≤ 30 ms` : ''}`,
        met: over.length === 0,
      },
    ],
  };
}
