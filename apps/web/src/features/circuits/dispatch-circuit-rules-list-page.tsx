import { ActionIcon, Anchor, Card, Group, Select, Switch, Text, Tooltip } from '@mantine/core';
import { DISPATCH_CIRCUIT_RULE_STATUSES, type DispatchCircuitRuleResponse } from '@reprise/shared';
import { IconEye, IconListDetails, IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { circuitsKeys, dispatchCircuitRulesKeys, useDispatchCircuitRules } from './circuits.queries';

/** Enables or disables a rule from the list. */
function useToggleRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api.patch<DispatchCircuitRuleResponse>(`/dispatch-circuit-rules/${id}`, {
        status: enabled ? 'enabled' : 'disabled',
      }),
    onSuccess: (rule) => {
      queryClient.setQueryData(dispatchCircuitRulesKeys.detail(rule.id), rule);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchCircuitRulesKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: circuitsKeys.all }),
      ]);
    },
  });
}

function useColumns(canEdit: boolean): DataTableColumn<DispatchCircuitRuleResponse>[] {
  const { t } = useTranslation('circuits');
  const toggle = useToggleRule();
  return [
    {
      key: 'circuit',
      truncate: true,
      header: t('rules.columns.circuit'),
      render: (r) => (
        <Anchor component={Link} to={`/dispatch-circuit-rule/${r.id}/edit`} fw={500} size="sm">
          {r.circuitName}
        </Anchor>
      ),
    },
    {
      key: 'type',
      header: t('columns.type'),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t(`type.${r.circuit.type}`)}
          </Text>
          {r.circuit.status === 'inactive' && (
            <StatusBadge status="inactive" label={t('rules.circuitInactive')} />
          )}
        </Group>
      ),
    },
    {
      key: 'categories',
      truncate: true,
      header: t('columns.categories'),
      render: (r) => (
        <Text size="sm" title={r.categories.map((k) => k.label).join(', ')}>
          {r.numberOfCategories === 0
            ? t('rules.noCategory')
            : r.categories
                .slice(0, 3)
                .map((k) => k.label)
                .join(', ') +
              (r.numberOfCategories > 3
                ? ` ${t('rules.andOthers', { count: r.numberOfCategories - 3 })}`
                : '')}
        </Text>
      ),
    },
    {
      key: 'countries',
      header: t('rules.columns.countries'),
      render: (r) => r.effectiveEligibleCountries.join(', '),
    },
    {
      key: 'instructions',
      header: t('rules.columns.instructions'),
      render: (r) => t(r.ownInstructions ? 'rules.ownInstructions' : 'rules.circuitInstructions'),
    },
    {
      key: 'status',
      header: t('columns.status'),
      render: (r) =>
        canEdit ? (
          <Switch
            aria-label={t('rules.toggle', { name: r.circuitName })}
            checked={r.status === 'enabled'}
            disabled={toggle.isPending && toggle.variables?.id === r.id}
            label={t(`common:status.${r.status}`)}
            onChange={(event) => toggle.mutate({ id: r.id, enabled: event.currentTarget.checked })}
          />
        ) : (
          <StatusBadge status={r.status} />
        ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      width: 72,
      render: (r) => {
        const label = t(canEdit ? 'actions.edit' : 'actions.view', { name: r.circuitName });
        const Icon = canEdit ? IconPencil : IconEye;
        return (
          <Tooltip label={label} withArrow>
            <ActionIcon
              component={Link}
              to={`/dispatch-circuit-rule/${r.id}/edit`}
              variant="subtle"
              aria-label={label}
            >
              <Icon size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      },
    },
  ];
}

/** `/dispatch-circuit-rules`: which categories each circuit serves, enabled or not. */
export function DispatchCircuitRulesListPage() {
  const { t } = useTranslation('circuits');
  const { can } = useSession();
  const canEdit = can('circuit.manage');
  const table = useTableParams();
  const status = table.searchParams.get('status');
  const rules = useDispatchCircuitRules({ ...table.query, status });
  const columns = useColumns(canEdit);
  usePageHeader({
    title: t('rules.title'),
    icon: IconListDetails,
    breadcrumbs: [{ label: t('breadcrumb.configuration') }, { label: t('rules.title') }],
  });
  return (
    <Card withBorder padding="md">
      <Group mb="md">
        <Select
          label={t('filters.status')}
          placeholder={t('filters.all')}
          clearable
          w={200}
          data={DISPATCH_CIRCUIT_RULE_STATUSES.map((s) => ({ value: s, label: t(`common:status.${s}`) }))}
          value={status}
          onChange={(value) => table.setFilter('status', value)}
        />
      </Group>
      <DataTable
        caption={t('rules.caption')}
        columns={columns}
        {...listRows(rules)}
        rowKey={(r) => r.id}
        emptyMessage={t('rules.empty')}
        {...table.tableProps}
      />
    </Card>
  );
}
