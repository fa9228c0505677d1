import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { RefurbStepResponse } from '@reprise/shared';
import { IconPencil, IconPlus, IconShieldCheck, IconTool, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { SearchFilter } from '../../ui/list-filters';
import { stockLabel } from '../warehouse-checkin';
import { ConfigAccountSelect } from './config-account-select';
import { useRefurbSteps } from './refurb-config.queries';
import { RefurbStepDeleteModal } from './refurb-step-delete-modal';
import { useConfigAccount, withAccount } from './use-config-account';

function useColumns(
  account: string | null,
  onDelete: (step: RefurbStepResponse) => void,
): DataTableColumn<RefurbStepResponse>[] {
  const { t } = useTranslation(['refurbConfig', 'warehouseCheckin']);
  const { money } = useFormatters();
  const editPath = (step: RefurbStepResponse) => withAccount(`/refurb-step/${step.id}/edit`, account);
  return [
    {
      key: 'name',
      header: t('steps.columns.name'),
      truncate: true,
      render: (step) => (
        <Anchor component={Link} to={editPath(step)} fw={500} size="sm">
          {step.name}
        </Anchor>
      ),
    },
    {
      key: 'description',
      header: t('steps.columns.description'),
      truncate: true,
      render: (step) => (
        <Text size="sm" c={step.description ? undefined : 'dimmed'}>
          {step.description ?? '—'}
        </Text>
      ),
    },
    {
      key: 'kind',
      header: t('steps.columns.kind'),
      render: (step) =>
        step.kind === 'data_erasure' ? (
          <Badge color="grape" variant="light" leftSection={<IconShieldCheck size={12} aria-hidden />}>
            {t('kind.data_erasure')}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('kind.standard')}
          </Text>
        ),
    },
    { key: 'stock', header: t('steps.columns.stock'), render: (step) => stockLabel(t, step.stock) },
    {
      key: 'costs',
      header: t('steps.columns.costs'),
      render: (step) =>
        step.costs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('steps.noCost')}
          </Text>
        ) : (
          <Stack gap={0}>
            {step.costs.map((cost) => (
              <Text key={cost.warehouseId} size="sm">
                {t('steps.costAt', { warehouse: cost.warehouseName, cost: money(cost.costCents) })}
              </Text>
            ))}
          </Stack>
        ),
    },
    {
      key: 'answers',
      header: t('steps.columns.answers'),
      align: 'right',
      render: (step) => step.answerCount,
    },
    {
      key: 'actions',
      header: t('steps.columns.actions'),
      align: 'right',
      width: 96,
      render: (step) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('steps.edit', { name: step.name })} withArrow>
            <ActionIcon
              component={Link}
              to={editPath(step)}
              variant="subtle"
              aria-label={t('steps.edit', { name: step.name })}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('steps.delete', { name: step.name })} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('steps.delete', { name: step.name })}
              onClick={() => onDelete(step)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

/**
 * `/refurb-steps`: the services of the account, searched by name or description, each with its
 * kind, stock and cost at each warehouse; edited, created and deleted here.
 */
export function RefurbStepsPage() {
  const { t } = useTranslation('refurbConfig');
  const config = useConfigAccount();
  const table = useTableParams({ defaultPageSize: 30 });
  const search = table.searchParams.get('search') ?? '';
  const steps = useRefurbSteps({ ...table.query, search, account: config.account }, config.ready);
  const [deleting, setDeleting] = useState<RefurbStepResponse | null>(null);
  const columns = useColumns(config.account, setDeleting);
  usePageHeader({
    title: t('steps.title'),
    icon: IconTool,
    breadcrumbs: [{ label: t('breadcrumb.refurbishment') }, { label: t('steps.title') }],
    actions: config.ready
      ? [{ label: t('steps.create'), icon: IconPlus, to: withAccount('/refurb-step/create', config.account) }]
      : [],
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('steps.intro')}
        </Text>
        <ConfigAccountSelect config={config} />
        {!config.ready ? (
          <EmptyState title={t('account.choose')} icon={IconTool} />
        ) : (
          <>
            <Group wrap="wrap">
              <div style={{ width: '100%', maxWidth: 360 }}>
                <SearchFilter
                  label={t('steps.search')}
                  placeholder={t('steps.searchPlaceholder')}
                  value={search}
                  onChange={(value) => table.setFilter('search', value)}
                />
              </div>
            </Group>
            <DataTable
              caption={t('steps.caption')}
              columns={columns}
              {...listRows(steps)}
              rowKey={(step) => step.id}
              emptyMessage={search ? t('steps.noMatch') : t('steps.empty')}
              {...table.tableProps}
            />
          </>
        )}
      </Stack>
      <RefurbStepDeleteModal step={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
