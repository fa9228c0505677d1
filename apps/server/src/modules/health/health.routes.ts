import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { isMigrated } from '../../platform/migrate';

export function registerHealthRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  /** Ready when the database answers and every migration is applied. */
  app.get('/ready', { config: { public: true } }, async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(db);
      if (!(await isMigrated(db))) return reply.code(503).send({ status: 'migrations_pending' });
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database_unreachable' });
    }
  });
}
