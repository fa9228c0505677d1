import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import {
  type RequestContext,
  scopeOfActor,
  systemContext,
  type VisitorContext,
} from '../../platform/request-context';
import { readScope, writeScope } from './catalog-scope';

const deps = { db: {} } as AppDeps;

const contextOf = (module: Actor['module'], isPlatform = false): RequestContext => {
  const actor = { accountId: 'account', module, isPlatform } as Actor;
  return { actor, scope: scopeOfActor(actor), locale: null, db: deps.db, deps };
};

const visitorOf = (siteAccountId: string): VisitorContext => ({
  ...systemContext(deps, { kind: 'account', accountId: siteAccountId }),
  siteAccountId,
});

describe('whose catalogue a context reads', () => {
  it('a retailer user its own, a buyer the categories linked to it, an operator every one or the one named', () => {
    expect(readScope(contextOf('tim'))).toEqual({ kind: 'account', accountId: 'account' });
    expect(readScope(contextOf('lcm'))).toEqual({ kind: 'buyer', buyerAccountId: 'account' });
    expect(readScope(contextOf('rps'))).toEqual({ kind: 'none' });
    expect(readScope(contextOf('root', true), 'named')).toEqual({ kind: 'all', accountId: 'named' });
  });

  it('a context without a user (a site visitor, a job) reads the accounts of its scope', () => {
    expect(readScope(visitorOf('site'), 'other')).toEqual({ kind: 'account', accountId: 'site' });
    expect(readScope(systemContext(deps, { kind: 'all' }), 'named')).toEqual({
      kind: 'all',
      accountId: 'named',
    });
  });
});

describe('whose catalogue a context writes', () => {
  it("the retailer user's own, every one for an operator, none for the other modules", () => {
    expect(writeScope(contextOf('tim'))).toEqual({ kind: 'account', accountId: 'account' });
    expect(writeScope(contextOf('root', true))).toEqual({ kind: 'all' });
    expect(writeScope(contextOf('lcm'))).toEqual({ kind: 'none' });
    expect(writeScope(contextOf('rps'))).toEqual({ kind: 'none' });
  });
});
