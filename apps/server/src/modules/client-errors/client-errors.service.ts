import type {
  ClientErrorGroupResponse,
  ListClientErrorGroupsQuery,
  ReportClientErrorRequest,
} from '@reprise/shared';
import { tooManyAttempts } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import {
  type BaseContext,
  type RequestContext,
  systemContext,
  transact,
} from '../../platform/request-context';
import { countAttempt, type Limit } from '../auth';
import * as repo from './client-errors.repository';
import { groupRoute } from './client-errors.rules';

/**
 * The web app's uncaught errors (docs/client-errors.md): browsers report them, each report stored
 * with the session's user and account; platform admins read them grouped by message and route.
 */

const minutes = (n: number) => n * 60_000;
/** Reports one user, and one client address, may send: a crashing screen in a loop is cut short. */
const REPORT_LIMITS = {
  user: { windowMs: minutes(10), allowed: 30, firstBlockMs: minutes(10), maxBlockMs: minutes(60) },
  address: { windowMs: minutes(10), allowed: 60, firstBlockMs: minutes(10), maxBlockMs: minutes(60) },
} as const satisfies Record<string, Limit>;
/** Reports are kept this long. */
const KEPT_DAYS = 90;

/** Who reports: the session's user and account, if any, and the browser. */
export interface Reporter {
  actor: { userId: string; accountId: string } | null;
  ip: string;
  userAgent: string | null;
}

/** Stores one report, after counting it per user (when signed in) and per client address. */
export async function reportClientError(
  ctx: BaseContext,
  input: ReportClientErrorRequest,
  reporter: Reporter,
): Promise<void> {
  const keys: [string, Limit][] = [[`client-error:address:${reporter.ip}`, REPORT_LIMITS.address]];
  if (reporter.actor) keys.unshift([`client-error:user:${reporter.actor.userId}`, REPORT_LIMITS.user]);
  for (const [key, limit] of keys) {
    const counted = await countAttempt(ctx.db, key, limit);
    if (counted.refusedForMs > 0) throw tooManyAttempts(counted.refusedForMs, 'Too many error reports');
  }
  const own = reporter.actor
    ? systemContext(ctx.deps, { kind: 'account', accountId: reporter.actor.accountId })
    : ctx;
  await transact(own, (tx) =>
    repo.insertClientError(tx, {
      accountId: reporter.actor?.accountId ?? null,
      userId: reporter.actor?.userId ?? null,
      app: input.app,
      kind: input.kind,
      message: input.message,
      stack: input.stack ?? null,
      route: groupRoute(input.route),
      build: input.build,
      userAgent: reporter.userAgent?.slice(0, 500) ?? null,
    }),
  );
}

/** The groups of reports the caller may read (platform admins: every account's). */
export async function listClientErrorGroups(
  ctx: RequestContext,
  query: ListClientErrorGroupsQuery,
): Promise<Page<ClientErrorGroupResponse>> {
  const page = await repo.listGroups(ctx, {
    app: query.app,
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return {
    totalItems: page.totalItems,
    member: page.member.map((g) => ({
      app: g.app,
      message: g.message,
      route: g.route,
      count: g.count,
      users: g.users,
      accounts: g.accounts,
      firstSeenAt: new Date(g.first_seen_at).toISOString(),
      lastSeenAt: new Date(g.last_seen_at).toISOString(),
      lastBuild: g.last_build,
      lastKind: g.last_kind,
      lastStack: g.last_stack,
    })),
  };
}

/** Deletes the reports older than 90 days (the server's housekeeping, main.ts). */
export async function purgeOldClientErrors(ctx: BaseContext): Promise<number> {
  return transact(ctx, (tx) => repo.purgeOlderThan(tx, KEPT_DAYS));
}
