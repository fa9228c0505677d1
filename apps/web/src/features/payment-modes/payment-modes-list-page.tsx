import { ActionIcon, Anchor, Badge, Card, Group, Select, Text, Tooltip } from '@mantine/core';
import { PAYMENT_MODE_TYPES, type PaymentModeResponse, STATUSES } from '@reprise/shared';
import { IconCreditCard, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { usePaymentModes } from './payment-modes.queries';

const DEFAULT_SORT = { field: 'label', direction: 'asc' } as const;

function BonusText({ mode }: { mode: PaymentModeResponse }) {
  const { t } = useTranslation('paymentModes');
  const { money } = useFormatters();
  if (mode.bonusMode === 'disabled' || mode.bonusValue === null)
    return (
      <Text size="sm" c="dimmed">
        {t('bonusMode.disabled')}
      </Text>
    );
  const sign = mode.bonusValue > 0 ? '+' : '';
  const value =
    mode.bonusMode === 'percentage'
      ? `${sign}${mode.bonusValue} %`
      : `${sign}${money(mode.bonusValue * 100)}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{value}</Text>
      {mode.bonusCap !== null && (
        <Text size="xs" c="dimmed">
          {t('list.cap', { cap: money(mode.bonusCap * 100) })}
        </Text>
      )}
      {mode.modifier === null && (
        <Badge size="xs" color="yellow" variant="light">
          {t('list.bonusInactive')}
        </Badge>
      )}
    </Group>
  );
}

function useColumns(): DataTableColumn<PaymentModeResponse>[] {
  const { t } = useTranslation('paymentModes');
  return [
    {
      key: 'label',
      truncate: true,
      header: t('columns.label'),
      sortField: 'label',
      render: (m) => (
        <Anchor component={Link} to={`/payment-mode/${m.id}/edit`} fw={500} size="sm">
          {m.label}
        </Anchor>
      ),
    },
    { key: 'type', header: t('columns.type'), sortField: 'type', render: (m) => t(`type.${m.type}`) },
    { key: 'provider', header: t('columns.provider'), render: (m) => t(`provider.${m.provider}`) },
    { key: 'bonus', header: t('columns.bonus'), render: (m) => <BonusText mode={m} /> },
    { key: 'circuits', header: t('columns.circuits'), align: 'right', render: (m) => m.numberOfCircuits },
    { key: 'status', header: t('columns.status'), render: (m) => <StatusBadge status={m.status} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      width: 72,
      render: (m) => (
        <Tooltip label={t('actions.edit', { name: m.label })} withArrow>
          <ActionIcon
            component={Link}
            to={`/payment-mode/${m.id}/edit`}
            variant="subtle"
            aria-label={t('actions.edit', { name: m.label })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
}

/** `/payment-modes`: the account's payment modes with their bonus. */
export function PaymentModesListPage() {
  const { t } = useTranslation('paymentModes');
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const type = table.searchParams.get('type');
  const status = table.searchParams.get('status');
  const modes = usePaymentModes({ ...table.query, type, status });
  const columns = useColumns();
  usePageHeader({
    title: t('list.title'),
    icon: IconCreditCard,
    breadcrumbs: [{ label: t('breadcrumb.configuration') }, { label: t('list.title') }],
    actions: [{ label: t('actions.create'), icon: IconPlus, to: '/payment-mode/create' }],
  });
  return (
    <Card withBorder padding="md">
      <Group mb="md" wrap="wrap">
        <Select
          label={t('filters.type')}
          placeholder={t('filters.all')}
          clearable
          w={220}
          data={PAYMENT_MODE_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          value={type}
          onChange={(value) => table.setFilter('type', value)}
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
        {...listRows(modes)}
        rowKey={(m) => m.id}
        emptyMessage={t('list.empty')}
        {...table.tableProps}
      />
    </Card>
  );
}
