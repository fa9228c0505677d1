import { ActionIcon, Anchor, Badge, Card, Group, Select, Tooltip } from '@mantine/core';
import { CLIENT_KINDS, type ClientAccountListItem, STATUSES } from '@reprise/shared';
import { IconBuildingPlus, IconBuildingStore, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { FiltersBar, SearchFilter, useSetFilters } from '../../ui/list-filters';
import { StatusBadge } from '../../ui/status-badge';
import { useClientAccounts } from './account-admin.queries';

const FILTERS = ['search', 'status', 'kind'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULT_SORT = { field: 'createdAt', direction: 'desc' } as const;

const editPath = (client: ClientAccountListItem) => `/client/${client.rootOrganizationId}/edit`;

export function ClientKindBadge({ kind }: { kind: ClientAccountListItem['kind'] }) {
  const { t } = useTranslation('clients');
  return (
    <Badge variant="light" color={kind === 'retailer' ? 'blue' : 'grape'}>
      {t(`kind.${kind}`)}
    </Badge>
  );
}

function useColumns(): DataTableColumn<ClientAccountListItem>[] {
  const { t } = useTranslation(['clients', 'common']);
  const { date } = useFormatters();
  return [
    {
      key: 'name',
      header: t('clients:columns.name'),
      sortField: 'name',
      truncate: true,
      render: (client) => (
        <Anchor component={Link} to={editPath(client)} fw={500} size="sm">
          {client.name}
        </Anchor>
      ),
    },
    {
      key: 'kind',
      header: t('clients:columns.kind'),
      render: (client) => <ClientKindBadge kind={client.kind} />,
    },
    {
      key: 'status',
      header: t('clients:columns.status'),
      render: (client) => <StatusBadge status={client.status} />,
    },
    {
      key: 'modules',
      header: t('clients:columns.modules'),
      render: (client) => (
        <Group gap={4}>
          {client.modules.map((module) => (
            <Badge key={module} variant="outline" color="gray" size="sm">
              {t(`common:module.${module}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'createdAt',
      header: t('clients:columns.createdAt'),
      sortField: 'createdAt',
      render: (client) => date(client.createdAt),
    },
    {
      key: 'actions',
      header: t('clients:columns.actions'),
      align: 'right',
      width: 72,
      render: (client) => {
        const label = t('clients:actions.edit', { name: client.name });
        return (
          <Tooltip label={label} withArrow>
            <ActionIcon component={Link} to={editPath(client)} variant="subtle" aria-label={label}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      },
    },
  ];
}

/** `/clients`: the client accounts (retailers and buyers), searched, filtered, sorted and paged. */
export function ClientsListPage() {
  const { t } = useTranslation(['clients', 'common', 'layout']);
  const { can } = useSession();
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const setFilters = useSetFilters();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, table.searchParams.get(name)])) as Record<
    Filter,
    string | null
  >;
  const clients = useClientAccounts({ ...table.query, ...filters });
  const columns = useColumns();
  usePageHeader({
    title: t('clients:title'),
    icon: IconBuildingStore,
    breadcrumbs: [{ label: t('layout:menu.section.admin') }, { label: t('clients:title') }],
    actions: can('client.create')
      ? [{ label: t('clients:actions.create'), icon: IconBuildingPlus, to: '/client/create' }]
      : [],
  });
  const all = t('clients:filters.all');
  return (
    <Card withBorder padding="md">
      <FiltersBar
        label={t('clients:filters.label')}
        clearLabel={t('clients:filters.clear')}
        active={FILTERS.some((name) => filters[name])}
        onClear={() => setFilters(Object.fromEntries(FILTERS.map((name) => [name, null])))}
      >
        <SearchFilter
          label={t('clients:filters.search')}
          placeholder={t('clients:filters.searchPlaceholder')}
          value={filters.search ?? ''}
          onChange={(value) => setFilters({ search: value })}
        />
        <Select
          label={t('clients:filters.kind')}
          placeholder={all}
          data={CLIENT_KINDS.map((kind) => ({ value: kind, label: t(`clients:kind.${kind}`) }))}
          value={filters.kind}
          onChange={(value) => setFilters({ kind: value })}
          clearable
        />
        <Select
          label={t('clients:filters.status')}
          placeholder={all}
          data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
          value={filters.status}
          onChange={(value) => setFilters({ status: value })}
          clearable
        />
      </FiltersBar>
      <DataTable
        caption={t('clients:list.caption')}
        columns={columns}
        {...listRows(clients)}
        rowKey={(client) => client.id}
        emptyMessage={t('clients:list.empty')}
        {...table.tableProps}
      />
    </Card>
  );
}
