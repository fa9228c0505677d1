import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  BANK_STATEMENT_CSV_HEADER,
  type BankStatementResponse,
  TRANSFER_BATCH_STATUSES,
  type TransferBatchResponse,
} from '@reprise/shared';
import { IconBuildingBank, IconFileUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { BatchStatusBadge } from './batch-status';
import { useTransferBatches, useUploadStatement } from './payment-batches.queries';

function useColumns(): DataTableColumn<TransferBatchResponse>[] {
  const { t } = useTranslation('paymentBatches');
  const f = useFormatters();
  return [
    {
      key: 'businessDate',
      header: t('columns.date'),
      sortField: 'businessDate',
      render: (batch) => (
        <Anchor
          component={Link}
          to={`/payment-batches/${batch.id}`}
          size="sm"
          fw={500}
          data-testid="batch-link"
        >
          {f.date(`${batch.businessDate}T12:00:00`)}
        </Anchor>
      ),
    },
    { key: 'sequence', header: t('columns.sequence'), align: 'right', render: (b) => b.sequence },
    { key: 'messageId', header: t('columns.messageId'), truncate: true, render: (b) => b.messageId },
    { key: 'count', header: t('columns.count'), align: 'right', render: (b) => b.paymentsCount },
    {
      key: 'total',
      header: t('columns.total'),
      align: 'right',
      render: (b) => f.money(b.totalCents),
    },
    { key: 'status', header: t('columns.status'), render: (b) => <BatchStatusBadge status={b.status} /> },
  ];
}

/** What an upload answered, or why it was refused. */
function StatementSummary({ summary }: { summary: BankStatementResponse }) {
  const { t } = useTranslation('paymentBatches');
  return (
    <Alert
      color={summary.unmatched.length ? 'yellow' : 'green'}
      role="status"
      data-testid="statement-summary"
    >
      <Text size="sm">
        {t('statement.summary', {
          lines: t('statement.lines', { count: summary.entriesCount }),
          paid: t('statement.paid', { count: summary.paidCount }),
          failed: t('statement.failed', { count: summary.failedCount }),
          reconciled: t('statement.reconciled', { count: summary.reconciledBatchIds.length }),
        })}
      </Text>
      {summary.unmatched.length > 0 && (
        <>
          <Text size="sm" mt="xs" fw={500}>
            {t('statement.unmatched', { count: summary.unmatched.length })}
          </Text>
          <List size="sm">
            {summary.unmatched.map((entry) => (
              <List.Item key={`${entry.line}-${entry.reference}`}>
                {t('statement.unmatchedLine', {
                  line: entry.line,
                  reference: entry.reference ?? '—',
                  reason: t(`unmatchedReasons.${entry.reason}`),
                })}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}

function StatementUpload() {
  const { t } = useTranslation('paymentBatches');
  const upload = useUploadStatement();
  const [file, setFile] = useState<File | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };
  const error = upload.error instanceof ApiError ? translateErrorCode(upload.error.problem.code) : null;
  return (
    <Card withBorder padding="md">
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('statement.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('statement.intro', { header: BANK_STATEMENT_CSV_HEADER })}
          </Text>
          <Group align="flex-end">
            <FileInput
              label={t('statement.file')}
              placeholder={t('statement.placeholder')}
              accept=".csv,.xml,text/csv,application/xml,text/xml"
              value={file}
              onChange={(value) => {
                setFile(value);
                upload.reset();
              }}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              clearable
              w={360}
              data-testid="statement-file"
            />
            <Button type="submit" disabled={!file} loading={upload.isPending} data-testid="statement-upload">
              {t('statement.upload')}
            </Button>
          </Group>
          {error && (
            <Alert color="red" role="alert" data-testid="statement-error">
              {error}
            </Alert>
          )}
          {upload.data && <StatementSummary summary={upload.data} />}
        </Stack>
      </form>
    </Card>
  );
}

/**
 * `/payment-batches` (docs/payments.md): the account's SEPA transfer batches, the latest first
 * (date, sequence, count, total, status), and the upload of a bank statement that settles them.
 */
export function BatchesListPage() {
  const { t } = useTranslation('paymentBatches');
  usePageHeader({
    title: t('list.title'),
    icon: IconBuildingBank,
    breadcrumbs: [{ label: t('breadcrumb') }, { label: t('list.title') }],
  });
  const table = useTableParams({ defaultSort: { field: 'businessDate', direction: 'desc' } });
  const status = table.searchParams.get('status');
  const batches = useTransferBatches({ ...table.query, 'status[]': status ?? undefined });
  const columns = useColumns();
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('list.intro')}
          </Text>
          <Group>
            <Select
              label={t('filters.status')}
              placeholder={t('filters.all')}
              clearable
              data={TRANSFER_BATCH_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
              value={status}
              onChange={(value) => table.setFilter('status', value)}
              w={220}
            />
            {status && <Badge variant="light">{t(`statuses.${status}`)}</Badge>}
          </Group>
          <DataTable
            caption={t('list.caption')}
            columns={columns}
            {...listRows(batches)}
            rowKey={(batch) => batch.id}
            emptyMessage={t('list.empty')}
            {...table.tableProps}
          />
        </Stack>
      </Card>
      <StatementUpload />
    </Stack>
  );
}
