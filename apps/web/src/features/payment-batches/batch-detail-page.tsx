import { Alert, Anchor, Button, Card, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconBuildingBank, IconDownload, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { PaymentStatusBadge } from '../buybacks';
import { BatchStatusBadge } from './batch-status';
import { useDownloadBatchFile, useMarkBatchSent, useTransferBatch } from './payment-batches.queries';

/**
 * `/payment-batches/:id` (docs/payments.md): a batch and its payments (buyback code, customer,
 * masked IBAN, amount, status); its pain.001 file downloaded, and the batch marked sent once the
 * file went to the bank (its payments are then initiated), after a confirmation naming how many
 * transfers for what total: it cannot be undone.
 */
export function BatchDetailPage() {
  const { t } = useTranslation('paymentBatches');
  const { id = '' } = useParams();
  const f = useFormatters();
  const batch = useTransferBatch(id);
  const markSent = useMarkBatchSent(id);
  const download = useDownloadBatchFile();
  const [confirming, setConfirming] = useState(false);
  const data = batch.data;
  usePageHeader({
    title: data ? t('detail.title', { messageId: data.messageId }) : t('detail.loading'),
    icon: IconBuildingBank,
    breadcrumbs: [
      { label: t('breadcrumb') },
      { label: t('list.title'), to: '/payment-batches' },
      { label: t('detail.breadcrumb') },
    ],
  });
  if (!data) return batch.isLoading ? <Loader size="sm" aria-label={t('detail.loading')} /> : null;
  // what the file sends: the batch's transfers that are not cancelled
  const live = data.payments.filter((p) => p.status !== 'payment_cancelled');
  const hasTransfers = live.length > 0;
  const transfers = live.length;
  const transfersTotal = live.reduce((sum, p) => sum + p.amountCents, 0);
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Text fw={500}>
                {t('detail.date', { date: f.date(`${data.businessDate}T12:00:00`), sequence: data.sequence })}
              </Text>
              <BatchStatusBadge status={data.status} />
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => download.mutate(data)}
                loading={download.isPending}
                disabled={!hasTransfers}
                data-testid="batch-download"
              >
                {t('detail.download')}
              </Button>
              {data.status === 'open' && (
                <Button
                  leftSection={<IconSend size={16} aria-hidden />}
                  onClick={() => setConfirming(true)}
                  loading={markSent.isPending}
                  disabled={!hasTransfers}
                  data-testid="batch-mark-sent"
                >
                  {t('detail.markSent')}
                </Button>
              )}
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`detail.help.${data.status}`)}
          </Text>
          <Table variant="vertical" withTableBorder maw={520}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('columns.messageId')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{data.messageId}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('columns.count')}</Table.Th>
                <Table.Td>{data.paymentsCount}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('columns.total')}</Table.Th>
                <Table.Td data-testid="batch-total">{f.money(data.totalCents)}</Table.Td>
              </Table.Tr>
              {data.sentAt && (
                <Table.Tr>
                  <Table.Th>{t('detail.sent')}</Table.Th>
                  <Table.Td>
                    {t('detail.sentBy', { date: f.dateTime(data.sentAt), name: data.sentBy ?? '—' })}
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('detail.confirmSent.title')}
        centered
      >
        <Stack gap="md">
          <Text data-testid="batch-confirm-sent-text">
            {t('detail.confirmSent.text', {
              count: transfers,
              total: f.money(transfersTotal),
              messageId: data.messageId,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('detail.confirmSent.irreversible')}
          </Text>
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('detail.confirmSent.cancel')}
            </Button>
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              loading={markSent.isPending}
              data-testid="batch-confirm-sent"
              onClick={() => markSent.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {t('detail.confirmSent.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Card withBorder padding="md">
        {data.payments.length === 0 ? (
          <Alert color="gray">{t('detail.empty')}</Alert>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label={t('detail.caption')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments.buyback')}</Table.Th>
                  <Table.Th>{t('payments.customer')}</Table.Th>
                  <Table.Th>{t('payments.iban')}</Table.Th>
                  <Table.Th ta="right">{t('payments.amount')}</Table.Th>
                  <Table.Th>{t('payments.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.payments.map((p) => (
                  <Table.Tr key={p.id} data-testid="batch-payment" data-code={p.buybackCode}>
                    <Table.Td>
                      <Anchor component={Link} to={`/buyback/${p.buybackId}`} size="sm">
                        {p.buybackCode}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.customerName}</Table.Td>
                    <Table.Td ff="monospace">{p.ibanMasked ?? '—'}</Table.Td>
                    <Table.Td ta="right">{f.money(p.amountCents)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <PaymentStatusBadge status={p.status} />
                        {p.failureReason && (
                          <Text size="xs" c="red">
                            {p.failureReason}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
