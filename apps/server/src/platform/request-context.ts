import type { Locale } from '@reprise/shared';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { actorOf } from './auth-hook';
import type { Actor } from './context';
import type { Database, Db } from './db.types';
import type { AppDeps } from './deps';
import { localeOf } from './translations';

/**
 * A transaction. Kysely's Transaction is nominal (it has private members), so a function that
 * writes and asks for a `Trx` cannot be handed the pool by mistake; reads take either (`Reader`).
 */
export type Trx = Transaction<Database>;
/** The pool or a transaction: what a read runs on. */
export type Reader = Db;

/** Rows of one account, or of every account (platform operators, platform jobs). */
export type AccountScope = { kind: 'all' } | { kind: 'account'; accountId: string };

/**
 * What every service is given first. Routes build it (`contextOf`, `visitorContextOf`), workers
 * build theirs (`systemContext`). A service reads on `ctx.db` (the pool) and writes inside
 * `transact(ctx, …)`; repositories take the context and add its `scope` themselves
 * (platform/scoped-writes.ts).
 */
export interface BaseContext {
  /** The locale texts are read in (the request's Accept-Language); null reads the base texts. */
  readonly locale: Locale | null;
  /** The accounts whose rows this context may write. */
  readonly scope: AccountScope;
  readonly db: Db;
  readonly deps: AppDeps;
}

/** A signed-in user's request: who calls (account, module, organisation path, permissions). */
export interface RequestContext extends BaseContext {
  readonly actor: Actor;
}

/** A visitor of a retailer's public site: no user, the site's account. */
export interface VisitorContext extends BaseContext {
  readonly siteAccountId: string;
}

/** A context inside its transaction: writes go to `trx`; `afterCommit` effects run only if it commits. */
export type InTransaction<C extends BaseContext> = C & {
  readonly trx: Trx;
  /** Runs `effect` once the transaction has committed (never if it rolls back). */
  afterCommit(effect: () => void | Promise<void>): void;
};
/** A signed-in user's request inside its transaction. */
export type TxContext = InTransaction<RequestContext>;
/** Any context inside its transaction: what repositories and effects that write take. */
export type BaseTxContext = InTransaction<BaseContext>;

/**
 * Where a repository reads for a context: its transaction when it is in one (reads see the
 * command's own writes and locks), else the pool.
 */
export const readerOf = (ctx: BaseContext): Reader => ('trx' in ctx ? (ctx as BaseTxContext).trx : ctx.db);

/** The accounts an actor may write: its own, or every account for platform operators. */
export const scopeOfActor = (actor: Actor): AccountScope =>
  actor.isPlatform ? { kind: 'all' } : { kind: 'account', accountId: actor.accountId };

/** The context of an authenticated request (routes that declared a permission or `authenticated`). */
export function contextOf(request: FastifyRequest, deps: AppDeps): RequestContext {
  const actor = actorOf(request);
  return { actor, scope: scopeOfActor(actor), locale: localeOf(request), db: deps.db, deps };
}

/** The context of a public site's visitor: the site's account is the only one it reaches. */
export function visitorContextOf(
  request: FastifyRequest,
  deps: AppDeps,
  siteAccountId: string,
): VisitorContext {
  return {
    siteAccountId,
    scope: { kind: 'account', accountId: siteAccountId },
    locale: localeOf(request),
    db: deps.db,
    deps,
  };
}

/**
 * A context with no user: a job, the sign-in and password-reset flows (reached by a credential),
 * a command-line tool. The scope is given explicitly: one account, or `all` for platform work.
 */
export function systemContext(deps: AppDeps, scope: AccountScope, locale: Locale | null = null): BaseContext {
  return { scope, locale, db: deps.db, deps };
}

/**
 * Runs `work` in one transaction (one transaction per command): everything it writes commits
 * together or not at all. Inside a transaction already, `work` joins it. Effects registered with
 * `afterCommit` run after the commit, in order; one that fails is logged and does not undo the
 * command (durable effects are jobs instead, enqueued in the transaction: platform/jobs.ts).
 */
export async function transact<C extends BaseContext, T>(
  ctx: C,
  work: (tx: InTransaction<C>) => Promise<T>,
): Promise<T> {
  if ('trx' in ctx) return work(ctx as InTransaction<C>);
  const effects: (() => void | Promise<void>)[] = [];
  const result = await ctx.db
    .transaction()
    .execute((trx) => work({ ...ctx, trx, afterCommit: (effect) => void effects.push(effect) }));
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      console.error('an after-commit effect failed', error);
    }
  }
  return result;
}
