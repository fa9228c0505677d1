import { Badge, Button, Group, type MantineColor, Table, Text } from '@mantine/core';
import type { ItemRefurbStepStatus } from '@reprise/shared';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../ui/format';
import { PageLoader } from '../../ui/page-loader';
import { Section } from '../../ui/section';
import { stockName, useItemRefurbSteps } from '../items';

const STATUS_COLOR: Record<ItemRefurbStepStatus, MantineColor> = {
  to_do: 'gray',
  in_progress: 'blue',
  paused: 'yellow',
  cancelled: 'red',
  completed: 'green',
};

/** A 404 or 409 of the item's services: none are planned (yet). */
const plansNone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 409);

/** The services planned on the item (`GET /items/{id}/item-refurb-steps`) and how far each went. */
export function ItemRefurbStepsTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const { can } = useSession();
  const { dateTime, locale } = useFormatters();
  const steps = useItemRefurbSteps(itemId);
  if (steps.isPending) return <PageLoader />;
  const data = steps.data;
  const open = can('refurb.write') && data && data.member.length > 0 && (
    <Button
      component={Link}
      to={`/items/${itemId}/item-refurb-steps`}
      variant="light"
      size="xs"
      leftSection={<IconTool size={16} aria-hidden />}
    >
      {t('page.refurbSteps.open')}
    </Button>
  );
  if (!data || data.member.length === 0)
    return (
      <Section title={t('page.refurbSteps.title')}>
        <Text size="sm" c="dimmed" data-testid="refurb-steps-none">
          {steps.isError && !plansNone(steps.error) ? t('page.loadFailed') : t('page.refurbSteps.none')}
        </Text>
      </Section>
    );
  const money = (cents: number) => formatMoney(cents, data.item.currency, locale);
  return (
    <Section title={t('page.refurbSteps.title')}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Text size="sm">
          {t('page.refurbSteps.costs', {
            planned: money(data.item.plannedRefurbCostCents),
            completed: money(data.item.completedRefurbCostCents),
          })}
        </Text>
        {open}
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" striped data-testid="refurb-steps">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('page.refurbSteps.service')}</Table.Th>
              <Table.Th scope="col">{t('page.refurbSteps.status')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('page.refurbSteps.cost')}
              </Table.Th>
              <Table.Th scope="col">{t('page.refurbSteps.stock')}</Table.Th>
              <Table.Th scope="col">{t('page.refurbSteps.user')}</Table.Th>
              <Table.Th scope="col">{t('page.refurbSteps.date')}</Table.Th>
              <Table.Th scope="col">{t('page.refurbSteps.comment')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.member.map((step) => (
              <Table.Tr key={step.id}>
                <Table.Td>{step.name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLOR[step.status]} tt="none">
                    {t(`page.refurbSteps.statuses.${step.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{money(step.costCents)}</Table.Td>
                <Table.Td>{step.stock ? stockName(tb, step.stock) : '—'}</Table.Td>
                <Table.Td>{step.user?.name ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dateTime(step.completedAt ?? step.startedAt ?? step.updatedAt)}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {[step.comment, step.cancelReason].filter(Boolean).join(' · ') || '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}
