import { ActionIcon, Anchor, Avatar, Card, Group, Text, Tooltip } from '@mantine/core';
import { DEFAULT_PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZES, type ProductResponse } from '@reprise/shared';
import {
  IconEye,
  IconPackage,
  IconPencil,
  IconPhotoOff,
  IconPlus,
  IconZoomQuestion,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type PageHeaderAction, usePageHeader } from '../../../app/page-header';
import { useCurrentUser, useSession } from '../../../app/session';
import { useFormatters } from '../../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../../ui/data-table';
import { PageLoader } from '../../../ui/page-loader';
import { StatusBadge } from '../../../ui/status-badge';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';
import { useCategoryTree } from '../categories/categories.queries';
import { pathsById } from '../category-tree';
import { ProductFiltersForm } from './product-filters-form';
import {
  DEFAULT_PRODUCT_FILTERS,
  type ProductFilters,
  readProductFilters,
  toProductFilterQuery,
  writeProductFilters,
} from './product-list-query';
import { useProducts } from './products.queries';
import { EXPLICIT_LIST_QUERY, useRememberedListQuery } from './use-remembered-list-query';

/** Products are listed by name unless another order is asked for. */
const DEFAULT_SORT = { field: 'name', direction: 'asc' } as const;

function ProductName({ product, canOpen }: { product: ProductResponse; canOpen: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={product.image?.url} alt="" radius="sm" size={36} color="gray">
        <IconPhotoOff size={16} aria-hidden />
      </Avatar>
      {canOpen ? (
        <Anchor component={Link} to={`/product/${product.id}/edit`} fw={500} size="sm">
          {product.name}
        </Anchor>
      ) : (
        <Text fw={500} size="sm">
          {product.name}
        </Text>
      )}
    </Group>
  );
}

/** A category's label with its ancestors' in small ("Smartphones › Apple": many brands repeat across trees). */
function CategoryCell({
  id,
  label,
  paths,
}: {
  id: string;
  label: string;
  paths: ReadonlyMap<string, string[]>;
}) {
  const ancestors = paths.get(id)?.slice(0, -1) ?? [];
  return (
    <div>
      <Text size="sm">{label}</Text>
      {ancestors.length > 0 && (
        <Text size="xs" c="dimmed">
          {ancestors.join(' › ')}
        </Text>
      )}
    </div>
  );
}

function useColumns(paths: ReadonlyMap<string, string[]>): DataTableColumn<ProductResponse>[] {
  const { t } = useTranslation('products');
  const { can } = useSession();
  const { money } = useFormatters();
  const canOpen = can('product.detail');
  const canEdit = can('product.create');
  const dash = (
    <Text span c="dimmed">
      —
    </Text>
  );
  const columns: DataTableColumn<ProductResponse>[] = [
    {
      key: 'name',
      truncate: true,
      header: t('columns.name'),
      sortField: 'name',
      width: 260,
      render: (product) => <ProductName product={product} canOpen={canOpen} />,
    },
    { key: 'brand', header: t('columns.brand'), sortField: 'brand', render: (p) => p.brand ?? dash },
    {
      key: 'category',
      header: t('columns.category'),
      sortField: 'category',
      render: (p) => <CategoryCell id={p.mainCategoryId} label={p.mainCategory.label} paths={paths} />,
    },
    {
      key: 'price',
      header: t('columns.price'),
      sortField: 'price',
      align: 'right',
      render: (p) => money(p.buybackPrices.grade_a),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (p) => <StatusBadge status={p.status} />,
    },
    {
      key: 'ean',
      header: t('columns.ean'),
      render: (p) =>
        p.eanCode ? (
          <Text span size="sm" ff="monospace">
            {p.eanCode}
          </Text>
        ) : (
          dash
        ),
    },
  ];
  if (canOpen) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      width: 72,
      render: (product) => {
        const label = t(canEdit ? 'actions.edit' : 'actions.view', { name: product.name });
        return (
          <Tooltip label={label} withArrow>
            <ActionIcon
              component={Link}
              to={`/product/${product.id}/edit`}
              variant="subtle"
              aria-label={label}
            >
              {canEdit ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        );
      },
    });
  }
  return columns;
}

function ProductsList() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const table = useTableParams({
    defaultSort: DEFAULT_SORT,
    defaultPageSize: DEFAULT_PRODUCT_PAGE_SIZE,
    pageSizes: PRODUCT_PAGE_SIZES,
  });
  const filters = useMemo(() => readProductFilters(table.searchParams), [table.searchParams]);
  const products = useProducts({ ...table.query, ...toProductFilterQuery(filters) });
  const tree = useCategoryTree();
  const paths = useMemo(() => pathsById(tree.data ?? []), [tree.data]);
  const columns = useColumns(paths);

  const apply = (next: ProductFilters, explicit = false) =>
    navigate(
      { search: writeProductFilters(table.searchParams, next).toString() },
      { preventScrollReset: true, state: explicit ? EXPLICIT_LIST_QUERY : undefined },
    );

  return (
    <Card withBorder padding="md">
      <ProductFiltersForm
        // A new address (back button, restored filters) starts the form again from it.
        key={writeProductFilters(new URLSearchParams(), filters).toString()}
        applied={filters}
        tree={tree.data ?? []}
        onSearch={(next) => apply(next)}
        onClear={() => apply(DEFAULT_PRODUCT_FILTERS, true)}
      />
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        {...listRows(products)}
        rowKey={(product) => product.id}
        emptyMessage={t('list.empty')}
        {...table.tableProps}
      />
    </Card>
  );
}

/** `/products`: the catalogue's products, filtered, sorted and paged; the address and the browser remember the filters. */
export function ProductsListPage() {
  const { t } = useTranslation('products');
  const { can } = useSession();
  const user = useCurrentUser();
  const { restoring } = useRememberedListQuery(`reprise.products.query.${user.id}`);
  const breadcrumbs = useCatalogBreadcrumbs('products', { current: true });
  const actions: PageHeaderAction[] = [];
  if (can('product.create'))
    actions.push({ label: t('actions.create'), icon: IconPlus, to: '/product/create' });
  actions.push({ label: t('actions.quickSearch'), icon: IconZoomQuestion, to: '/catalog-search' });
  usePageHeader({
    title: t('title'),
    icon: IconPackage,
    breadcrumbs,
    actions,
  });
  return restoring ? <PageLoader /> : <ProductsList />;
}
