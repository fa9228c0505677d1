import { cpuProbe } from './cpu';
import { figureTable, measure, percent, type Section } from './lib';
import { type Ceiling, captureStatements, pgbench } from './pgbench';
import { login } from './server';

const SIGN_IN_USERS = [
  'admin@demo.test',
  'root_management_unit_manager@demo.test',
  'root_management_unit_analyst@demo.test',
  'management_unit_manager@demo.test',
  'management_unit_analyst@demo.test',
  'store_manager@demo.test',
  'store_seller@demo.test',
  'buyer_manager@demo.test',
];

/** The share of pgbench's prepared throughput on its own SQL the users list is to reach (issue 11). */
const USERS_LIST_SHARE = 0.3;

/**
 * Issues 2 and 11: the authenticated users list at 10 concurrent, beside pgbench on the statements
 * it runs (unprepared and prepared, 10 clients) on PostgreSQL; the health ceiling; sign-in
 * (argon2id) at 8 concurrent.
 */
export async function benchFoundation(
  server: { url: string; pid: number },
  databaseUrl?: string,
  capturePort?: number,
): Promise<Section> {
  const { url } = server;
  const token = await login(url, 'root_management_unit_manager@demo.test');
  const auth = { authorization: `Bearer ${token}`, 'x-module': 'tim' };
  const usersUrl = '/api/users?itemsPerPage=10';
  const health = await measure('GET /api/health (ceiling)', { url: `${url}/api/health`, connections: 10 });
  const probe = await cpuProbe(server.pid, databaseUrl);
  const users = await measure(
    'GET /api/users (authenticated, page of 10)',
    { url: url + usersUrl, headers: auth, connections: 10 },
    probe,
  );
  await probe.close();
  // one demo user per connection: sign-in counts each attempt of an account and address before the
  // password check (docs/security.md), so 8 simultaneous sign-ins of one user would be throttled
  let nextUser = 0;
  const signIn = await measure('POST /api/login (argon2id, 8 users)', {
    url: `${url}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupClient: (client) => {
      const email = SIGN_IN_USERS[nextUser++ % SIGN_IN_USERS.length];
      client.setBody(JSON.stringify({ email, password: 'Reprise-Demo-2026' }));
    },
    connections: 8,
  });
  const goals = [
    { goal: 'login p97.5 ≤ 250 ms at 8 concurrent', value: `${signIn.p97_5} ms`, met: signIn.p97_5 <= 250 },
  ];
  const lines = figureTable([health, users, signIn]);
  if (databaseUrl && capturePort) {
    const statements =
      (
        await captureStatements(databaseUrl, capturePort, [{ name: 'users', url: usersUrl, headers: auth }])
      ).get('users') ?? [];
    const simple = await pgbench(databaseUrl, statements, 'simple', 10);
    const unnamed = await pgbench(databaseUrl, statements, 'extended', 10);
    const prepared = await pgbench(databaseUrl, statements, 'prepared', 10);
    if (simple && unnamed && prepared) {
      const share = users.rps / prepared.tps;
      lines.push(
        '',
        `pgbench on the ${statements.length} statement(s) the users list runs (captured from the server, the same`,
        'parameters), 10 clients, right after the API:',
        '',
        '| pgbench | transactions/s | latency ms | API requests/s as a share | load |',
        '|---|--:|--:|--:|--:|',
        ...(
          [
            ['unprepared (-M simple)', simple],
            ['unnamed statements (-M extended, as the server sent them before issue 11)', unnamed],
            ['prepared (-M prepared)', prepared],
          ] as [string, Ceiling][]
        ).map(
          ([mode, c]) =>
            `| ${mode} | ${c.tps} | ${c.latency.toFixed(2)} | ${percent(users.rps / c.tps)} | ${c.load.toFixed(1)} |`,
        ),
      );
      goals.unshift({
        goal: `users list ≥ ${percent(USERS_LIST_SHARE)} of pgbench prepared on its SQL (10 concurrent)`,
        value: `${percent(share)} (${users.rps} / ${prepared.tps})`,
        met: share >= USERS_LIST_SHARE,
      });
    }
  }
  return { title: 'Platform foundation (issues 2 and 11)', lines, goals };
}
