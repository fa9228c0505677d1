import { Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { AUDIT_LOG_EXPORT_LIMIT, type AuditEntryResponse } from '@reprise/shared';
import { IconFileSpreadsheet, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { useSetFilters, useUpdateSearchParams } from '../../ui/list-filters';
import { AuditEntryPanel } from './audit-entry-panel';
import { ActionBadge, useEntityTypeLabel } from './audit-labels';
import { useAuditLog, useDownloadAuditLog } from './audit-log.queries';
import { AUDIT_LOG_FILTERS, AuditLogFiltersBar, readAuditLogFilters } from './audit-log-filters';

const PAGE_SIZE = 30;

function useColumns(onOpen: (entry: AuditEntryResponse) => void): DataTableColumn<AuditEntryResponse>[] {
  const { t } = useTranslation('auditLog');
  const { dateTime } = useFormatters();
  const entityTypeLabel = useEntityTypeLabel();
  return [
    {
      key: 'at',
      header: t('columns.at'),
      render: (entry) => (
        <UnstyledButton
          onClick={(event) => {
            event.stopPropagation();
            onOpen(entry);
          }}
          aria-label={t('open', { date: dateTime(entry.at) })}
          data-testid="audit-entry-open"
        >
          <Text size="sm" fw={500} c="var(--mantine-color-anchor)" style={{ whiteSpace: 'nowrap' }}>
            {dateTime(entry.at)}
          </Text>
        </UnstyledButton>
      ),
    },
    {
      key: 'actor',
      header: t('columns.actor'),
      // a long e-mail is cut with an ellipsis (whole in its tooltip and in the entry's panel)
      truncate: true,
      render: (entry) =>
        entry.actor ? (
          <div>
            <Text size="sm">{entry.actor.name ?? entry.actor.id}</Text>
            {entry.actor.email && (
              <Text size="xs" c="dimmed" title={entry.actor.email}>
                {entry.actor.email}
              </Text>
            )}
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            {t('noActor')}
          </Text>
        ),
    },
    {
      key: 'account',
      header: t('columns.account'),
      truncate: true,
      render: (entry) => (entry.account ? (entry.account.name ?? entry.account.id) : t('noAccount')),
    },
    { key: 'action', header: t('columns.action'), render: (entry) => <ActionBadge action={entry.action} /> },
    {
      key: 'entity',
      header: t('columns.entity'),
      render: (entry) => (
        <div>
          <Text size="sm">{entityTypeLabel(entry.entityType)}</Text>
          <Text size="xs" c="dimmed" ff="monospace" title={entry.entityId}>
            {entry.entityId.slice(0, 8)}
          </Text>
        </div>
      ),
    },
  ];
}

/**
 * `/admin/audit-log` (platform admins): every account's audit entries, newest first, filtered by
 * account, record type, action, dates, user and record; an entry opens its side panel with the
 * record before and after; the filtered entries download as CSV.
 */
export function AuditLogPage() {
  const { t } = useTranslation(['auditLog', 'layout']);
  const { locale } = useFormatters();
  usePageHeader({
    title: t('auditLog:title'),
    icon: IconHistory,
    breadcrumbs: [{ label: t('layout:menu.section.admin') }, { label: t('auditLog:title') }],
  });
  const table = useTableParams({ defaultPageSize: PAGE_SIZE });
  const setFilters = useSetFilters();
  const updateSearchParams = useUpdateSearchParams();
  const { text, sent } = readAuditLogFilters(table.searchParams);
  const entries = useAuditLog({ page: table.page, itemsPerPage: table.itemsPerPage, ...sent });
  const download = useDownloadAuditLog();
  const [selected, setSelected] = useState<AuditEntryResponse | null>(null);
  const columns = useColumns(setSelected);
  const filtered = Object.keys(sent).length > 0;

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('auditLog:intro')}
        </Text>
        <AuditLogFiltersBar
          text={text}
          onChange={setFilters}
          onClear={() =>
            updateSearchParams((params) => {
              for (const name of AUDIT_LOG_FILTERS) params.delete(name);
              params.delete('page');
            })
          }
        />
        <Group justify="space-between" align="center" gap="sm">
          <Text size="xs" c="dimmed" maw={560}>
            {t('auditLog:export.limit', { limit: AUDIT_LOG_EXPORT_LIMIT.toLocaleString(locale) })}
          </Text>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => download.mutate(sent)}
            loading={download.isPending}
            data-testid="audit-log-export"
          >
            {t('auditLog:export.button')}
          </Button>
        </Group>
        <DataTable
          caption={t('auditLog:caption')}
          columns={columns}
          {...listRows(entries)}
          rowKey={(entry) => entry.id}
          onRowClick={setSelected}
          emptyMessage={filtered ? t('auditLog:emptyFiltered') : t('auditLog:empty')}
          {...table.tableProps}
        />
      </Stack>
      <AuditEntryPanel
        entry={selected}
        onClose={() => setSelected(null)}
        onRecordHistory={(entry) => {
          setSelected(null);
          updateSearchParams((params) => {
            for (const name of AUDIT_LOG_FILTERS) params.delete(name);
            params.set('entityType', entry.entityType);
            params.set('entityId', entry.entityId);
            params.delete('page');
          });
        }}
      />
    </Card>
  );
}
