import { Anchor, Card, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserResponse } from '@reprise/shared';
import { IconSearch, IconUserPlus, IconUserShield } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { usePlatformAdmins } from './account-admin.queries';
import { useClientsBreadcrumbs } from './clients-breadcrumbs';

const DEFAULT_SORT = { field: 'lastname', direction: 'asc' } as const;

function useColumns(): DataTableColumn<UserResponse>[] {
  const { t } = useTranslation(['clients', 'common']);
  const { dateTime } = useFormatters();
  return [
    {
      key: 'name',
      truncate: true,
      header: t('clients:admins.name'),
      sortField: 'lastname',
      render: (user) => (
        <Anchor component={Link} to={`/userAdmin/${user.id}/edit`} fw={500} size="sm">
          {`${user.firstname} ${user.lastname}`}
        </Anchor>
      ),
    },
    {
      key: 'email',
      truncate: true,
      header: t('clients:admins.email'),
      sortField: 'email',
      render: (u) => u.email,
    },
    {
      key: 'userType',
      header: t('clients:admins.userType'),
      render: (user) => user.modules.map((m) => t(`common:userType.${m.userType}`)).join(', '),
    },
    {
      key: 'status',
      header: t('clients:admins.status'),
      sortField: 'status',
      render: (user) => <StatusBadge status={user.status} />,
    },
    {
      key: 'lastLogin',
      header: t('clients:admins.lastLogin'),
      sortField: 'lastLoginAt',
      render: (user) => (user.lastLoginAt ? dateTime(user.lastLoginAt) : t('clients:admins.neverSignedIn')),
    },
  ];
}

/**
 * `/userAdmin`: the platform administrators and super administrators (the platform's own
 * account, `GET /platform-admins`); each opens `/userAdmin/{id}/edit`.
 */
export function PlatformAdminsPage() {
  const { t } = useTranslation('clients');
  const { can } = useSession();
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const [search, setSearch] = useState(table.searchParams.get('search') ?? '');
  const [term] = useDebouncedValue(search.trim(), 300);
  const { setFilter } = table;
  useEffect(() => setFilter('search', term || null), [term, setFilter]);
  const admins = usePlatformAdmins({ ...table.query, search: table.searchParams.get('search') });
  usePageHeader({
    title: t('admins.title'),
    icon: IconUserShield,
    breadcrumbs: [...useClientsBreadcrumbs().slice(0, 1), { label: t('admins.title') }],
    actions: can('admin.assign')
      ? [{ label: t('users.adminCreate'), icon: IconUserPlus, to: '/userAdmin/create' }]
      : [],
  });
  return (
    <Card withBorder padding="md">
      <Group mb="md">
        <TextInput
          label={t('admins.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
      </Group>
      <DataTable
        caption={t('admins.caption')}
        columns={useColumns()}
        {...listRows(admins)}
        rowKey={(user) => user.id}
        emptyMessage={t('admins.empty')}
        {...table.tableProps}
      />
    </Card>
  );
}
