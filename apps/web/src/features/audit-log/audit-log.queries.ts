import type {
  AuditEntity,
  AuditEntryCollectionResponse,
  AuditLogAccountsResponse,
  LogAction,
} from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, toQueryString } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** The audit log's filters as the list and its export send them (empty ones left out). */
export interface AuditLogFilterValues {
  accountId?: string;
  entityType?: AuditEntity;
  entityId?: string;
  action?: LogAction;
  actor?: string;
  'at[after]'?: string;
  'at[before]'?: string;
}

/** The audit log (modules/audit-log/audit-log.routes.ts on the server): its pages and the accounts to filter by. */
const auditLogKeys = {
  all: ['audit-log'] as const,
  lists: () => [...auditLogKeys.all, 'list'] as const,
  list: (query: Record<string, string | number | undefined>) => [...auditLogKeys.lists(), query] as const,
  accounts: () => [...auditLogKeys.all, 'accounts'] as const,
};

/** `GET /audit-log`: one page, newest first; entries are never changed, so a page read stays right. */
export function useAuditLog(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => api.get<AuditEntryCollectionResponse>('/audit-log', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /audit-log/accounts`: the account filter's options. */
export function useAuditLogAccounts() {
  return useQuery({
    queryKey: auditLogKeys.accounts(),
    queryFn: ({ signal }) => api.get<AuditLogAccountsResponse>('/audit-log/accounts', { signal }),
    select: (data) => data.member.map((account) => ({ value: account.id, label: account.name })),
    staleTime: 5 * 60_000,
  });
}

/** `GET /audit-log/export`: the entries of these filters as a CSV file (the newest AUDIT_LOG_EXPORT_LIMIT). */
export function useDownloadAuditLog() {
  return useMutation({
    mutationFn: (filters: AuditLogFilterValues) =>
      downloadFile(`/audit-log/export${toQueryString({ ...filters })}`, {
        accept: 'text/csv',
        fallbackName: 'audit-log.csv',
      }),
  });
}
