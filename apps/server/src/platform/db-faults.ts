/**
 * Errors that mean the database connection was lost or refused (a restart, a failover, a
 * terminated backend), not that the request was wrong: the request may be sent again.
 */

/** SQLSTATE class 08 (connection exception) and the server's shutdown and start-up codes. */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3])$/;
/** Socket failures reported by Node while connecting or talking to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** What `pg` throws for a connection that died (it gives these no code). */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
  return PG_CONNECTION_MESSAGES.some((message) => error.message.includes(message));
}

/** Seconds a client waits before sending a request that lost its database connection again. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;
