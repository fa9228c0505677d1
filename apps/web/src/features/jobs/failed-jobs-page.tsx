import { ActionIcon, Button, Card, Group, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FailedJobResponse, JOB_QUEUES } from '@reprise/shared';
import { IconAlertTriangle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { useFailedJobAction, useFailedJobs } from './jobs.queries';

type Action = 'retry' | 'discard';

/** What the job was about, in the confirmation: the fields of its data an admin may read. */
function JobData({ job }: { job: FailedJobResponse }) {
  const { t } = useTranslation('jobs');
  return (
    <Stack gap={0}>
      {Object.entries(job.data).map(([field, value]) => (
        <Text key={field} size="sm" style={{ wordBreak: 'break-word' }}>
          <Text span size="sm" c="dimmed">
            {t(`fields.${field}`)}
          </Text>{' '}
          {value}
        </Text>
      ))}
    </Stack>
  );
}

/** The job's data on one line, for the list (its cell shows the whole of it on hover). */
function useSummary() {
  const { t } = useTranslation('jobs');
  return (job: FailedJobResponse) =>
    Object.entries(job.data)
      .map(([field, value]) => `${t(`fields.${field}`)} ${value}`)
      .join(' · ');
}

function useColumns(onAction: (job: FailedJobResponse, action: Action) => void) {
  const { t } = useTranslation('jobs');
  const { can } = useSession();
  const { dateTime } = useFormatters();
  const summary = useSummary();
  const columns: DataTableColumn<FailedJobResponse>[] = [
    { key: 'queue', header: t('columns.queue'), render: (job) => t(`queues.${job.queue}`) },
    { key: 'data', header: t('columns.data'), truncate: true, render: summary },
    { key: 'error', header: t('columns.error'), truncate: true, render: (job) => job.error ?? t('noError') },
    { key: 'attempts', header: t('columns.attempts'), align: 'right', render: (job) => job.attempts },
    { key: 'createdAt', header: t('columns.createdAt'), render: (job) => dateTime(job.createdAt) },
    { key: 'failedAt', header: t('columns.failedAt'), render: (job) => dateTime(job.failedAt) },
  ];
  if (can('job.retry')) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (job) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('retry.button')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('retry.button')}
              onClick={() => onAction(job, 'retry')}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('discard.button')} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('discard.button')}
              onClick={() => onAction(job, 'discard')}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    });
  }
  return columns;
}

/** Asks before a failed job is run again or discarded, and says how it went. */
function ConfirmModal({
  pending,
  onClose,
}: {
  pending: { job: FailedJobResponse; action: Action } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('jobs');
  const act = useFailedJobAction();
  const confirm = () => {
    if (!pending) return;
    const { job, action } = pending;
    act.mutate(
      { id: job.id, action },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t(`${action}.done`) }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404)
            notifications.show({ color: 'orange', message: t('gone') });
          else reportError(error);
        },
        onSettled: onClose,
      },
    );
  };
  const action = pending?.action ?? 'retry';
  return (
    <Modal opened={pending !== null} onClose={onClose} title={t(`${action}.title`)} centered>
      {pending && (
        <Stack gap="md">
          <Text>{t(`${action}.confirm`)}</Text>
          <Stack gap={4}>
            <Text fw={500}>{t(`queues.${pending.job.queue}`)}</Text>
            <JobData job={pending.job} />
            <Text size="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
              {pending.job.error ?? t('noError')}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              color={action === 'discard' ? 'red' : undefined}
              onClick={confirm}
              loading={act.isPending}
              data-autofocus
            >
              {t(`${action}.submit`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** `/admin/jobs` (platform admins): the background jobs whose retries ran out, to run again or discard. */
export function FailedJobsPage() {
  const { t } = useTranslation(['jobs', 'layout']);
  usePageHeader({
    title: t('jobs:title'),
    icon: IconAlertTriangle,
    breadcrumbs: [{ label: t('layout:menu.section.admin') }, { label: t('jobs:title') }],
  });
  const table = useTableParams();
  const queue = table.searchParams.get('queue');
  const jobs = useFailedJobs({ ...table.query, queue });
  const [pending, setPending] = useState<{ job: FailedJobResponse; action: Action } | null>(null);
  const columns = useColumns((job, action) => setPending({ job, action }));

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text c="dimmed">{t('jobs:help')}</Text>
        <Select
          label={t('jobs:filters.queue')}
          placeholder={t('jobs:filters.all')}
          data={JOB_QUEUES.map((value) => ({ value, label: t(`jobs:queues.${value}`) }))}
          value={queue}
          onChange={(value) => table.setFilter('queue', value)}
          clearable
          maw={320}
        />
        <DataTable
          caption={t('jobs:caption')}
          columns={columns}
          {...listRows(jobs)}
          rowKey={(job) => job.id}
          emptyMessage={t('jobs:empty')}
          {...table.tableProps}
        />
      </Stack>
      <ConfirmModal pending={pending} onClose={() => setPending(null)} />
    </Card>
  );
}
