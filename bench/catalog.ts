import { spawn } from 'node:child_process';
import path from 'node:path';
import { cpuProbe } from './cpu';
import { cpuTotal, type Figure, figureTable, json, measure, type Section } from './lib';
import { ceilingsOf, ceilingTable, type Request } from './pgbench';
import { login, seedDemo, startServer } from './server';

const root = path.resolve(import.meta.dirname, '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

/** `npm run seed:catalog -- --products N` on the database the env names; answers its own timing. */
async function seedCatalog(env: Record<string, string>): Promise<{ seconds: number; output: string }> {
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/seed/seed-catalog.cli.ts'), '--products', String(PRODUCTS)],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:catalog failed (${code}): ${output.slice(-500)}`);
  // "100000 products added to Demo Retail in 10.1 s (+ 0.6 s VACUUM ANALYZE), PostgreSQL."
  const found = /added to .* in ([\d.]+) s \(\+ ([\d.]+) s VACUUM ANALYZE\)/.exec(output);
  if (!found) throw new Error(`unexpected seed:catalog output: ${output.slice(-300)}`);
  const summary = output.split(/[\r\n]/).find((line) => line.includes(' added to ')) ?? '';
  return { seconds: Number(found[1]) + Number(found[2]), output: summary.trim() };
}

/** CPU ms per request (server + database) of issue 3's table (bench/RESULTS.md, "after"). */
const ISSUE_3_CPU: Record<string, number> = {
  'search: "iphnoe 13" (typo)': 6.4,
  'search: "galaxi s21" (typo)': 5.5,
  'search: "apple" (half the catalogue)': 4.2,
  'search: "ecran" (accent)': 5.2,
  'list: text "iphone 13"': 9.1,
  'list: category with descendants (smartphones)': 3.3,
};

/** Concurrent requests of the catalogue figures (issue 11). */
const CONNECTIONS = 4;

/** The list and search requests of the catalogue bench, on a server with the generated catalogue. */
async function catalogRequests(url: string, headers: Record<string, string>): Promise<Request[]> {
  const categoryId = async (search: string) =>
    (
      await json<{ member: { id: string }[] }>(
        await fetch(`${url}/api/categories?search=${search}`, { headers }),
      )
    ).member[0]?.id;
  const smartphones = await categoryId('smartphones');
  const garmin = await categoryId('garmin');
  const sample = (
    await json<{ member: { eanCode: string }[] }>(
      await fetch(`${url}/api/products?page=500&itemsPerPage=10`, { headers }),
    )
  ).member[0]?.eanCode;
  const requests: [string, string][] = [
    ['list: default (published, by name, 10)', '/api/products'],
    ['list: page 50', '/api/products?page=50'],
    ['list: by price desc, 30', '/api/products?order[price]=desc&itemsPerPage=30'],
    ['list: category with descendants (smartphones)', `/api/products?category[]=${smartphones}`],
    ['list: small category (Garmin)', `/api/products?category[]=${garmin}`],
    ['list: text "fenix"', '/api/products?search_product_buyback=fenix'],
    ['list: text "iphone 13"', '/api/products?search_product_buyback=iphone%2013'],
    [
      'list: grade-A price 100–200 €',
      '/api/products?buybackPriceGradeA[gte]=10000&buybackPriceGradeA[lte]=20000',
    ],
    ['search: EAN', `/api/search/products?q=${sample}`],
    ['search: "galaxi s21" (typo)', '/api/search/products?q=galaxi%20s21'],
    ['search: "iphnoe 13" (typo)', '/api/search/products?q=iphnoe%2013'],
    ['search: "ecran" (accent)', '/api/search/products?q=ecran'],
    ['search: "fenix 7" in smartphones', `/api/search/products?q=fenix%207&category[]=${smartphones}`],
    ['search: no query (browse)', '/api/search/products'],
    ['search: "apple" (half the catalogue)', '/api/search/products?q=apple'],
  ];
  return requests.map(([name, path]) => ({ name, url: path, headers }));
}

/**
 * Issue 3, with issue 11's goals: seeding 100,000 products, then the product list and the product
 * search at that scale, 4 connections over loopback, with the CPU per request and, on PostgreSQL,
 * the ceiling of pgbench on the statements each request runs. `env` names an empty database
 * (DATA_DIR or DATABASE_URL).
 */
export async function benchCatalog(env: Record<string, string>, port: number): Promise<Section> {
  // the demo data first (the embedded database's first start seeds them), then the bulk seed
  if (env.DATABASE_URL) await seedDemo(env.DATABASE_URL);
  else await (await startServer(port, env)).stop();
  const seeded = await seedCatalog(env);
  const measured = await measureCatalog(env, port);
  return {
    ...measured,
    lines: [
      `\`npm run seed:catalog -- --products ${PRODUCTS}\`: ${seeded.seconds.toFixed(1)} s (it reports: ${seeded.output})`,
      '',
      ...measured.lines,
    ],
    goals: [
      {
        goal: `seeding ${PRODUCTS.toLocaleString('en-GB')} products ≤ 20 s`,
        value: `${seeded.seconds.toFixed(1)} s`,
        met: seeded.seconds <= 20,
      },
      ...measured.goals,
    ],
  };
}

/** The catalogue figures on a database that holds the generated catalogue (`BENCH_ONLY=catalog-measure`). */
async function measureCatalog(env: Record<string, string>, port: number): Promise<Section> {
  const server = await startServer(port, env);
  const probe = await cpuProbe(server.pid, env.DATABASE_URL);
  let requests: Request[];
  const figures: Figure[] = [];
  try {
    const headers = {
      authorization: `Bearer ${await login(server.url, 'root_management_unit_manager@demo.test')}`,
    };
    requests = await catalogRequests(server.url, headers);
    for (const request of requests)
      figures.push(
        await measure(
          request.name,
          { url: server.url + request.url, headers, connections: CONNECTIONS },
          probe,
        ),
      );
  } finally {
    await probe.close();
    await server.stop();
  }
  const ceilings = env.DATABASE_URL ? await ceilingsOf(env.DATABASE_URL, port, requests, CONNECTIONS) : null;
  const worst = (prefix: string) =>
    figures.filter((f) => f.name.startsWith(prefix)).reduce((w, f) => (f.p97_5 > w.p97_5 ? f : w));
  const cpuWorse = figures.filter((f) => {
    const before = ISSUE_3_CPU[f.name];
    return before !== undefined && f.cpu && cpuTotal(f) > before;
  });
  return {
    title: `Catalogue at ${PRODUCTS.toLocaleString('en-GB')} products (issues 3 and 11)`,
    lines: [
      ...(ceilings ? ceilingTable(figures, ceilings) : figureTable(figures)),
      '',
      `CPU per request of issue 3 (server + database, 10 concurrent): ${Object.entries(ISSUE_3_CPU)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join('; ')}.`,
    ],
    goals: [
      ...['list', 'search'].map((kind) => {
        const w = worst(kind);
        return {
          goal: `product ${kind} p97.5 ≤ 30 ms at ${CONNECTIONS} concurrent (worst request)`,
          value: `${w.p97_5} ms (${w.name})`,
          met: w.p97_5 <= 30,
        };
      }),
      ...(figures.some((f) => f.cpu?.database != null)
        ? [
            {
              goal: "CPU per request no worse than issue 3's table",
              value: cpuWorse.length
                ? cpuWorse.map((f) => `${f.name} ${cpuTotal(f).toFixed(1)} ms`).join('; ')
                : `${Object.keys(ISSUE_3_CPU).length} of ${Object.keys(ISSUE_3_CPU).length} no worse`,
              met: cpuWorse.length === 0,
            },
          ]
        : []),
    ],
  };
}
