import { z } from 'zod';
import { PaginationQuery } from './common';

/** Where a reported error happened: the back office, or a retailer's public site. */
export const CLIENT_ERROR_APPS = ['back_office', 'public_site'] as const;
export type ClientErrorApp = (typeof CLIENT_ERROR_APPS)[number];

/** How the browser caught it: `window.onerror`, an unhandled promise rejection, a screen that failed to render. */
const CLIENT_ERROR_KINDS = ['error', 'unhandled_rejection', 'render'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/**
 * `POST /api/client-errors`: an uncaught error of the web app (docs/client-errors.md). The
 * browser sends neither network errors, aborted requests nor failed-status answers; the user and
 * account are the session's, never the body's.
 */
export const ReportClientErrorRequest = z.object({
  app: z.enum(CLIENT_ERROR_APPS),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().trim().min(1).max(1000),
  stack: z.string().max(8000).nullish(),
  /** The screen's path (the query and fragment are dropped by the server). */
  route: z.string().min(1).max(500).startsWith('/'),
  /** The web build's version and hash. */
  build: z.string().min(1).max(100),
});
export type ReportClientErrorRequest = z.infer<typeof ReportClientErrorRequest>;

/** `GET /api/client-errors`: the groups, most recently seen first, of one app or both. */
export const ListClientErrorGroupsQuery = PaginationQuery.extend({
  app: z.enum(CLIENT_ERROR_APPS).optional(),
});
export type ListClientErrorGroupsQuery = z.infer<typeof ListClientErrorGroupsQuery>;

/** The reports of one message on one route (its ids replaced by `:id`), for platform admins. */
export const ClientErrorGroupResponse = z.object({
  app: z.enum(CLIENT_ERROR_APPS),
  message: z.string(),
  route: z.string(),
  count: z.number().int(),
  /** Distinct users and accounts that met it (reports without a session count for none). */
  users: z.number().int(),
  accounts: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The latest report's build, kind and stack. */
  lastBuild: z.string(),
  lastKind: z.enum(CLIENT_ERROR_KINDS),
  lastStack: z.string().nullable(),
});
export type ClientErrorGroupResponse = z.infer<typeof ClientErrorGroupResponse>;
