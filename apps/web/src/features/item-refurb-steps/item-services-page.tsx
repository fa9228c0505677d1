import { Alert, Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ItemRefurbStepResponse, ItemRefurbStepsResponse, ItemStatus } from '@reprise/shared';
import { IconAlertTriangle, IconListCheck, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { Facts } from '../../ui/facts';
import { PageLoader } from '../../ui/page-loader';
import { Section } from '../../ui/section';
import { ItemStatusBadge, useItemRefurbSteps } from '../items';
import { stockLabel } from '../warehouse-checkin';
import { RefusalAlert } from './refusal-alert';
import { actionLabelKey, actionsFrom, StepStatusBadge } from './step-status';
import { useStepActions } from './use-step-actions';
import { ValidateItemCard } from './validate-item-card';

const SEARCH = '/warehouse/item-refurb-steps/search';

/** "Apple iPhone 13": the brand before the name, unless the name already starts with it. */
const productLabel = (brand: string | null, name: string) =>
  brand && !name.toLowerCase().startsWith(brand.toLowerCase()) ? `${brand} ${name}` : name;

/**
 * `/items/:itemId/item-refurb-steps`: the item (product, number, IMEI,
 * stock, planned and completed cost) and its services in order, each with its status, cost, who
 * acted last, when and the comment, opening `/item-refurb-steps/{id}`; the quick actions that need
 * no comment (start or resume, pause, validate) run from the row with the version it shows. Once
 * every service is completed or cancelled the item is validated into a stock.
 */
export function ItemServicesPage() {
  const { t } = useTranslation(['itemRefurbSteps', 'warehouseCheckin', 'buybacks']);
  const { itemId = '' } = useParams();
  const query = useItemRefurbSteps(itemId);
  const item = query.data?.item;
  usePageHeader({
    title: item ? t('item.title', { number: item.identificationNumber }) : t('item.titleLoading'),
    icon: IconListCheck,
    breadcrumbs: [{ label: t('search.title'), to: SEARCH }, { label: item?.identificationNumber ?? '…' }],
    actions: [{ label: t('search.next'), icon: IconSearch, to: SEARCH }],
  });

  if (query.isError)
    return (
      <Stack gap="md" maw={880}>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {translateErrorCode(query.error instanceof ApiError ? query.error.code : 'network_error')}
        </Alert>
        <Group>
          <Button component={Link} to={SEARCH} leftSection={<IconSearch size={18} aria-hidden />}>
            {t('search.next')}
          </Button>
        </Group>
      </Stack>
    );
  if (!query.data) return <PageLoader />;
  return <ItemServices data={query.data} />;
}

function ItemServices({ data }: { data: ItemRefurbStepsResponse }) {
  const { t } = useTranslation(['itemRefurbSteps', 'warehouseCheckin', 'buybacks']);
  const { money, dateTime } = useFormatters();
  const actions = useStepActions();
  const { item } = data;
  const rows: [string, ReactNode][] = [
    [t('item.product'), productLabel(item.productBrand, item.productName)],
    [
      t('item.number'),
      <Text key="n" ff="monospace" size="sm" data-testid="item-number">
        {item.identificationNumber}
      </Text>,
    ],
    [t('item.imei'), item.imei ?? '—'],
    [t('item.status'), <ItemStatusBadge key="s" status={item.status as ItemStatus} />],
    [t('item.warehouse'), item.warehouse.commonName],
    [
      t('item.stock'),
      <span key="st" data-testid="item-stock">
        {stockLabel(t, item.stock)}
      </span>,
    ],
    [t('item.plannedCost'), money(item.plannedRefurbCostCents)],
    [
      t('item.completedCost'),
      <span key="c" data-testid="item-completed-cost">
        {money(item.completedRefurbCostCents)}
      </span>,
    ],
  ];
  const busy = actions.pending?.step.id;

  const quickActions = (step: ItemRefurbStepResponse) =>
    actionsFrom(step.status)
      .filter((action) => action !== 'cancel')
      .map((action) => (
        <Button
          key={action}
          size="compact-sm"
          variant="light"
          color={action === 'validate' ? 'green' : action === 'pause' ? 'yellow' : 'blue'}
          loading={busy === step.id && actions.pending?.action === action}
          disabled={Boolean(busy)}
          onClick={() => actions.run({ step, action, status: step.status })}
          aria-label={`${t(actionLabelKey(action, step.status))} — ${step.name}`}
          data-testid={`row-${action}`}
        >
          {t(actionLabelKey(action, step.status))}
        </Button>
      ));
  const actionsOf = (step: ItemRefurbStepResponse) => (
    <Group gap={6} wrap="wrap">
      {quickActions(step)}
      <Button
        component={Link}
        to={`/item-refurb-steps/${step.id}`}
        size="compact-sm"
        variant="subtle"
        aria-label={`${t('list.open')} — ${step.name}`}
      >
        {t('list.open')}
      </Button>
    </Group>
  );
  const nameOf = (step: ItemRefurbStepResponse) => (
    <>
      <Anchor component={Link} to={`/item-refurb-steps/${step.id}`} size="sm" fw={600}>
        {step.name}
      </Anchor>
      {step.kind === 'data_erasure' && (
        <Text size="xs" c="dimmed">
          {t('kind.data_erasure')}
        </Text>
      )}
    </>
  );
  const commentOf = (step: ItemRefurbStepResponse) =>
    (step.status === 'cancelled' ? step.cancelReason : step.comment) ?? '—';

  return (
    <Stack gap="md" maw={1100}>
      <RefusalAlert refusal={actions.refusal} onClose={actions.clearRefusal} />

      <Section title={t('item.section')}>
        <Facts rows={rows} />
      </Section>

      <Section
        title={
          <>
            {t('list.title')} ({data.member.length})
          </>
        }
      >
        {data.member.length === 0 ? (
          <EmptyState title={t('list.empty')} icon={IconListCheck} />
        ) : (
          <>
            <Table.ScrollContainer minWidth={820} visibleFrom="sm">
              <Table striped verticalSpacing="xs" data-testid="item-services">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('list.position')}</Table.Th>
                    <Table.Th scope="col">{t('list.service')}</Table.Th>
                    <Table.Th scope="col">{t('list.status')}</Table.Th>
                    <Table.Th scope="col">{t('list.cost')}</Table.Th>
                    <Table.Th scope="col">{t('list.user')}</Table.Th>
                    <Table.Th scope="col">{t('list.date')}</Table.Th>
                    <Table.Th scope="col">{t('list.comment')}</Table.Th>
                    <Table.Th scope="col">{t('list.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.member.map((step, index) => (
                    <Table.Tr key={step.id} data-testid="item-service" data-step-id={step.id}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{nameOf(step)}</Table.Td>
                      <Table.Td>
                        <StepStatusBadge status={step.status} />
                      </Table.Td>
                      <Table.Td>{money(step.costCents)}</Table.Td>
                      <Table.Td>{step.user?.name ?? '—'}</Table.Td>
                      <Table.Td>{step.user ? dateTime(step.updatedAt) : '—'}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{commentOf(step)}</Table.Td>
                      <Table.Td>{actionsOf(step)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {/* below 768 px: one card per service, every field and action within the screen's width */}
            <Stack gap="sm" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.member.map((step, index) => (
                <Card
                  key={step.id}
                  component="li"
                  withBorder
                  padding="sm"
                  radius="md"
                  data-testid="item-service-card"
                  data-step-id={step.id}
                >
                  <Stack gap={6}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        <Text size="xs" c="dimmed">
                          {t('list.position')} {index + 1}
                        </Text>
                        {nameOf(step)}
                      </div>
                      <StepStatusBadge status={step.status} />
                    </Group>
                    <Text size="sm">{t('list.costValue', { cost: money(step.costCents) })}</Text>
                    {step.user && (
                      <Text size="sm" c="dimmed">
                        {step.user.name} · {dateTime(step.updatedAt)}
                      </Text>
                    )}
                    {(step.cancelReason ?? step.comment) && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {commentOf(step)}
                      </Text>
                    )}
                    {actionsOf(step)}
                  </Stack>
                </Card>
              ))}
            </Stack>
          </>
        )}
      </Section>

      <ValidateItemCard data={data} />
    </Stack>
  );
}
