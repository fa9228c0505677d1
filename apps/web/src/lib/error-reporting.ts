import type { ClientErrorApp, ClientErrorKind } from '@reprise/shared';
import { apiFetch, NetworkError } from './api';

/**
 * Reports the web app's uncaught errors to the server (`POST /api/client-errors`,
 * docs/client-errors.md): `window` errors, unhandled promise rejections and screens that failed
 * to render. As the spec says, network errors, aborted requests and failed-status answers are not
 * reported: they are the server's or the network's, and the screens already say so.
 */

/** The web build's version and hash (vite.config.ts). */
const BUILD: string = import.meta.env.VITE_BUILD_ID ?? 'dev';
/** Reports one page load sends at most (a screen failing in a loop is not reported a thousand times). */
const MAX_REPORTS = 10;

const NETWORK_MESSAGES = [
  'failed to fetch',
  'networkerror when attempting to fetch resource',
  'load failed',
  'network request failed',
  'failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'importing a module script failed',
];

/** True for what is not reported: a network failure, an aborted request, an answer with a failed status. */
function isExpected(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 3) return false;
  const { name, message, status, cause } = error as {
    name?: unknown;
    message?: unknown;
    status?: unknown;
    cause?: unknown;
  };
  // lib/api.ts NetworkError, the browser's aborts (AbortError, TimeoutError)
  if (error instanceof NetworkError || name === 'AbortError' || name === 'TimeoutError') return true;
  // ApiError of either app, a router's error response: the server answered with a failed status
  if (typeof status === 'number') return true;
  if (typeof message === 'string' && NETWORK_MESSAGES.some((m) => message.toLowerCase().includes(m)))
    return true;
  return cause !== undefined && isExpected(cause, depth + 1);
}

/** Whether an error caught by the browser is reported (exported for its test). */
export function shouldReport(error: unknown): boolean {
  if (error === undefined || error === null) return false;
  return !isExpected(error);
}

/** The report's message and stack, whatever was thrown. */
export function describeError(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error)
    return {
      message: `${error.name}: ${error.message}`.slice(0, 1000),
      stack: error.stack?.slice(0, 8000) ?? null,
    };
  let text: string;
  try {
    text = typeof error === 'string' ? error : JSON.stringify(error);
  } catch {
    text = String(error);
  }
  return { message: (text || 'Unknown error').slice(0, 1000), stack: null };
}

let started = false;
let sent = 0;
const seen = new Set<string>();

/** Sends one report of `app`; never throws, never reports its own failure. */
export function reportClientError(app: ClientErrorApp, error: unknown, kind: ClientErrorKind): void {
  if (!shouldReport(error) || sent >= MAX_REPORTS) return;
  const { message, stack } = describeError(error);
  const route = window.location.pathname;
  const key = `${kind}\n${message}\n${route}`;
  if (seen.has(key)) return;
  seen.add(key);
  sent += 1;
  void apiFetch('/client-errors', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app, kind, message, stack, route, build: BUILD }),
  }).catch(() => undefined);
}

/**
 * Listens for the uncaught errors of this page, once (the public site; the back office keeps two
 * listeners of its own in main.tsx that load this file only when an error comes).
 */
export function startErrorReporting(app: ClientErrorApp): void {
  if (started) return;
  started = true;
  window.addEventListener('error', (event) => {
    // a resource that failed to load (an image, a script) has no error: the network's
    if (event.error === undefined || event.error === null) return;
    reportClientError(app, event.error, 'error');
  });
  window.addEventListener('unhandledrejection', (event) =>
    reportClientError(app, event.reason, 'unhandled_rejection'),
  );
}
