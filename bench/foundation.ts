import { figureTable, measure, percent, type Section } from './lib';
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

/** Issue 2: the health ceiling, an authenticated list, and sign-in (argon2id) at 8 concurrent. */
export async function benchFoundation(url: string): Promise<Section> {
  const token = await login(url, 'root_management_unit_manager@demo.test');
  const auth = { authorization: `Bearer ${token}`, 'x-module': 'tim' };
  const health = await measure('GET /api/health (ceiling)', { url: `${url}/api/health`, connections: 10 });
  const users = await measure('GET /api/users (authenticated, page of 10)', {
    url: `${url}/api/users?itemsPerPage=10`,
    headers: auth,
    connections: 10,
  });
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
  const share = users.rps / health.rps;
  return {
    title: 'Platform foundation (issue 2)',
    lines: figureTable([health, users, signIn]),
    goals: [
      {
        goal: 'authenticated list ≥ 15 % of the ceiling (requests/s)',
        value: percent(share),
        met: share >= 0.15,
      },
      { goal: 'login p95 ≤ 250 ms at 8 concurrent', value: `${signIn.p95} ms`, met: signIn.p95 <= 250 },
    ],
  };
}
