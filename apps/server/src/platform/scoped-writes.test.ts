import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The structure that keeps tenants apart, checked on the source (platform/request-context.ts,
 * platform/scoped-writes.ts): services take a request context first and never the HTTP request,
 * routes and services reach the database only through repositories, and repositories update or
 * delete tenant rows only through the scoped builders.
 */

const modulesDir = join(import.meta.dirname, '..', 'modules');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|test-kit\.ts$/.test(entry.name) ? [path] : [];
  });
}

const sources = sourcesUnder(modulesDir).map((path) => ({
  path,
  name: relative(modulesDir, path),
  text: readFileSync(path, 'utf8'),
}));

/**
 * System tables a module may update or delete directly: rows that belong to no tenant's data or
 * are reached by a credential rather than by an actor. Each entry says why.
 */
const SYSTEM_WRITES: Record<string, string> = {
  'auth/auth.repository.ts':
    'sessions, password reset tokens and the sign-in facts of a user, reached by a credential or the session itself',
  'auth/throttle.ts': 'rate_limits: counters per address and account, no tenant data',
  'sandbox-payouts/sandbox-payouts.repository.ts':
    "the sandbox payment provider's own tables: a provider's rows, no tenant's, reached by its clients' app secrets",
  'sandbox-carrier/sandbox-carrier.repository.ts':
    "the sandbox carrier's own tables: a provider's rows, no tenant's, reached by its shippers' API keys",
  'buybacks/buyback-counts.repository.ts':
    'buyback_counts: totals that triggers write; compacted by housekeeping and recounted by the bulk seed, never by an actor',
  'police-register/register-head.repository.ts':
    "police_registers: a store register's head, moved by the platform with the entries it appends, whoever's move completed the buyback",
};

const isEntryPoint = (name: string) => /\.(routes|service|commands)\.ts$/.test(name);

describe('request context and scoped data access', () => {
  it('modules update and delete tenant rows only through the scoped builders', () => {
    const offenders = sources
      .filter((s) => !(s.name in SYSTEM_WRITES))
      .filter((s) => /\.(updateTable|deleteFrom)\(|\b(UPDATE|DELETE FROM)\s+[a-z_]+/.test(s.text))
      .map((s) => s.name);
    expect(offenders).toEqual([]);
  });

  it('routes and services reach the database only through repositories', () => {
    const offenders = sources
      .filter((s) => isEntryPoint(s.name))
      .filter((s) =>
        /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|transaction)\(|\bsql`|\.execute\((db|trx)\)/.test(
          s.text,
        ),
      )
      .map((s) => s.name);
    expect(offenders).toEqual([]);
  });

  it('every exported service function takes the request context first, never the HTTP request or URL', () => {
    const offenders = sources
      .filter((s) => /\.(service|commands)\.ts$/.test(s.name))
      .flatMap((s) =>
        [...s.text.matchAll(/export (?:async )?function (\w+)(?:<[^>]*>)?\(\s*(\w+)?/g)]
          .filter(([, , first]) => first !== 'ctx' && first !== 'tx')
          .map(([, fn]) => `${s.name}: ${fn}`),
      );
    const requestTakers = sources
      .filter((s) => /\.(service|commands)\.ts$/.test(s.name))
      .filter((s) => /from 'fastify'|\b(request|url): /.test(s.text))
      .map((s) => s.name);
    expect({ offenders, requestTakers }).toEqual({ offenders: [], requestTakers: [] });
  });
});
