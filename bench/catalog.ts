import { spawn } from 'node:child_process';
import path from 'node:path';
import { figureTable, json, measure, type Section } from './lib';
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

/**
 * Issue 3: seeding 100,000 products, then the product list and the product search at that scale,
 * 10 connections over loopback. `env` names an empty database (DATA_DIR or DATABASE_URL).
 */
export async function benchCatalog(env: Record<string, string>, port: number): Promise<Section> {
  // the demo data first (the embedded database's first start seeds them), then the bulk seed
  if (env.DATABASE_URL) await seedDemo(env.DATABASE_URL);
  else await (await startServer(port, env)).stop();
  const seeded = await seedCatalog(env);
  const server = await startServer(port, env);
  try {
    const headers = {
      authorization: `Bearer ${await login(server.url, 'root_management_unit_manager@demo.test')}`,
    };
    const categoryId = async (search: string) =>
      (
        await json<{ member: { id: string }[] }>(
          await fetch(`${server.url}/api/categories?search=${search}`, { headers }),
        )
      ).member[0]?.id;
    const smartphones = await categoryId('smartphones');
    const garmin = await categoryId('garmin');
    const sample = (
      await json<{ member: { eanCode: string }[] }>(
        await fetch(`${server.url}/api/products?page=500&itemsPerPage=10`, { headers }),
      )
    ).member[0]?.eanCode;
    const list: [string, string][] = [
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
    ];
    const search: [string, string][] = [
      ['search: EAN', `/api/search/products?q=${sample}`],
      ['search: "galaxi s21" (typo)', '/api/search/products?q=galaxi%20s21'],
      ['search: "iphnoe 13" (typo)', '/api/search/products?q=iphnoe%2013'],
      ['search: "ecran" (accent)', '/api/search/products?q=ecran'],
      ['search: "fenix 7" in smartphones', `/api/search/products?q=fenix%207&category[]=${smartphones}`],
      ['search: no query (browse)', '/api/search/products'],
      ['search: "apple" (half the catalogue)', '/api/search/products?q=apple'],
    ];
    const run = async (requests: [string, string][]) => {
      const figures = [];
      for (const [name, url] of requests)
        figures.push(await measure(name, { url: server.url + url, headers, connections: 10 }));
      return figures;
    };
    const listFigures = await run(list);
    const searchFigures = await run(search);
    const worst = (figures: { p95: number }[]) => Math.max(...figures.map((f) => f.p95));
    return {
      title: `Catalogue at ${PRODUCTS.toLocaleString('en-GB')} products (issue 3)`,
      lines: [
        `\`npm run seed:catalog -- --products ${PRODUCTS}\`: ${seeded.seconds.toFixed(1)} s (it reports: ${seeded.output})`,
        '',
        ...figureTable([...listFigures, ...searchFigures]),
      ],
      goals: [
        {
          goal: `seeding ${PRODUCTS.toLocaleString('en-GB')} products ≤ 20 s`,
          value: `${seeded.seconds.toFixed(1)} s`,
          met: seeded.seconds <= 20,
        },
        {
          goal: 'product list p95 ≤ 30 ms at 10 concurrent (worst of the list requests)',
          value: `${worst(listFigures)} ms`,
          met: worst(listFigures) <= 30,
        },
        {
          goal: 'search p95 ≤ 30 ms at 10 concurrent (worst of the searches)',
          value: `${worst(searchFigures)} ms`,
          met: worst(searchFigures) <= 30,
        },
      ],
    };
  } finally {
    await server.stop();
  }
}
