import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { probeDatabase } from './health.repository';

/** `stopping`: true once the process got SIGTERM (platform/shutdown.ts): not ready any more. */
export function registerHealthRoutes(
  app: FastifyInstance,
  { db }: AppDeps,
  stopping: () => boolean = () => false,
): void {
  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  /** Ready when the database answers and every migration is applied, and the process is not stopping. */
  app.get('/ready', { config: { public: true } }, async (_request, reply) => {
    if (stopping()) return reply.code(503).send({ status: 'stopping' });
    try {
      const status = await probeDatabase(db);
      if (status === 'migrations_pending') return reply.code(503).send({ status });
      return { status };
    } catch {
      return reply.code(503).send({ status: 'database_unreachable' });
    }
  });
}
