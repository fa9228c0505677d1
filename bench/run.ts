import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { login, startServer } from './server';

/**
 * `npm run bench`: measures the running server over loopback with autocannon and writes
 * bench/RESULTS.md. The server runs in its own process on a fresh embedded database
 * (or on DATABASE_URL when set).
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Figure {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ duration: DURATION, ...options });
  const latency = result.latency as autocannon.Histogram & { p95?: number };
  return {
    name,
    connections: options.connections ?? 10,
    rps: Math.round(result.requests.average),
    p50: latency.p50,
    p95: latency.p95 ?? latency.p97_5,
    p99: latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const port = 3900 + Math.floor(Math.random() * 90);
const server = await startServer(
  port,
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
);
const figures: Figure[] = [];
try {
  const token = await login(server.url, 'root_management_unit_manager@demo.test');
  const auth = { authorization: `Bearer ${token}`, 'x-module': 'tim' };
  // warm-up
  await autocannon({ url: `${server.url}/api/users`, headers: auth, duration: 2, connections: 4 });

  figures.push(
    await measure('GET /api/health (ceiling)', { url: `${server.url}/api/health`, connections: 10 }),
  );
  figures.push(
    await measure('GET /api/users (authenticated, page of 10)', {
      url: `${server.url}/api/users?itemsPerPage=10`,
      headers: auth,
      connections: 10,
    }),
  );
  figures.push(
    await measure('POST /api/login (argon2id)', {
      url: `${server.url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'store_seller@demo.test', password: 'Reprise-Demo-2026' }),
      connections: 8,
    }),
  );
} finally {
  await server.stop();
}

const [health, users, loginFigure] = figures as [Figure, Figure, Figure];
const share = users.rps / health.rps;
const goals = [
  {
    goal: 'authenticated list ≥ 15 % of the ceiling (rps)',
    value: `${(share * 100).toFixed(1)} %`,
    met: share >= 0.15,
  },
  { goal: 'login p95 ≤ 250 ms at 8 concurrent', value: `${loginFigure.p95} ms`, met: loginFigure.p95 <= 250 },
];

const md = [
  '# Benchmark results',
  '',
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version},`,
  `database ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, autocannon over loopback, ${DURATION} s per figure, server in its own process.`,
  '',
  '## Platform foundation',
  '',
  '| request | connections | requests/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |',
  '|---|--:|--:|--:|--:|--:|--:|--:|',
  ...figures.map(
    (f) =>
      `| ${f.name} | ${f.connections} | ${f.rps} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.errors} | ${f.non2xx} |`,
  ),
  '',
  '| goal | measured | met |',
  '|---|--:|:-:|',
  ...goals.map((g) => `| ${g.goal} | ${g.value} | ${g.met ? 'yes' : 'NO'} |`),
  '',
].join('\n');

const target = process.env.BENCH_RESULTS ?? new URL('./RESULTS.md', import.meta.url).pathname;
writeFileSync(target, md);
console.log(md);
if (goals.some((g) => !g.met)) process.exitCode = 1;
