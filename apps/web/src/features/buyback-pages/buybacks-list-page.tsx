import { Anchor, Card, Group, Text } from '@mantine/core';
import type { BuybackListItem } from '@reprise/shared';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { useUpdateSearchParams } from '../../ui/list-filters';
import { BuybackStatusBadge, DeviceCheckFlagBadge, useBuybacks } from '../buybacks';
import { BuybackExportButton } from '../exports';
import { useSendSelection } from '../warehouse-checkin';
import { buybackFilterQuery, LIST_FILTERS, readBuybackFilters, TEXT_FILTERS } from './buyback-filter-values';
import { BuybacksFilters } from './buybacks-filters';

const DEFAULT_SORT = { field: 'createdAt', direction: 'desc' } as const;

function useColumns(): DataTableColumn<BuybackListItem>[] {
  const { t } = useTranslation('buybacks');
  const { can } = useSession();
  const { dateTime, money } = useFormatters();
  const canOpen = can('buyback.detail');
  return [
    {
      key: 'identificationNumber',
      header: t('columns.identificationNumber'),
      sortField: 'identificationNumber',
      render: (row) =>
        canOpen ? (
          <Anchor component={Link} to={`/buyback/${row.id}`} ff="monospace" size="sm" fw={600}>
            {row.identificationNumber}
          </Anchor>
        ) : (
          <Text ff="monospace" size="sm">
            {row.identificationNumber}
          </Text>
        ),
    },
    {
      key: 'createdAt',
      header: t('columns.createdAt'),
      sortField: 'createdAt',
      render: (row) => dateTime(row.createdAt),
    },
    {
      key: 'product',
      truncate: true,
      header: t('columns.product'),
      render: (row) => row.product.name,
    },
    {
      key: 'customerName',
      header: t('columns.customerName'),
      sortField: 'customerName',
      truncate: true,
      render: (row) => row.customerName,
    },
    {
      key: 'store',
      header: t('columns.store'),
      truncate: true,
      render: (row) => row.store?.commonName ?? '—',
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <BuybackStatusBadge status={row.status} />
          <DeviceCheckFlagBadge flag={row.deviceCheckFlag} compact />
        </Group>
      ),
    },
    {
      key: 'paymentType',
      header: t('columns.paymentType'),
      truncate: true,
      render: (row) => t(`paymentType.${row.paymentType}`),
    },
    {
      key: 'totalPrice',
      header: t('columns.total'),
      sortField: 'totalPrice',
      align: 'right',
      render: (row) => money(row.totalCents),
    },
  ];
}

/** `/buybacks`: the buybacks the user's organisation may see; filters, sort and page in the address. */
export function BuybacksListPage() {
  const { t } = useTranslation('buybacks');
  const { can } = useSession();
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const updateSearchParams = useUpdateSearchParams();
  const values = readBuybackFilters(table.searchParams);
  const buybacks = useBuybacks({ ...table.query, ...buybackFilterQuery(values) });
  const send = useSendSelection(buybacks.data?.member);
  const columns = [...send.columns, ...useColumns()];

  usePageHeader({
    title: t('list.title'),
    icon: IconReceipt,
    breadcrumbs: [{ label: t('list.title') }],
    actions: can('buyback.create')
      ? [{ label: t('list.create'), icon: IconPlus, to: '/buyback/create' }]
      : [],
  });

  const change = (apply: (params: URLSearchParams) => void) =>
    updateSearchParams((params) => {
      apply(params);
      params.delete('page');
    });

  return (
    <Card withBorder padding="md">
      <BuybacksFilters
        values={values}
        onText={(name, value) => change((params) => (value ? params.set(name, value) : params.delete(name)))}
        onList={(name, next) =>
          change((params) => {
            params.delete(name);
            for (const value of next) params.append(name, value);
          })
        }
        onClear={() =>
          change((params) => {
            for (const name of [...TEXT_FILTERS, ...LIST_FILTERS]) params.delete(name);
          })
        }
      />
      {can('export.buybacks') && (
        <Group justify="flex-end" mt="sm">
          <BuybackExportButton filters={buybackFilterQuery(values)} />
        </Group>
      )}
      {send.bar}
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        {...listRows(buybacks)}
        rowKey={(row) => row.id}
        emptyMessage={t('list.empty')}
        {...table.tableProps}
      />
    </Card>
  );
}
