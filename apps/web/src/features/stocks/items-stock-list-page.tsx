import {
  ActionIcon,
  Anchor,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { ItemStockResponse } from '@reprise/shared';
import { IconArrowsExchange, IconBox, IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { FiltersBar, useSetFilters } from '../../ui/list-filters';
import { ScanCodeFilter } from '../../ui/scan-code-input';
import { ItemStatusBadge, stockName } from '../items';
import { isMovable, STOCK_ITEM_STATUSES } from './item-stock-statuses';
import { MoveToStockModal } from './move-to-stock-modal';
import { useItemsInStock, useStockOptions, useStockWarehouses } from './stocks.queries';

const DEFAULT_SORT = { field: 'latestMoveAt', direction: 'desc' } as const;
const FILTERS = ['code', 'warehouse', 'stock', 'status', 'product', 'minAgeDays'] as const;

/** A filter applied as the user pauses typing, or at once with Enter or on leaving the field. */
function useDebouncedFilter(value: string, onChange: (value: string | null) => void) {
  const [text, setText] = useState(value);
  const emit = useDebouncedCallback((next: string) => onChange(next.trim() || null), 400);
  useEffect(() => setText(value), [value]);
  return {
    value: text,
    onChange: (next: string) => {
      setText(next);
      emit(next);
    },
    onBlur: () => emit.flush(),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        emit.flush();
      }
    },
  };
}

function ProductFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const { t } = useTranslation('stocks');
  const filter = useDebouncedFilter(value, onChange);
  return (
    <TextInput
      type="search"
      label={t('items.filters.product')}
      placeholder={t('items.filters.productPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={filter.value}
      onChange={(event) => filter.onChange(event.currentTarget.value)}
      onBlur={filter.onBlur}
      onKeyDown={filter.onKeyDown}
    />
  );
}

function MinAgeFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const { t } = useTranslation('stocks');
  const filter = useDebouncedFilter(value, onChange);
  return (
    <NumberInput
      label={t('items.filters.minAge')}
      description={t('items.filters.minAgeHelp')}
      min={0}
      max={10_000}
      allowDecimal={false}
      allowNegative={false}
      value={filter.value}
      onChange={(next) => filter.onChange(String(next))}
      onBlur={filter.onBlur}
      onKeyDown={filter.onKeyDown}
      data-testid="items-stock-min-age"
    />
  );
}

function useColumns(onMove: (item: ItemStockResponse) => void): DataTableColumn<ItemStockResponse>[] {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const { can } = useSession();
  const { dateTime } = useFormatters();
  const canMove = can('refurb.write');
  return [
    {
      key: 'identificationNumber',
      header: t('items.columns.code'),
      sortField: 'identificationNumber',
      render: (item) => (
        <Anchor
          component={Link}
          to={`/items-stock/${item.id}/edit`}
          ff="monospace"
          size="sm"
          fw={600}
          data-testid="item-stock-link"
        >
          {item.identificationNumber}
        </Anchor>
      ),
    },
    {
      // the product, its retailer under it; the stock, its warehouse under it: every column in
      // sight at 1280 px (e2e/tables-1280.spec.ts)
      key: 'product',
      header: t('items.columns.product'),
      truncate: true,
      render: (item) => {
        const product = [item.product.brand, item.product.name].filter(Boolean).join(' · ');
        return (
          <Stack gap={0}>
            <Text size="sm" truncate title={product}>
              {product}
            </Text>
            <Text size="xs" c="dimmed" truncate title={item.retailer.name}>
              {item.retailer.name}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'stock',
      header: t('items.columns.stock'),
      truncate: true,
      render: (item) => (
        <Stack gap={0}>
          <Text size="sm" truncate title={stockName(tb, item.stock)}>
            {stockName(tb, item.stock)}
          </Text>
          <Text size="xs" c="dimmed" truncate title={item.warehouse.commonName}>
            {item.warehouse.commonName}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('items.columns.status'),
      render: (item) => <ItemStatusBadge status={item.status} />,
    },
    {
      key: 'ageDays',
      header: t('items.columns.age'),
      sortField: 'ageDays',
      align: 'right',
      render: (item) =>
        item.ageDays === null ? '—' : t('list.days', { count: item.ageDays, value: item.ageDays }),
    },
    {
      key: 'latestMoveAt',
      header: t('items.columns.latestMove'),
      sortField: 'latestMoveAt',
      render: (item) => (item.latestMoveAt ? dateTime(item.latestMoveAt) : '—'),
    },
    {
      key: 'actions',
      header: t('items.columns.actions'),
      render: (item) => (
        <Group gap={4} wrap="nowrap">
          {canMove && isMovable(item) && (
            <Tooltip label={t('move.action')} withArrow>
              <ActionIcon
                variant="light"
                aria-label={t('move.action')}
                onClick={() => onMove(item)}
                data-testid="move-item"
              >
                <IconArrowsExchange size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('items.open', { code: item.identificationNumber })} withArrow>
            <ActionIcon
              component={Link}
              to={`/items-stock/${item.id}/edit`}
              variant="subtle"
              aria-label={t('items.open', { code: item.identificationNumber })}
            >
              <IconExternalLink size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

/**
 * `/items-stock`: the items kept in the stocks of the user's
 * warehouses, found by a scanned code, a warehouse, a stock, a status, a retailer, a product or a
 * minimum age; each opens its page and is moved to another stock of its warehouse.
 */
export function ItemsStockListPage() {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  usePageHeader({
    title: t('items.title'),
    icon: IconBox,
    breadcrumbs: [{ label: t('breadcrumb.stock') }, { label: t('items.title') }],
  });
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const setFilters = useSetFilters();
  const get = (name: (typeof FILTERS)[number]) => table.searchParams.get(name);
  const code = get('code') ?? '';
  const warehouse = get('warehouse');
  const stock = get('stock');
  const status = get('status');
  const product = get('product') ?? '';
  const minAgeDays = get('minAgeDays') ?? '';
  const items = useItemsInStock({
    ...table.query,
    code: code || undefined,
    warehouse: warehouse ?? undefined,
    stock: stock ?? undefined,
    status: status ?? undefined,
    product: product || undefined,
    minAgeDays: minAgeDays || undefined,
  });
  const { warehouses } = useStockWarehouses();
  const stocks = useStockOptions(warehouse);
  const [moving, setMoving] = useState<ItemStockResponse | null>(null);
  const columns = useColumns(setMoving);
  const active = FILTERS.some((name) => table.searchParams.get(name));

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed" mb="sm">
          {t('items.intro')}
        </Text>
        <FiltersBar
          label={t('filters.label')}
          clearLabel={t('filters.clear')}
          active={active}
          onClear={() =>
            setFilters({
              code: null,
              warehouse: null,
              stock: null,
              status: null,
              product: null,
              minAgeDays: null,
            })
          }
        >
          <div>
            <ScanCodeFilter
              value={code}
              onCode={(value) => setFilters({ code: value })}
              label={t('items.filters.code')}
              description={t('items.filters.codeHelp')}
              testId="items-stock-code"
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
                onChange={(value) => setFilters({ warehouse: value, stock: null })}
              />
            </div>
          )}
          <div>
            <Select
              label={t('items.filters.stock')}
              placeholder={t('filters.all')}
              clearable
              searchable
              data={(stocks.data?.member ?? []).map((s) => ({
                value: s.id,
                label: warehouses.length > 1 ? `${stockName(tb, s)} · ${s.warehouseName}` : stockName(tb, s),
              }))}
              value={stock}
              onChange={(value) => setFilters({ stock: value })}
              data-testid="items-stock-stock"
            />
          </div>
          <div>
            <Select
              label={t('items.filters.status')}
              placeholder={t('filters.all')}
              clearable
              searchable
              data={STOCK_ITEM_STATUSES.map((value) => ({ value, label: tb(`itemStatus.${value}`) }))}
              value={status}
              onChange={(value) => setFilters({ status: value })}
            />
          </div>
          <div>
            <ProductFilter value={product} onChange={(value) => setFilters({ product: value })} />
          </div>
          <div>
            <MinAgeFilter value={minAgeDays} onChange={(value) => setFilters({ minAgeDays: value })} />
          </div>
        </FiltersBar>
        <DataTable
          caption={t('items.caption')}
          columns={columns}
          {...listRows(items)}
          rowKey={(item) => item.id}
          emptyMessage={
            code ? t('items.emptyForCode', { code }) : active ? t('items.emptyFiltered') : t('items.empty')
          }
          {...table.tableProps}
        />
      </Card>
      {moving && <MoveToStockModal item={moving} opened onClose={() => setMoving(null)} key={moving.id} />}
    </Stack>
  );
}
