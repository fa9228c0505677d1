import { ActionIcon, Anchor, Card, Text, Tooltip } from '@mantine/core';
import type { UserResponse } from '@reprise/shared';
import { IconEye, IconPencil, IconUpload, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { useSetFilters } from '../../ui/list-filters';
import { StatusBadge } from '../../ui/status-badge';
import { UserModulesSummary } from './user-modules-summary';
import { useUsers } from './users.queries';
import { USER_FILTERS, type UserFilter, UsersFilters } from './users-filters';

const DEFAULT_SORT = { field: 'lastname', direction: 'asc' } as const;

const fullName = (user: UserResponse) => `${user.firstname} ${user.lastname}`;

function RowAction({ user, canEdit }: { user: UserResponse; canEdit: boolean }) {
  const { t } = useTranslation('users');
  const label = t(canEdit ? 'actions.edit' : 'actions.view', { name: fullName(user) });
  const Icon = canEdit ? IconPencil : IconEye;
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon component={Link} to={`/user/${user.id}/edit`} variant="subtle" aria-label={label}>
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function useColumns(): DataTableColumn<UserResponse>[] {
  const { t } = useTranslation('users');
  const { can } = useSession();
  const { dateTime } = useFormatters();
  // The edit screen needs user.detail; it is read-only without user.create.
  const canOpen = can('user.detail');
  const columns: DataTableColumn<UserResponse>[] = [
    {
      key: 'name',
      truncate: true,
      header: t('columns.name'),
      sortField: 'lastname',
      render: (user) =>
        canOpen ? (
          <Anchor component={Link} to={`/user/${user.id}/edit`} fw={500} size="sm">
            {fullName(user)}
          </Anchor>
        ) : (
          <Text fw={500} size="sm">
            {fullName(user)}
          </Text>
        ),
    },
    {
      key: 'email',
      truncate: true,
      header: t('columns.email'),
      sortField: 'email',
      render: (user) => user.email,
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (user) => <StatusBadge status={user.status} />,
    },
    {
      key: 'roles',
      header: t('columns.roles'),
      render: (user) => <UserModulesSummary modules={user.modules} />,
    },
    {
      key: 'lastLogin',
      header: t('columns.lastLogin'),
      sortField: 'lastLoginAt',
      render: (user) =>
        user.lastLoginAt ? (
          dateTime(user.lastLoginAt)
        ) : (
          <Text span size="sm" c="dimmed">
            {t('list.neverSignedIn')}
          </Text>
        ),
    },
  ];
  if (canOpen) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      width: 72,
      render: (user) => <RowAction user={user} canEdit={can('user.create') && user.editable} />,
    });
  }
  return columns;
}

/** `/users`: the account's users, filtered, sorted and paged through the address. */
export function UsersListPage() {
  const { t } = useTranslation('users');
  const { can } = useSession();
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const setFilters = useSetFilters();
  const filters = Object.fromEntries(
    USER_FILTERS.map((name) => [name, table.searchParams.get(name)]),
  ) as Record<UserFilter, string | null>;
  const users = useUsers({ ...table.query, ...filters });
  const columns = useColumns();

  const actions = can('user.create')
    ? [
        { label: t('actions.import'), icon: IconUpload, to: '/users/import' },
        { label: t('actions.create'), icon: IconUserPlus, to: '/user/create' },
      ]
    : [];
  usePageHeader({
    title: t('title'),
    icon: IconUsers,
    breadcrumbs: [{ label: t('breadcrumb.organization') }, { label: t('title') }],
    actions,
  });

  const clearFilters = () => setFilters(Object.fromEntries(USER_FILTERS.map((name) => [name, null])));

  return (
    <Card withBorder padding="md">
      <UsersFilters
        values={filters}
        onChange={(name, value) => setFilters({ [name]: value })}
        onClear={clearFilters}
      />
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        {...listRows(users)}
        rowKey={(user) => user.id}
        emptyMessage={t('list.empty')}
        {...table.tableProps}
      />
    </Card>
  );
}
