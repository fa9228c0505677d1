import {
  type ModuleType,
  type Permission,
  permissionsFor,
  type UserType,
  VISITOR_PERMISSIONS,
} from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, DEMO_USERS, startApiKit, type Who } from '../../test/api-kit';
import { DEMO } from '../../test/test-app';
import { mayUse } from './auth-hook';

/** A JSON schema of the OpenAPI document, as far as this walk reads it. */
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: Schema;
}
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body?: Schema;
  /** The upload routes take multipart/form-data, which the document does not describe. */
  multipart: boolean;
  /** The headers of a caller who may call it (a demo user in one of its modules, a visitor), or null: anyone. */
  actor: Record<string, string> | null;
  /** signing out ends the session it is sent with: each request gets a session of its own */
  endsSession: boolean;
}
type Leaf = { path: string; kind: 'string' | 'integer' };

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const INT4_ABOVE = 2_147_483_648;
const INT4_BELOW = -2_147_483_649;
const SITE_HOST = 'demo-retail.localhost:3000';
const SAMPLE_UUID = DEMO.orgs.storeParis;

let kit: ApiKit;
const operations: Operation[] = [];

const options = (s: Schema) =>
  (s.anyOf ?? s.oneOf ?? []).filter((o) => !(o.enum?.length === 1 && o.enum[0] === null));
const typeOf = (s: Schema): string | undefined => {
  if (s.anyOf || s.oneOf) return options(s)[0] ? typeOf(options(s)[0] as Schema) : undefined;
  return [s.type].flat().find((t) => t !== 'null');
};
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** A valid-looking string for a schema, used where a test needs the other fields harmless. */
function benignString(s: Schema): string {
  const first = options(s)[0];
  if (first) return benignString(first);
  if (s.enum?.length) return String(s.enum[0]);
  if (s.format === 'uuid') return SAMPLE_UUID;
  if (s.format === 'date') return '2026-01-15';
  return 'abcdefghijkl';
}

/**
 * Builds a value for a schema where every string is `bad.string` (or a harmless one when absent)
 * and every integer `bad.integer` (or 1), recording the path of every bad leaf.
 */
function fill(s: Schema, path: string, bad: { string?: string; integer?: number }, leaves: Leaf[]): unknown {
  const first = options(s)[0];
  if (first) return fill(first, path, bad, leaves);
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {}))
        out[key] = fill(child, join(path, key), bad, leaves);
      if (typeof s.additionalProperties === 'object') {
        const key = String(s.propertyNames?.enum?.[0] ?? 'key');
        out[key] = fill(s.additionalProperties, join(path, key), bad, leaves);
      }
      return out;
    }
    case 'array': {
      // one element per variant of a union, so that every variant's fields are reached
      const items = s.items ?? {};
      const variants = items.oneOf ?? items.anyOf ?? [items];
      return variants
        .filter((v) => !(v.enum?.length === 1 && v.enum[0] === null))
        .map((v, i) => fill(v, join(path, i), bad, leaves));
    }
    case 'string':
      if (bad.string === undefined) return benignString(s);
      leaves.push({ path, kind: 'string' });
      return bad.string;
    case 'integer':
      if (bad.integer === undefined) return 1;
      leaves.push({ path, kind: 'integer' });
      return bad.integer;
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

const pathFor = (op: Operation, bad?: { name: string; value: string }) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (bad?.name === name) return bad.value;
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(param ? benignString(param.schema) : SAMPLE_UUID);
  });

const queryString = (pairs: [string, string][]) =>
  pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}` : '';

async function send(
  op: Operation,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; anonymous?: boolean } = {},
) {
  const actor =
    op.endsSession && !options.anonymous
      ? { authorization: (await kit.t.login(DEMO_USERS.seller)).authorization }
      : op.actor;
  const headers: Record<string, string> = {
    ...(op.path.startsWith('/api/white-label/') && op.path !== '/api/white-label/sites'
      ? { host: SITE_HOST }
      : {}),
    ...(actor && !options.anonymous ? actor : {}),
    ...(op.method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}),
    ...options.headers,
  };
  return kit.t.app.inject({
    method: op.method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** Problems found by a walk, listed together so one run names every faulty route. */
function check(
  faults: string[],
  label: string,
  res: LightMyRequestResponse,
  expected?: { status?: number; leaves?: Leaf[] },
) {
  if (res.statusCode >= 500) return faults.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400 && !String(res.headers['content-type']).startsWith('application/problem+json'))
    return faults.push(`${label}: ${res.statusCode} without a problem document`);
  if (!expected) return;
  if (expected.status && res.statusCode !== expected.status)
    return faults.push(`${label}: ${res.statusCode} instead of ${expected.status} ${res.body.slice(0, 200)}`);
  const violations: { propertyPath: string; code: string }[] = res.json().violations ?? [];
  for (const leaf of expected.leaves ?? []) {
    // a string's code is the shared one; an integer may carry its field's own range code (price_range)
    const named = violations.some(
      (v) => v.propertyPath === leaf.path && (leaf.kind === 'integer' || v.code === 'invalid_characters'),
    );
    if (!named) faults.push(`${label}: ${leaf.path} not named in ${JSON.stringify(violations)}`);
  }
}

beforeAll(async () => {
  kit = await startApiKit();
  const held: { headers: Record<string, string>; permissions: Set<Permission> }[] = [];
  for (const who of Object.keys(DEMO_USERS) as Who[]) {
    const { authorization } = await kit.t.login(DEMO_USERS[who]);
    const me = (await kit.get(who, '/api/me')).json() as { modules: Record<ModuleType, UserType> };
    for (const [module, userType] of Object.entries(me.modules) as [ModuleType, UserType][])
      held.push({
        headers: { authorization, 'x-module': module },
        permissions: new Set(permissionsFor(userType, module)),
      });
  }
  const visitor = await kit.t.app.inject({
    method: 'POST',
    url: '/api/white-label/visitor',
    headers: { host: SITE_HOST },
  });
  const visitorToken = visitor.cookies.find((c) => c.name === 'reprise_session')?.value;
  held.push({
    headers: { authorization: `Bearer ${visitorToken}` },
    permissions: new Set(VISITOR_PERMISSIONS),
  });
  const declared = new Map(kit.t.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
  const doc = (await kit.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
      >
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const route = declared.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      if (!route) throw new Error(`${method} ${path} is in the OpenAPI document but not declared`);
      const holder = route.public
        ? undefined
        : route.permission
          ? held.find((h) => mayUse(h.permissions, route.permission as Permission))
          : held[0];
      if (!route.public && !holder) throw new Error(`no demo user may call ${method} ${path}`);
      const endsSession = path === '/api/logout' || path === '/api/open-id/logout';
      const actor = endsSession
        ? { authorization: (await kit.t.login(DEMO_USERS.seller)).authorization }
        : holder?.headers;
      const body = spec.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: spec.parameters ?? [],
        body,
        multipart: method === 'put' && !body,
        actor: actor ?? null,
        endsSession,
      });
    }
  }
}, 120_000);
afterAll(() => kit.close());

describe('bad input never answers 500 on any route of the OpenAPI document', () => {
  it('walks every route of the document, and the upload routes are the eight multipart ones', () => {
    expect(operations.length).toBeGreaterThan(100);
    // the eighth: the general settings' policy files (docs/general-settings.md)
    expect(operations.filter((o) => o.multipart).map((o) => o.path)).toHaveLength(8);
  });

  it('refuses a NUL byte or broken UTF-8 in a path parameter with a 4xx problem', async () => {
    const faults: string[] = [];
    for (const op of operations) {
      for (const param of op.parameters.filter((p) => p.in === 'path')) {
        for (const value of ['%00', `a%00b`, '%ED%A0%80', '%C0%80', '%FF']) {
          const url = pathFor(op, { name: param.name, value });
          check(faults, `${op.method} ${url}`, await send(op, url));
        }
        const url = pathFor(op, { name: param.name, value: '%00' });
        check(faults, `${op.method} ${url} (authorised)`, await send(op, url), {
          status: 422,
          leaves: [{ path: param.name, kind: 'string' }],
        });
      }
    }
    expect(faults.join('\n')).toBe('');
  }, 60_000);

  it('refuses a NUL byte in any query parameter, and an out-of-range integer, with 422 naming it', async () => {
    const faults: string[] = [];
    for (const op of operations) {
      const query = op.parameters.filter((p) => p.in === 'query');
      const key = (p: Parameter) => (typeOf(p.schema) === 'array' ? `${p.name}[]` : p.name);
      const url = (pairs: [string, string][]) => `${pathFor(op)}${queryString(pairs)}`;
      // the body is validated before the query: a route that takes both gets a harmless one
      const body = op.body ? fill(op.body, '', {}, []) : undefined;
      // a parameter the route does not know is ignored (the readiness probe answers 503 while migrating)
      if (op.path !== '/api/ready')
        check(faults, `${op.method} ${op.path}?junk=%00`, await send(op, url([['junk', '%00']]), { body }));
      const strings = query.filter((p) => ['string', 'array'].includes(typeOf(p.schema) ?? ''));
      if (strings.length) {
        const u = url(strings.map((p) => [key(p), 'a%00b']));
        check(faults, `${op.method} ${u}`, await send(op, u, { body }), {
          status: 422,
          leaves: strings.map((p) => ({
            path: typeOf(p.schema) === 'array' ? `${p.name}.0` : p.name,
            kind: 'string',
          })),
        });
        check(faults, `${op.method} ${u} (anonymous)`, await send(op, u, { body, anonymous: true }));
        // each alone too, so that no other parameter's refusal hides what the route does with it
        for (const p of strings) {
          const alone = url([[key(p), '%00']]);
          check(faults, `${op.method} ${alone}`, await send(op, alone, { body }), {
            status: 422,
            leaves: [{ path: typeOf(p.schema) === 'array' ? `${p.name}.0` : p.name, kind: 'string' }],
          });
        }
        const broken = url(strings.map((p) => [key(p), '%ED%A0%80%FF']));
        check(faults, `${op.method} ${broken}`, await send(op, broken, { body }));
      }
      const integers = query.filter((p) => typeOf(p.schema) === 'integer');
      for (const value of [INT4_ABOVE, INT4_BELOW]) {
        if (!integers.length) continue;
        const u = url(integers.map((p) => [p.name, String(value)]));
        check(faults, `${op.method} ${u}`, await send(op, u, { body }), {
          status: 422,
          leaves: integers.map((p) => ({ path: p.name, kind: 'integer' })),
        });
      }
    }
    expect(faults.join('\n')).toBe('');
  }, 60_000);

  it('refuses a NUL byte or a lone surrogate in any string of a JSON body with 422 naming each', async () => {
    const faults: string[] = [];
    for (const op of operations.filter((o) => o.body)) {
      for (const value of [NUL, LONE_SURROGATE]) {
        const leaves: Leaf[] = [];
        const body = fill(op.body as Schema, '', { string: value }, leaves);
        if (!leaves.length) continue;
        const label = `${op.method} ${op.path} ${JSON.stringify(value)}`;
        check(faults, label, await send(op, pathFor(op), { body }), { status: 422, leaves });
        check(faults, `${label} (anonymous)`, await send(op, pathFor(op), { body, anonymous: true }));
      }
    }
    expect(faults.join('\n')).toBe('');
  }, 60_000);

  it('refuses an integer outside the int4 range anywhere in a JSON body with 422 naming each', async () => {
    const faults: string[] = [];
    for (const op of operations.filter((o) => o.body)) {
      for (const value of [INT4_ABOVE, INT4_BELOW]) {
        const leaves: Leaf[] = [];
        const body = fill(op.body as Schema, '', { integer: value }, leaves);
        if (!leaves.length) continue;
        check(faults, `${op.method} ${op.path} ${value}`, await send(op, pathFor(op), { body }), {
          status: 422,
          leaves,
        });
      }
    }
    expect(faults.join('\n')).toBe('');
  }, 60_000);

  it('answers a malformed or truncated multipart upload with a 4xx problem', async () => {
    const part = (boundary: string, head: string, content: string) =>
      `--${boundary}\r\n${head}\r\n\r\n${content}`;
    const file = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png';
    const png = '\x89PNG\r\n\x1a\n0000';
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', part('b', file, png)],
      ['truncated', 'multipart/form-data; boundary=b', part('b', file, png)],
      [
        'truncated in the part head',
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-da',
      ],
      ['a part without head', 'multipart/form-data; boundary=b', `--b\r\n\r\n${png}\r\n--b--\r\n`],
      [
        'a malformed part head',
        'multipart/form-data; boundary=b',
        `--b\r\nContent-Disposition\r\n\r\n${png}\r\n--b--\r\n`,
      ],
      ['another boundary', 'multipart/form-data; boundary=b', `${part('c', file, png)}\r\n--c--\r\n`],
      ['an empty body', 'multipart/form-data; boundary=b', ''],
      ['only the closing boundary', 'multipart/form-data; boundary=b', '--b--\r\n'],
      [
        'a NUL in the field name',
        'multipart/form-data; boundary=b',
        `${part('b', file.replace('file"', 'fi\u0000le"'), png)}\r\n--b--\r\n`,
      ],
      [
        'a field before the file',
        'multipart/form-data; boundary=b',
        `${part('b', 'Content-Disposition: form-data; name="x"', 'a\u0000b')}\r\n${part('b', file, png)}\r\n--b--\r\n`,
      ],
      ['a JSON body', 'application/json', '{"file":"a\\u0000b"}'],
    ];
    const faults: string[] = [];
    for (const op of operations.filter((o) => o.multipart)) {
      for (const [what, type, payload] of bodies) {
        const res = await send(op, pathFor(op), {
          body: Buffer.from(payload, 'latin1'),
          headers: { 'content-type': type },
        });
        check(faults, `${op.method} ${op.path} ${what}`, res);
        if (res.statusCode < 400) faults.push(`${op.method} ${op.path} ${what}: ${res.statusCode}`);
      }
    }
    expect(faults.join('\n')).toBe('');
  }, 60_000);

  it('ignores a junk X-Module header or answers it with a 4xx problem', async () => {
    const faults: string[] = [];
    for (const op of operations.filter((o) => o.actor)) {
      for (const module of ['junk', 'x'.repeat(2000), '__proto__']) {
        check(
          faults,
          `${op.method} ${op.path} X-Module ${module.slice(0, 20)}`,
          await send(op, pathFor(op), { headers: { 'x-module': module } }),
        );
      }
    }
    expect(faults.join('\n')).toBe('');
  }, 60_000);
});

describe('deep and wide JSON bodies never answer 500 (issue 23)', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  /** A harmless body of the route with one more field, unknown to it, holding `value` (JSON text). */
  const withUnknownField = (op: Operation, value: string) => {
    const benign = JSON.stringify(op.body ? fill(op.body, '', {}, []) : {});
    const open = benign.startsWith('{') ? benign.slice(0, -1) : '{';
    return `${open}${open.length > 1 ? ',' : ''}"zzUnknown":${value}}`;
  };
  /** No record of the demo is reached: every id of the path is one that does not exist. */
  const nowhere = (op: Operation) =>
    pathFor(op).replaceAll(SAMPLE_UUID, '00000000-0000-4000-8000-000000000000');
  const writes = () => operations.filter((o) => o.method !== 'GET');
  const json = (op: Operation) => ({
    'content-type': op.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
  });

  it.each([
    ['10,000 levels deep inside an unknown field', (op: Operation) => withUnknownField(op, nested(10_000))],
    ['200,000 levels deep alone', () => nested(200_000)],
  ])(
    'a body nested %s answers 400 body_too_deep on every write, and never 500 anonymously',
    async (_what, body) => {
      const faults: string[] = [];
      expect(writes().length).toBeGreaterThan(100);
      for (const op of writes()) {
        const payload = body(op);
        const label = `${op.method} ${op.path}`;
        const res = await send(op, nowhere(op), { body: payload, headers: json(op) });
        // the carrier's webhook reads its raw body (64 kB at most) and checks its signature first
        if (op.path.startsWith('/api/webhooks/')) check(faults, label, res);
        else {
          check(faults, label, res, { status: 400 });
          if (res.statusCode === 400 && res.json().code !== 'body_too_deep')
            faults.push(`${label}: ${res.json().code} instead of body_too_deep`);
        }
        check(
          faults,
          `${label} (anonymous)`,
          await send(op, nowhere(op), { body: payload, headers: json(op), anonymous: true }),
        );
      }
      expect(faults.join('\n')).toBe('');
    },
    120_000,
  );

  it('an object of 10,000 unknown fields answers at once and never 500, on every route with a body', async () => {
    const wide = `{${Array.from({ length: 10_000 }, (_, i) => `"unknown${i}":"x"`).join(',')}}`;
    const faults: string[] = [];
    let slowest = 0;
    for (const op of operations.filter((o) => o.body)) {
      for (const anonymous of [false, true]) {
        const started = performance.now();
        const res = await send(op, nowhere(op), { body: wide, headers: json(op), anonymous });
        slowest = Math.max(slowest, performance.now() - started);
        check(faults, `${op.method} ${op.path}${anonymous ? ' (anonymous)' : ''}`, res);
      }
    }
    expect(faults.join('\n')).toBe('');
    expect(slowest).toBeLessThan(2_000);
  }, 120_000);
});

describe('bad input rules named in issue 10', () => {
  it('the anonymous product search refuses a NUL byte in q with 422 invalid_characters', async () => {
    const res = await kit.t.app.inject({
      method: 'GET',
      url: '/api/white-label/search?q=%00',
      headers: { host: SITE_HOST },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'q', code: 'invalid_characters' }),
    ]);
  });

  it("a bound without a code of its own answers zod's, in the catalogue's words (too_large)", async () => {
    const res = await kit.t.app.inject({
      method: 'GET',
      url: '/api/white-label/search?page=1001',
      headers: { host: SITE_HOST },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'page', code: 'too_large' }),
    ]);
  });

  it('a cart minimum value above the int4 range answers 422 too_large on cartMinValue', async () => {
    const detail = await kit.get('rmu', `/api/accounts/${DEMO.accounts.demoRetail}/organization-root-detail`);
    const url = `/api/organization-root-details/${detail.json().id}`;
    const res = await kit.patch('rmu', url, { cartMinValue: INT4_ABOVE });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyPath: 'cartMinValue', code: 'too_large' })]),
    );
  });
});
