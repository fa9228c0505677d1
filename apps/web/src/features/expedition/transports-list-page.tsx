import { ActionIcon, Card, Group, Select, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { PACKAGE_KINDS, PACKAGE_STATUSES, type PackageSummaryResponse } from '@reprise/shared';
import {
  IconEye,
  IconFileDownload,
  IconListDetails,
  IconPackageImport,
  IconTruck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { FiltersBar, SearchFilter, useSetFilters } from '../../ui/list-filters';
import { usePackages } from './expedition.queries';
import { PackageStatusBadge, PackageTypeBadge } from './package-badges';
import { usePackageDocumentDownload } from './package-documents';

const DEFAULT_SORT = { field: 'createdAt', direction: 'desc' } as const;
const FILTERS = ['status', 'kind', 'search'] as const;

function useColumns(): DataTableColumn<PackageSummaryResponse>[] {
  const { t } = useTranslation('expedition');
  const { date } = useFormatters();
  const { download, isPending } = usePackageDocumentDownload();
  return [
    {
      key: 'number',
      header: t('columns.number'),
      render: (row) => (
        <Text ff="monospace" size="sm" fw={600}>
          {row.number}
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('columns.type'),
      render: (row) => (
        <>
          <PackageTypeBadge withLabel={row.withLabel} short />
          {row.trackingNumber && (
            <Text ff="monospace" size="xs" c="dimmed">
              <VisuallyHidden>{t('columns.trackingNumber')} </VisuallyHidden>
              {row.trackingNumber}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      render: (row) => (
        <>
          <PackageStatusBadge status={row.status} />
          {row.closedAt && (
            <Text size="xs" c="dimmed">
              <VisuallyHidden>{t('columns.closedAt')} </VisuallyHidden>
              {date(row.closedAt)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'origin',
      header: t('columns.origin'),
      truncate: true,
      render: (row) => (
        <>
          {row.origin.commonName}
          <Text size="xs" c="dimmed">
            {t(`kind.${row.kind}`)}
          </Text>
        </>
      ),
    },
    {
      key: 'destination',
      header: t('columns.destination'),
      truncate: true,
      render: (row) => row.destination?.commonName ?? '—',
    },
    { key: 'items', header: t('columns.items'), align: 'right', render: (row) => row.itemCount },
    {
      key: 'createdAt',
      header: t('columns.createdAt'),
      sortField: 'createdAt',
      render: (row) => date(row.createdAt),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          {row.status === 'open' ? (
            <Tooltip label={t('list.resume', { number: row.number })} withArrow>
              <ActionIcon
                component={Link}
                to={`/packing-with-label?packageId=${row.id}`}
                variant="subtle"
                aria-label={t('list.resume', { number: row.number })}
                data-testid="transports-resume"
              >
                <IconPackageImport size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label={t('list.view', { number: row.number })} withArrow>
              <ActionIcon
                component={Link}
                to={`/expedition/confirmation?packageId=${row.id}`}
                variant="subtle"
                aria-label={t('list.view', { number: row.number })}
                data-testid="transports-view"
              >
                <IconEye size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {row.withLabel && row.status === 'closed' && (
            <Tooltip label={t('documents.label')} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('documents.label')} ${row.number}`}
                loading={isPending(row.id, 'label')}
                onClick={() => download(row, 'label')}
                data-testid="transports-label"
              >
                <IconFileDownload size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('documents.packingList')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('documents.packingList')} ${row.number}`}
              loading={isPending(row.id, 'packing-list')}
              onClick={() => download(row, 'packing-list')}
              data-testid="transports-packing-list"
            >
              <IconListDetails size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

/**
 * `/transports-list`: the packages leaving the user's stores or
 * warehouses (a package's tracking number under its type, its closing date under its status), filtered by
 * status, kind and a package number or the code of an item in it; an open
 * one is resumed, a closed one viewed, their label and packing list downloaded.
 */
export function TransportsListPage() {
  const { t } = useTranslation('expedition');
  usePageHeader({
    title: t('list.title'),
    icon: IconTruck,
    breadcrumbs: [{ label: t('list.title') }],
    actions: [{ label: t('list.newPackage'), to: '/start-expedition' }],
  });
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const setFilters = useSetFilters();
  const status = table.searchParams.get('status');
  const kind = table.searchParams.get('kind');
  const search = table.searchParams.get('search') ?? '';
  const list = usePackages({
    ...table.query,
    status: status ?? undefined,
    kind: kind ?? undefined,
    search: search || undefined,
  });
  const columns = useColumns();
  const active = FILTERS.some((name) => table.searchParams.get(name));

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <FiltersBar
          label={t('list.filters.label')}
          clearLabel={t('list.filters.clear')}
          active={active}
          onClear={() => setFilters({ status: null, kind: null, search: null })}
        >
          <div>
            <SearchFilter
              label={t('list.filters.search')}
              placeholder={t('list.filters.searchPlaceholder')}
              value={search}
              onChange={(value) => setFilters({ search: value })}
            />
          </div>
          <div>
            <Select
              label={t('list.filters.status')}
              placeholder={t('list.filters.all')}
              clearable
              data={PACKAGE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              value={status}
              onChange={(value) => setFilters({ status: value })}
              data-testid="transports-status"
            />
          </div>
          <div>
            <Select
              label={t('list.filters.kind')}
              placeholder={t('list.filters.all')}
              clearable
              data={PACKAGE_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
              value={kind}
              onChange={(value) => setFilters({ kind: value })}
            />
          </div>
        </FiltersBar>
        <DataTable
          caption={t('list.caption')}
          columns={columns}
          {...listRows(list)}
          rowKey={(row) => row.id}
          emptyMessage={active ? t('list.emptyFiltered') : t('list.empty')}
          {...table.tableProps}
        />
      </Card>
    </Stack>
  );
}
