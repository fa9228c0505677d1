import { ActionIcon, Anchor, Card, Group, Select, Text, Tooltip } from '@mantine/core';
import { CIRCUIT_CHANNELS, type CircuitResponse, STATUSES } from '@reprise/shared';
import { IconEye, IconPencil, IconPlus, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { useCircuits } from './circuits.queries';

const DEFAULT_SORT = { field: 'name', direction: 'asc' } as const;

function useColumns(canEdit: boolean): DataTableColumn<CircuitResponse>[] {
  const { t } = useTranslation('circuits');
  return [
    {
      key: 'name',
      truncate: true,
      header: t('columns.name'),
      sortField: 'name',
      render: (c) => (
        <Anchor component={Link} to={`/circuit/${c.id}/edit`} fw={500} size="sm">
          {c.name}
        </Anchor>
      ),
    },
    {
      key: 'type',
      header: t('columns.type'),
      sortField: 'type',
      render: (c) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t(`type.${c.type}`)}
        </Text>
      ),
    },
    { key: 'channel', header: t('columns.channel'), render: (c) => t(`channel.${c.channel}`) },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (c) => <StatusBadge status={c.status} />,
    },
    {
      key: 'categories',
      header: t('columns.categories'),
      align: 'right',
      render: (c) => (
        <Text size="sm" title={c.categories.map((k) => k.label).join(', ')}>
          {c.numberOfCategories}
        </Text>
      ),
    },
    {
      key: 'paymentModes',
      header: t('columns.paymentModes'),
      align: 'right',
      render: (c) => c.paymentModes.filter((p) => p.status === 'active').length,
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      width: 72,
      render: (c) => {
        const label = t(canEdit ? 'actions.edit' : 'actions.view', { name: c.name });
        const Icon = canEdit ? IconPencil : IconEye;
        return (
          <Tooltip label={label} withArrow>
            <ActionIcon component={Link} to={`/circuit/${c.id}/edit`} variant="subtle" aria-label={label}>
              <Icon size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      },
    },
  ];
}

/** `/circuits`: the account's circuits with their status, type, channel and linked categories. */
export function CircuitsListPage() {
  const { t } = useTranslation('circuits');
  const { can } = useSession();
  const canEdit = can('circuit.manage');
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const channel = table.searchParams.get('channel');
  const status = table.searchParams.get('status');
  const circuits = useCircuits({ ...table.query, channel, status });
  const columns = useColumns(canEdit);
  usePageHeader({
    title: t('list.title'),
    icon: IconRoute,
    breadcrumbs: [{ label: t('breadcrumb.configuration') }, { label: t('list.title') }],
    actions: canEdit ? [{ label: t('actions.create'), icon: IconPlus, to: '/circuit/create' }] : [],
  });
  return (
    <Card withBorder padding="md">
      <Group mb="md" wrap="wrap">
        <Select
          label={t('filters.channel')}
          placeholder={t('filters.all')}
          clearable
          w={200}
          data={CIRCUIT_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
          value={channel}
          onChange={(value) => table.setFilter('channel', value)}
        />
        <Select
          label={t('filters.status')}
          placeholder={t('filters.all')}
          clearable
          w={200}
          data={STATUSES.map((s) => ({ value: s, label: t(`common:status.${s}`) }))}
          value={status}
          onChange={(value) => table.setFilter('status', value)}
        />
      </Group>
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        {...listRows(circuits)}
        rowKey={(c) => c.id}
        emptyMessage={t('list.empty')}
        {...table.tableProps}
      />
    </Card>
  );
}
