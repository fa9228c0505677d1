import {
  AUDIT_LOG_EXPORT_LIMIT,
  AuditEntryCollectionResponse,
  AuditLogAccountsResponse,
  AuditLogFilters,
  ListAuditLogQuery,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as auditLog from './audit-log.service';

const tags = ['audit log'];
const config = { permission: 'audit.list' } as const;

/** The audit log viewer, for platform admins (docs/audit-log.md): the list, its CSV export, the accounts to filter by. */
export function registerAuditLogRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/audit-log',
    {
      config,
      schema: { tags, querystring: ListAuditLogQuery, response: { 200: AuditEntryCollectionResponse } },
    },
    async (request) => {
      const page = await auditLog.listAuditLog(contextOf(request, deps), request.query);
      return { ...pageResponse(page, request.query, request.url), totalItemsCapped: page.totalItemsCapped };
    },
  );

  // the headers say how many entries a file holds at most, and whether the filters kept more
  app.get(
    '/audit-log/export',
    { config, schema: { tags, querystring: AuditLogFilters } },
    async (request, reply) => {
      const file = await auditLog.exportAuditLog(contextOf(request, deps), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('audit-log-export-limit', String(AUDIT_LOG_EXPORT_LIMIT))
        .header('audit-log-export-truncated', String(file.truncated))
        .send(file.stream);
    },
  );

  app.get(
    '/audit-log/accounts',
    { config, schema: { tags, response: { 200: AuditLogAccountsResponse } } },
    async (request) => auditLog.listAuditLogAccounts(contextOf(request, deps)),
  );
}
