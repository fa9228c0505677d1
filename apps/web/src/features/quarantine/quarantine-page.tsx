import { ActionIcon, Anchor, Card, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { QUARANTINE_REASONS, type QuarantineItem } from '@reprise/shared';
import {
  IconExternalLink,
  IconFileDownload,
  IconLockOpen,
  IconMailForward,
  IconShieldLock,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { FiltersBar, useSetFilters } from '../../ui/list-filters';
import { ScanCodeFilter } from '../../ui/scan-code-input';
import { useQuarantineMailSender, useReturnLabelDownload } from '../items';
import { useQuarantineList, useWarehouseOptions } from './quarantine.queries';
import { ReleaseModal } from './release-modal';

const DEFAULT_SORT = { field: 'since', direction: 'desc' } as const;
const FILTERS = ['code', 'reason', 'warehouse'] as const;

function useColumns(onRelease: (row: QuarantineItem) => void): DataTableColumn<QuarantineItem>[] {
  const { t } = useTranslation(['quarantine', 'buybacks']);
  const { can } = useSession();
  const { dateTime } = useFormatters();
  const label = useReturnLabelDownload();
  const mail = useQuarantineMailSender();
  const canOpen = can('buyback.detail');
  const canMail = can('quarantine.send_mail');
  return [
    {
      // the item's number, its buyback's under it: one column, so that all stay in sight at 1280 px
      key: 'identificationNumber',
      header: t('columns.code'),
      sortField: 'identificationNumber',
      render: (row) => (
        <Stack gap={0}>
          <Text ff="monospace" size="sm" fw={600}>
            {row.identificationNumber}
          </Text>
          {canOpen ? (
            <Anchor
              component={Link}
              to={`/buyback/${row.buyback.id}`}
              ff="monospace"
              size="xs"
              title={t('columns.buyback')}
            >
              {row.buyback.identificationNumber}
            </Anchor>
          ) : (
            <Text ff="monospace" size="xs" c="dimmed" title={t('columns.buyback')}>
              {row.buyback.identificationNumber}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      // the product, its retailer under it
      key: 'product',
      header: t('columns.product'),
      truncate: true,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" truncate title={row.product.name}>
            {row.product.name}
          </Text>
          <Text size="xs" c="dimmed" truncate title={row.retailer.name}>
            {row.retailer.name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'warehouse',
      header: t('columns.warehouse'),
      truncate: true,
      render: (row) => row.warehouse?.commonName ?? '—',
    },
    {
      key: 'reason',
      header: t('columns.reason'),
      render: (row) => (row.reason ? t(`reasons.${row.reason}`) : '—'),
    },
    {
      key: 'since',
      header: t('columns.since'),
      sortField: 'since',
      render: (row) => (row.since ? dateTime(row.since) : '—'),
    },
    { key: 'comment', header: t('columns.comment'), truncate: true, render: (row) => row.comment ?? '—' },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('actions.release')} withArrow>
            <ActionIcon
              variant="light"
              aria-label={t('actions.release')}
              onClick={() => onRelease(row)}
              data-testid="release-item"
            >
              <IconLockOpen size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {canMail && row.customerHasEmail && (
            <Tooltip label={t('actions.sendMail')} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={t('actions.sendMail')}
                loading={mail.pending === row.id}
                onClick={() => mail.send(row.id)}
                data-testid="send-quarantine-mail"
              >
                <IconMailForward size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('actions.returnLabel')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('actions.returnLabel')}
              loading={label.pending === row.id}
              onClick={() => label.download(row)}
              data-testid="download-return-label"
            >
              <IconFileDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {canOpen && (
            <Tooltip label={t('actions.openBuyback')} withArrow>
              <ActionIcon
                component={Link}
                to={`/buyback/${row.buyback.id}`}
                variant="subtle"
                aria-label={t('actions.openBuyback')}
              >
                <IconExternalLink size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * `/buybacksQuarantine`: the items in quarantine the user sees,
 * found by a scanned code, a reason or a warehouse; each is released by moving it to another
 * stock of its warehouse, its customer told by mail again, its return label downloaded.
 */
export function QuarantinePage() {
  const { t } = useTranslation('quarantine');
  const { can } = useSession();
  usePageHeader({ title: t('title'), icon: IconShieldLock, breadcrumbs: [{ label: t('title') }] });
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const setFilters = useSetFilters();
  const code = table.searchParams.get('code') ?? '';
  const reason = table.searchParams.get('reason');
  const warehouse = table.searchParams.get('warehouse');
  const list = useQuarantineList({
    ...table.query,
    code: code || undefined,
    reason: reason ?? undefined,
    warehouse: warehouse ?? undefined,
  });
  const warehouses = useWarehouseOptions(can('organization.list'));
  const [releasing, setReleasing] = useState<QuarantineItem | null>(null);
  const columns = useColumns(setReleasing);
  const active = FILTERS.some((name) => table.searchParams.get(name));

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed" mb="sm">
          {t('help')}
        </Text>
        <FiltersBar
          label={t('filters.label')}
          clearLabel={t('filters.clear')}
          active={active}
          onClear={() => setFilters({ code: null, reason: null, warehouse: null })}
        >
          <div>
            <ScanCodeFilter
              value={code}
              onCode={(value) => setFilters({ code: value })}
              label={t('filters.code')}
              description={t('filters.codeHelp')}
              testId="quarantine-code"
            />
          </div>
          <div>
            <Select
              label={t('filters.reason')}
              placeholder={t('filters.all')}
              clearable
              data={QUARANTINE_REASONS.map((value) => ({ value, label: t(`reasons.${value}`) }))}
              value={reason}
              onChange={(value) => setFilters({ reason: value })}
              data-testid="quarantine-reason"
            />
          </div>
          {(warehouses.data?.length ?? 0) > 1 && (
            <div>
              <Select
                label={t('filters.warehouse')}
                placeholder={t('filters.all')}
                clearable
                searchable
                data={warehouses.data ?? []}
                value={warehouse}
                onChange={(value) => setFilters({ warehouse: value })}
              />
            </div>
          )}
        </FiltersBar>
        <DataTable
          caption={t('caption')}
          columns={columns}
          {...listRows(list)}
          rowKey={(row) => row.id}
          emptyMessage={code ? t('emptyForCode', { code }) : t('empty')}
          {...table.tableProps}
        />
      </Card>
      {releasing && (
        <ReleaseModal item={releasing} opened onClose={() => setReleasing(null)} key={releasing.id} />
      )}
    </Stack>
  );
}
