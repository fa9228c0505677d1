import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Code,
  Group,
  type MantineColor,
  Modal,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_PAGE_SIZE,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryResponse,
  type WebhookDeliveryStatus,
} from '@reprise/shared';
import { IconCode, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { WHOLE_LABEL } from '../../ui/status-badge';
import { useRedeliverWebhook, useWebhookDeliveries } from './webhook-deliveries.queries';

const STATUS_COLORS: Record<WebhookDeliveryStatus, MantineColor> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
};

function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('webhooks');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" styles={WHOLE_LABEL}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/** The last attempt's outcome: the status code answered, and why it failed (translated). */
function LastResult({ delivery }: { delivery: WebhookDeliveryResponse }) {
  const { t, i18n } = useTranslation('webhooks');
  const error = delivery.lastError;
  const reason = error ? (i18n.exists(`webhooks:errors.${error}`) ? t(`errors.${error}`) : error) : null;
  if (delivery.lastStatusCode === null && !reason) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      {delivery.lastStatusCode !== null && <Text size="sm">HTTP {delivery.lastStatusCode}</Text>}
      {reason && (
        <Text size="xs" c="red.8">
          {reason}
        </Text>
      )}
    </Stack>
  );
}

function useColumns(configurationId: string, onPayload: (delivery: WebhookDeliveryResponse) => void) {
  const { t } = useTranslation('webhooks');
  const { dateTime } = useFormatters();
  const redeliver = useRedeliver(configurationId);
  const columns: DataTableColumn<WebhookDeliveryResponse>[] = [
    { key: 'event', header: t('columns.event'), render: (d) => t(`events.${d.event}`) },
    {
      key: 'buyback',
      header: t('columns.buyback'),
      render: (d) =>
        d.buybackId && d.buybackCode ? (
          <Anchor component={Link} to={`/buyback/${d.buybackId}`} size="sm">
            {d.buybackCode}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'status', header: t('columns.status'), render: (d) => <DeliveryStatus status={d.status} /> },
    { key: 'attempts', header: t('columns.attempts'), align: 'right', render: (d) => d.attempts },
    { key: 'last', header: t('columns.lastResult'), render: (d) => <LastResult delivery={d} /> },
    { key: 'createdAt', header: t('columns.createdAt'), render: (d) => dateTime(d.createdAt) },
    {
      key: 'lastAttemptAt',
      header: t('columns.lastAttemptAt'),
      render: (d) => (d.lastAttemptAt ? dateTime(d.lastAttemptAt) : '—'),
    },
    {
      key: 'deliveredAt',
      header: t('columns.deliveredAt'),
      render: (d) => (d.deliveredAt ? dateTime(d.deliveredAt) : '—'),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (d) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('payload.button')} withArrow>
            <ActionIcon variant="subtle" aria-label={t('payload.button')} onClick={() => onPayload(d)}>
              <IconCode size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={d.status === 'pending' ? t('redeliver.pending') : t('redeliver.button')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('redeliver.button')}
              disabled={d.status === 'pending'}
              loading={redeliver.pendingId === d.id}
              onClick={() => redeliver.run(d.id)}
            >
              <IconSend size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  return columns;
}

/** Sends a delivery again, and says so; a refusal (under way, inactive) opens the error dialog. */
function useRedeliver(configurationId: string) {
  const { t } = useTranslation('webhooks');
  const mutation = useRedeliverWebhook(configurationId);
  return {
    pendingId: mutation.isPending ? mutation.variables : null,
    run: (id: string) =>
      mutation.mutate(id, {
        onSuccess: () => notifications.show({ color: 'green', message: t('redeliver.done') }),
      }),
  };
}

/**
 * The deliveries of a buyer resale webhooks configuration (docs/connectors.md): each event sent
 * to the configuration's URL with its outcome, its body, and a redeliver. Shown on the edit page of
 * a `buyer` configuration.
 */
export function WebhookDeliveries({ configurationId }: { configurationId: string }) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const [shown, setShown] = useState<WebhookDeliveryResponse | null>(null);
  const deliveries = useWebhookDeliveries(configurationId, { page, itemsPerPage, status });
  const columns = useColumns(configurationId, setShown);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="webhook-deliveries-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} id="webhook-deliveries-title">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('help')}
          </Text>
        </Stack>
        <Select
          label={t('filters.status')}
          placeholder={t('filters.all')}
          data={WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as WebhookDeliveryStatus | null);
            setPage(1);
          }}
          clearable
          maw={280}
        />
        <DataTable
          caption={t('caption')}
          columns={columns}
          rows={deliveries.data?.member}
          rowKey={(d) => d.id}
          totalItems={deliveries.data?.totalItems ?? 0}
          loading={deliveries.isFetching && !deliveries.data}
          emptyMessage={t('empty')}
          page={page}
          pageSize={itemsPerPage}
          sort={null}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setItemsPerPage(size);
            setPage(1);
          }}
          onSortChange={() => {}}
        />
      </Stack>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t('payload.title')}
        size="lg"
        centered
      >
        {shown && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('payload.help', { event: t(`events.${shown.event}`) })}
            </Text>
            <Code block style={{ maxHeight: '60vh', overflow: 'auto' }}>
              {JSON.stringify(shown.payload, null, 2)}
            </Code>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
