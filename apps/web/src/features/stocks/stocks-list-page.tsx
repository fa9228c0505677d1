import { ActionIcon, Anchor, Badge, Card, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { StockResponse } from '@reprise/shared';
import { IconBuildingWarehouse, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { FiltersBar, SearchFilter, useSetFilters } from '../../ui/list-filters';
import { stockName } from '../items';
import { StockDeleteModal } from './stock-delete-modal';
import { useStocks, useStockWarehouses } from './stocks.queries';

const DEFAULT_SORT = { field: 'name', direction: 'asc' } as const;
const FILTERS = ['warehouse', 'search'] as const;

/** The delete button; a native stock's is disabled, its tooltip saying why (focusable all the same). */
function DeleteAction({
  stock,
  name,
  onDelete,
}: {
  stock: StockResponse;
  name: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation('stocks');
  const native = stock.nativeKind !== null;
  const label = native ? t('list.nativeNotDeletable') : t('actions.delete', { name });
  return (
    <Tooltip label={label} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={label}
        data-disabled={native || undefined}
        aria-disabled={native || undefined}
        onClick={(event) => {
          if (native) event.preventDefault();
          else onDelete();
        }}
        data-testid="stock-delete"
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function useColumns(onDelete: (stock: StockResponse) => void): DataTableColumn<StockResponse>[] {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const { locale } = useFormatters();
  const days = (value: number | null) =>
    value === null
      ? '—'
      : t('list.days', {
          count: value,
          value: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value),
        });
  return [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      // the native badge goes under the name when the row is short of room (1280 px)
      render: (stock) => (
        <Group gap={4} wrap="wrap">
          <Anchor
            component={Link}
            to={`/stocks/${stock.id}/edit`}
            fw={500}
            size="sm"
            data-testid="stock-name"
          >
            {stockName(tb, stock)}
          </Anchor>
          {stock.nativeKind && (
            <Badge variant="light" color="gray" size="sm">
              {t('list.native')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'identifier',
      header: t('columns.identifier'),
      truncate: true,
      render: (s) => s.identifier ?? '—',
    },
    { key: 'location', header: t('columns.location'), truncate: true, render: (s) => s.location ?? '—' },
    {
      key: 'warehouse',
      header: t('columns.warehouse'),
      truncate: true,
      render: (stock) => stock.warehouse.commonName,
    },
    {
      key: 'productCount',
      header: t('columns.productCount'),
      sortField: 'productCount',
      align: 'right',
      render: (stock) => (
        <Anchor
          component={Link}
          to={`/items-stock?stock=${stock.id}`}
          size="sm"
          data-testid="stock-product-count"
        >
          {stock.productCount}
        </Anchor>
      ),
    },
    {
      key: 'averageAgeDays',
      header: t('columns.averageAge'),
      sortField: 'averageAgeDays',
      align: 'right',
      render: (stock) => days(stock.averageAgeDays),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (stock) => {
        const name = stockName(tb, stock);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('actions.edit', { name })} withArrow>
              <ActionIcon
                component={Link}
                to={`/stocks/${stock.id}/edit`}
                variant="subtle"
                aria-label={t('actions.edit', { name })}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <DeleteAction stock={stock} name={name} onDelete={() => onDelete(stock)} />
          </Group>
        );
      },
    },
  ];
}

/**
 * `/stocks`: the stocks of the user's warehouses with the number
 * of products in them and their average age; found by warehouse or by a part of their name,
 * identifier or location; created, edited and deleted (a native stock is never deleted).
 */
export function StocksListPage() {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  usePageHeader({
    title: t('list.title'),
    icon: IconBuildingWarehouse,
    breadcrumbs: [{ label: t('breadcrumb.stock') }, { label: t('list.title') }],
    actions: [{ label: t('actions.create'), icon: IconPlus, to: '/stocks/create' }],
  });
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const setFilters = useSetFilters();
  const warehouse = table.searchParams.get('warehouse');
  const search = table.searchParams.get('search') ?? '';
  const stocks = useStocks({
    ...table.query,
    warehouse: warehouse ?? undefined,
    search: search || undefined,
  });
  const { warehouses } = useStockWarehouses();
  const [deleting, setDeleting] = useState<StockResponse | null>(null);
  const columns = useColumns(setDeleting);
  const active = FILTERS.some((name) => table.searchParams.get(name));

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('list.intro')}
        </Text>
        <FiltersBar
          label={t('filters.label')}
          clearLabel={t('filters.clear')}
          active={active}
          onClear={() => setFilters({ warehouse: null, search: null })}
        >
          <div>
            <SearchFilter
              label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
              value={search}
              onChange={(value) => setFilters({ search: value })}
            />
          </div>
          {warehouses.length > 1 && (
            <div>
              <Select
                label={t('filters.warehouse')}
                placeholder={t('filters.all')}
                clearable
                searchable
                data={warehouses}
                value={warehouse}
                onChange={(value) => setFilters({ warehouse: value })}
              />
            </div>
          )}
        </FiltersBar>
        <DataTable
          caption={t('list.caption')}
          columns={columns}
          {...listRows(stocks)}
          rowKey={(stock) => stock.id}
          emptyMessage={active ? t('list.emptyFiltered') : t('list.empty')}
          {...table.tableProps}
        />
      </Stack>
      <StockDeleteModal
        stock={deleting}
        name={deleting ? stockName(tb, deleting) : ''}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
