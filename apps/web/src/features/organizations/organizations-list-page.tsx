import { ActionIcon, Anchor, Card, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import type { OrganizationResponse } from '@reprise/shared';
import {
  IconBuildingCommunity,
  IconBuildingPlus,
  IconEye,
  IconHierarchy,
  IconList,
  IconPencil,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { useSetFilters, useUpdateSearchParams } from '../../ui/list-filters';
import { StatusBadge } from '../../ui/status-badge';
import { OrganizationTypeBadge } from './organization-type-badge';
import { useOrganizations } from './organizations.queries';
import { ORGANIZATION_FILTERS, type OrganizationFilter, OrganizationsFilters } from './organizations-filters';
import { OrganizationsTree } from './organizations-tree';

const DEFAULT_SORT = { field: 'commonName', direction: 'asc' } as const;
type View = 'list' | 'tree';

function RowAction({ organization, canEdit }: { organization: OrganizationResponse; canEdit: boolean }) {
  const { t } = useTranslation('entities');
  const label = t(canEdit ? 'actions.edit' : 'actions.view', { name: organization.commonName });
  const Icon = canEdit ? IconPencil : IconEye;
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon component={Link} to={`/entity/${organization.id}/edit`} variant="subtle" aria-label={label}>
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function useColumns(canOpen: boolean, canEdit: boolean): DataTableColumn<OrganizationResponse>[] {
  const { t } = useTranslation('entities');
  const { date } = useFormatters();
  const columns: DataTableColumn<OrganizationResponse>[] = [
    {
      key: 'commonName',
      truncate: true,
      header: t('columns.commonName'),
      sortField: 'commonName',
      render: (o) =>
        canOpen ? (
          <Anchor component={Link} to={`/entity/${o.id}/edit`} fw={500} size="sm">
            {o.commonName}
          </Anchor>
        ) : (
          <Text fw={500} size="sm">
            {o.commonName}
          </Text>
        ),
    },
    {
      key: 'type',
      header: t('columns.type'),
      sortField: 'type',
      render: (o) => <OrganizationTypeBadge type={o.type} />,
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (o) => <StatusBadge status={o.status} />,
    },
    { key: 'parent', truncate: true, header: t('columns.parent'), render: (o) => o.parentCommonName ?? '—' },
    { key: 'city', header: t('columns.city'), sortField: 'city', render: (o) => o.address.city ?? '—' },
    {
      key: 'externalId',
      header: t('columns.externalId'),
      sortField: 'externalId',
      render: (o) => o.externalId ?? '—',
    },
    {
      key: 'createdAt',
      header: t('columns.createdAt'),
      sortField: 'createdAt',
      render: (o) => date(o.createdAt),
    },
  ];
  if (canOpen) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      width: 72,
      render: (o) => <RowAction organization={o} canEdit={canEdit} />,
    });
  }
  return columns;
}

function OrganizationsTable({ canOpen, canEdit }: { canOpen: boolean; canEdit: boolean }) {
  const { t } = useTranslation('entities');
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const setFilters = useSetFilters();
  const filters = Object.fromEntries(
    ORGANIZATION_FILTERS.map((name) => [name, table.searchParams.get(name)]),
  ) as Record<OrganizationFilter, string | null>;
  const organizations = useOrganizations({
    ...table.query,
    search: filters.search ?? undefined,
    status: filters.status ?? undefined,
    type: filters.type ? [filters.type] : undefined,
  });
  const columns = useColumns(canOpen, canEdit);
  const clearFilters = () => setFilters(Object.fromEntries(ORGANIZATION_FILTERS.map((name) => [name, null])));

  return (
    <>
      <OrganizationsFilters
        values={filters}
        onChange={(name, value) => setFilters({ [name]: value })}
        onClear={clearFilters}
      />
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        {...listRows(organizations)}
        rowKey={(o) => o.id}
        emptyMessage={t('list.empty')}
        {...table.tableProps}
      />
    </>
  );
}

/** `/entities`: the organisations the user sees, as a filtered, sorted list or as a tree (`?view=tree`). */
export function OrganizationsListPage() {
  const { t } = useTranslation('entities');
  const { can } = useSession();
  const [params] = useSearchParams();
  const updateSearchParams = useUpdateSearchParams();
  const view: View = params.get('view') === 'tree' ? 'tree' : 'list';
  const canEdit = can('organization.create');
  // The edit screen needs organization.detail; it is read-only without organization.create.
  const canOpen = can('organization.detail');

  usePageHeader({
    title: t('title'),
    icon: IconBuildingCommunity,
    breadcrumbs: [{ label: t('breadcrumb.organization') }, { label: t('title') }],
    actions: canEdit ? [{ label: t('actions.create'), icon: IconBuildingPlus, to: '/entity/create' }] : [],
  });

  const setView = (next: string) =>
    updateSearchParams((current) => {
      if (next === 'tree') current.set('view', 'tree');
      else current.delete('view');
    });

  return (
    <Card withBorder padding="md">
      <Group justify="flex-end" mb="sm">
        <SegmentedControl
          value={view}
          onChange={setView}
          aria-label={t('view.label')}
          data={[
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconList size={16} aria-hidden />
                  <span>{t('view.list')}</span>
                </Group>
              ),
            },
            {
              value: 'tree',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconHierarchy size={16} aria-hidden />
                  <span>{t('view.tree')}</span>
                </Group>
              ),
            },
          ]}
        />
      </Group>
      {view === 'tree' ? (
        <OrganizationsTree canOpen={canOpen} />
      ) : (
        <OrganizationsTable canOpen={canOpen} canEdit={canEdit} />
      )}
    </Card>
  );
}
