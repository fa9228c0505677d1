import {
  ActionIcon,
  Anchor,
  Card,
  Group,
  LoadingOverlay,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { WarehouseDispatchRuleResponse } from '@reprise/shared';
import {
  IconArrowDown,
  IconArrowsSplit,
  IconArrowUp,
  IconEye,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import classes from '../../ui/data-table/data-table.module.css';
import { EmptyState } from '../../ui/empty-state';
import { useConditionText } from './condition-text';
import { RuleDeleteModal } from './rule-delete-modal';
import { useRuleAccount, withAccount } from './use-rule-account';
import { useOrderWarehouseDispatchRules, useWarehouseDispatchRules } from './warehouse-dispatch.queries';

/** The rule's place moved by one: the whole list's ids in the new order. */
function moved(rules: WarehouseDispatchRuleResponse[], index: number, by: -1 | 1): string[] {
  const ids = rules.map((r) => r.id);
  const [id] = ids.splice(index, 1);
  ids.splice(index + by, 0, id as string);
  return ids;
}

/**
 * `/warehouse-dispatch`: the buyer account's rules in the order they are tried, each with its
 * conditions in words, destinations, default and last modification; moved, edited and deleted by
 * those who may write them.
 */
export function WarehouseDispatchListPage() {
  const { t } = useTranslation('warehouseDispatch');
  const { can } = useSession();
  const { dateTime } = useFormatters();
  const canWrite = can('warehouse_dispatch_rule.write');
  const account = useRuleAccount();
  const rules = useWarehouseDispatchRules(account.accountId, account.ready);
  const order = useOrderWarehouseDispatchRules(account.accountId);
  const conditionText = useConditionText();
  const [deleting, setDeleting] = useState<WarehouseDispatchRuleResponse | null>(null);
  const list = rules.data?.member ?? [];
  usePageHeader({
    title: t('list.title'),
    icon: IconArrowsSplit,
    breadcrumbs: [{ label: t('breadcrumb.configuration') }, { label: t('list.title') }],
    actions:
      canWrite && account.ready
        ? [
            {
              label: t('actions.create'),
              icon: IconPlus,
              to: withAccount('/warehouse-dispatch-rule/new', account.accountId),
            },
          ]
        : [],
  });

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('list.intro')}
        </Text>
        {account.isPlatform && (
          <Select
            label={t('account.label')}
            placeholder={t('account.placeholder')}
            w={{ base: '100%', sm: 360 }}
            searchable
            data={account.accounts.map((a) => ({ value: a.id, label: a.name }))}
            value={account.accountId}
            onChange={account.setAccountId}
          />
        )}
        {!account.ready ? (
          <EmptyState title={t('account.choose')} icon={IconArrowsSplit} />
        ) : (
          <div style={{ position: 'relative', minHeight: rules.isPending ? 160 : undefined }}>
            <LoadingOverlay
              visible={rules.isFetching || order.isPending}
              zIndex={10}
              overlayProps={{ blur: 1 }}
            />
            <Table.ScrollContainer minWidth={720}>
              <Table
                striped
                verticalSpacing="sm"
                horizontalSpacing={6}
                aria-busy={rules.isFetching}
                className={classes.table}
                style={{ '--truncate-share': '15%' } as CSSProperties}
              >
                <Table.Caption>
                  <VisuallyHidden>{t('list.caption')}</VisuallyHidden>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w={56}>
                      {t('columns.order')}
                    </Table.Th>
                    <Table.Th scope="col">{t('columns.title')}</Table.Th>
                    <Table.Th scope="col">{t('columns.conditions')}</Table.Th>
                    <Table.Th scope="col">{t('columns.warehouses')}</Table.Th>
                    <Table.Th scope="col">{t('columns.default')}</Table.Th>
                    <Table.Th scope="col">{t('columns.updated')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('columns.actions')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((rule, index) => {
                    const to = withAccount(`/warehouse-dispatch-rule/${rule.id}`, account.accountId);
                    const openLabel = t(canWrite ? 'actions.edit' : 'actions.view', { title: rule.title });
                    const OpenIcon = canWrite ? IconPencil : IconEye;
                    const updated = rule.updatedBy
                      ? t('updatedBy', { date: dateTime(rule.updatedAt), name: rule.updatedBy.name })
                      : dateTime(rule.updatedAt);
                    return (
                      <Table.Tr key={rule.id} data-rule-id={rule.id}>
                        <Table.Td>
                          <Text fw={700} size="sm">
                            {index + 1}
                          </Text>
                        </Table.Td>
                        <Table.Td className={classes.truncate}>
                          <Anchor component={Link} to={to} fw={500} size="sm" title={rule.title}>
                            {rule.title}
                          </Anchor>
                        </Table.Td>
                        <Table.Td className={classes.truncate}>
                          <Stack gap={2}>
                            {rule.conditions.map((condition, i) => (
                              <Text
                                key={`${condition.attribute}:${condition.operator}:${condition.values.join('|')}`}
                                size="sm"
                                title={conditionText(condition)}
                              >
                                {i > 0 && (
                                  <Text span size="sm" c="dimmed">
                                    {t('summary.and')}{' '}
                                  </Text>
                                )}
                                {conditionText(condition)}
                              </Text>
                            ))}
                          </Stack>
                        </Table.Td>
                        <Table.Td className={classes.truncate}>
                          <Text size="sm" title={rule.warehouses.map((w) => w.commonName).join(', ')}>
                            {rule.warehouses.map((w) => w.commonName).join(', ')}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{rule.defaultWarehouse.commonName}</Text>
                        </Table.Td>
                        <Table.Td className={classes.truncate}>
                          <Text size="sm" title={updated}>
                            {updated}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            {canWrite && (
                              <>
                                <Tooltip label={t('actions.moveUp', { title: rule.title })} withArrow>
                                  <ActionIcon
                                    variant="subtle"
                                    aria-label={t('actions.moveUp', { title: rule.title })}
                                    disabled={index === 0 || order.isPending}
                                    onClick={() => order.mutate(moved(list, index, -1))}
                                  >
                                    <IconArrowUp size={18} aria-hidden />
                                  </ActionIcon>
                                </Tooltip>
                                <Tooltip label={t('actions.moveDown', { title: rule.title })} withArrow>
                                  <ActionIcon
                                    variant="subtle"
                                    aria-label={t('actions.moveDown', { title: rule.title })}
                                    disabled={index === list.length - 1 || order.isPending}
                                    onClick={() => order.mutate(moved(list, index, 1))}
                                  >
                                    <IconArrowDown size={18} aria-hidden />
                                  </ActionIcon>
                                </Tooltip>
                              </>
                            )}
                            <Tooltip label={openLabel} withArrow>
                              <ActionIcon component={Link} to={to} variant="subtle" aria-label={openLabel}>
                                <OpenIcon size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                            {canWrite && (
                              <Tooltip label={t('actions.delete', { title: rule.title })} withArrow>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={t('actions.delete', { title: rule.title })}
                                  onClick={() => setDeleting(rule)}
                                >
                                  <IconTrash size={18} aria-hidden />
                                </ActionIcon>
                              </Tooltip>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {rules.isSuccess && list.length === 0 && (
              <EmptyState title={t('list.empty')} description={t('list.emptyHelp')} icon={IconArrowsSplit} />
            )}
          </div>
        )}
      </Stack>
      <RuleDeleteModal rule={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
