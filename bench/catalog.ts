import autocannon from 'autocannon';
import { login, startServer } from './server';

/**
 * Catalogue latency at scale: the product list and the product search, 10 connections over loopback.
 * Seed a database first, then point this at it:
 *   DATA_DIR=/tmp/reprise-100k npm run seed:catalog -- --products 100000
 *   DATA_DIR=/tmp/reprise-100k tsx bench/catalog.ts        (or DATABASE_URL=… for PostgreSQL)
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const target: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : { DATA_DIR: process.env.DATA_DIR ?? '' };
if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
  console.error('Set DATA_DIR (PGlite) or DATABASE_URL to a database seeded with npm run seed:catalog.');
  process.exit(2);
}

const server = await startServer(3990 + Math.floor(Math.random() * 9), target);
try {
  const headers = {
    authorization: `Bearer ${await login(server.url, 'root_management_unit_manager@demo.test')}`,
  };
  const categoryId = async (search: string) =>
    (
      (await (await fetch(`${server.url}/api/categories?search=${search}`, { headers })).json()) as {
        member: { id: string }[];
      }
    ).member[0]?.id;
  const smartphones = await categoryId('smartphones');
  const garmin = await categoryId('garmin');
  const requests: [string, string][] = [
    ['list: default (published, by name, 10)', '/api/products'],
    ['list: page 50', '/api/products?page=50'],
    ['list: by price desc, 30', '/api/products?order[price]=desc&itemsPerPage=30'],
    ['list: category with descendants (smartphones)', `/api/products?category[]=${smartphones}`],
    ['list: small category (Garmin)', `/api/products?category[]=${garmin}`],
    ['list: text "fenix"', '/api/products?search_product_buyback=fenix'],
    ['list: text "iphone 13"', '/api/products?search_product_buyback=iphone%2013'],
    [
      'list: grade-A price 100–200',
      '/api/products?buybackPriceGradeA[gte]=10000&buybackPriceGradeA[lte]=20000',
    ],
    ['search: EAN', '/api/search/products?q=0194252000012'],
    ['search: "galaxi s21" (typo)', '/api/search/products?q=galaxi%20s21'],
    ['search: "iphnoe 13" (typo)', '/api/search/products?q=iphnoe%2013'],
    ['search: "ecran" (accent)', '/api/search/products?q=ecran'],
    ['search: "fenix 7" in smartphones', `/api/search/products?q=fenix%207&category[]=${smartphones}`],
    ['search: no query (browse)', '/api/search/products'],
    ['search: "apple" (half the catalogue)', '/api/search/products?q=apple'],
  ];
  const lines = ['| request | p50 ms | p95 ms | p99 ms | req/s | non-2xx |', '|---|--:|--:|--:|--:|--:|'];
  for (const [label, path] of requests) {
    await autocannon({ url: server.url + path, headers, connections: 4, duration: 1 });
    const result = await autocannon({ url: server.url + path, headers, connections: CONNECTIONS, duration: DURATION });
    const latency = result.latency as autocannon.Histogram & { p95?: number };
    lines.push(
      `| ${label} | ${latency.p50} | ${latency.p95 ?? latency.p97_5} | ${latency.p99} | ${Math.round(result.requests.average)} | ${result.non2xx} |`,
    );
    console.log(lines.at(-1));
  }
  console.log(`\n${lines.join('\n')}`);
} finally {
  await server.stop();
}
