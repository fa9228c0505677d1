import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The header that carries a request's id, in both directions. */
const REQUEST_ID_HEADER = 'x-request-id';

/** What an id sent by a trusted proxy may be: short, printable, nothing a log line could be split on. */
const SENT_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * A request's id (Fastify's `genReqId`): the one the reverse proxy sent in `x-request-id` when the
 * proxy is trusted (TRUST_PROXY) and the id is well-formed, so that the proxy's log and ours name
 * the request alike; else a new UUID. A client that is not behind a trusted proxy cannot choose it.
 */
export function requestIdOf(trusted: boolean) {
  return (request: { headers: Record<string, string | string[] | undefined> }): string => {
    const sent = request.headers[REQUEST_ID_HEADER];
    return trusted && typeof sent === 'string' && SENT_ID.test(sent) ? sent : randomUUID();
  };
}

/**
 * Every answer names its request's id in `x-request-id`, and every problem document in `requestId`:
 * what a user quotes to the support team is what the server's log lines of that request carry
 * (`requestId`, Fastify's request logger).
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/problem+json') || typeof payload !== 'string') return payload;
    try {
      const problem = JSON.parse(payload) as Record<string, unknown>;
      return JSON.stringify({ ...problem, requestId: request.id });
    } catch {
      return payload;
    }
  });
}
